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

  it('takes one more thing accepted with the same tick, named last', async () => {
    render(
      <Form onSubmit={vi.fn()} defaultValues={{ terms: false }}>
        <TermsCheckbox
          name="terms"
          termsUrl="/legal/terms"
          privacyUrl="/legal/privacy"
          also="cancellation policy above"
        />
        <button type="submit">Book</button>
      </Form>,
    );
    expect(
      screen.getByRole('checkbox', {
        // The name computation puts a space after a link: a browser shows none.
        name: /^I accept the terms of use\s*, the privacy policy and the cancellation policy above$/,
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(
      await screen.findByText(
        'Please accept the terms of use, the privacy policy and the cancellation policy above',
      ),
    ).toBeInTheDocument();
  });

  // A site whose operator has not published a document asks no one to accept it (decision 169).
  it('leaves a document without its page out of the sentence and the error', async () => {
    render(
      <Form onSubmit={vi.fn()} defaultValues={{ terms: false }}>
        <TermsCheckbox name="terms" privacyUrl="/legal/privacy" also="cancellation policy above" />
        <button type="submit">Book</button>
      </Form>,
    );
    expect(screen.queryByRole('link', { name: 'terms of use' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', {
        name: 'I accept the privacy policy and the cancellation policy above',
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(
      await screen.findByText('Please accept the privacy policy and the cancellation policy above'),
    ).toBeInTheDocument();
  });

  it('is not there when there is nothing to accept, and the form submits', async () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} defaultValues={{ terms: false }}>
        <TermsCheckbox name="terms" termsUrl={undefined} privacyUrl={undefined} />
        <button type="submit">Register</button>
      </Form>,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });
});
