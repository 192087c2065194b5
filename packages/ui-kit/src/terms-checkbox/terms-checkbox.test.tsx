import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Form } from '../form/form';
import { TermsCheckbox } from './terms-checkbox';

function Signup({ onSubmit }: { onSubmit: () => void }) {
  return (
    <Form onSubmit={onSubmit} defaultValues={{ terms: false }}>
      <TermsCheckbox name="terms" termsUrl="/legal/terms" privacyUrl="/legal/privacy" />
      <button type="submit">Register</button>
    </Form>
  );
}

describe('TermsCheckbox', () => {
  it('links the terms and the privacy policy', () => {
    render(<Signup onSubmit={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '/legal/terms',
    );
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/legal/privacy',
    );
    expect(
      screen.getByRole('checkbox', { name: /I accept the terms of use and the privacy policy/ }),
    ).not.toBeChecked();
  });

  it('is required: submit is blocked until it is ticked', async () => {
    const onSubmit = vi.fn();
    render(<Signup onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Please accept the terms of use and the privacy policy'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ terms: true }, expect.anything()));
  });

  it('takes one more thing accepted with the same tick', () => {
    render(
      <Form onSubmit={vi.fn()} defaultValues={{ terms: false }}>
        <TermsCheckbox
          name="terms"
          termsUrl="/legal/terms"
          privacyUrl="/legal/privacy"
          also=", and the cancellation policy above"
        />
      </Form>,
    );
    expect(
      screen.getByRole('checkbox', {
        name: /^I accept the terms of use and the privacy policy\s*, and the cancellation policy above$/,
      }),
    ).toBeInTheDocument();
  });
});
