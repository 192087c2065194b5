import { Form } from '@gallop/ui-kit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhoneField } from './form-fields';

function renderPhoneForm(onSubmit = vi.fn()) {
  render(
    <Form onSubmit={onSubmit} defaultValues={{ phone: '' }}>
      <PhoneField name="phone" label="Phone" rules="required|phone" />
      <button type="submit">Send</button>
    </Form>,
  );
  return { onSubmit, input: screen.getByRole('textbox', { name: 'Phone' }) };
}

describe('PhoneField', () => {
  it('takes a national number in the chosen country (Germany, 30 901820)', async () => {
    const { onSubmit, input } = renderPhoneForm();
    await userEvent.click(screen.getByRole('button', { name: /Country: United States/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Germany/ }));
    await userEvent.clear(input);
    await userEvent.type(input, '30 901820');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ phone: '+4930901820' }, expect.anything()),
    );
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    // Opens the country dropdown (react-aria popover, search, flags): slow in a simulated DOM.
  }, 15_000);

  it('shows one message for a bad number: the rule’s, then the library’s', async () => {
    const { onSubmit, input } = renderPhoneForm();
    await userEvent.type(input, '+1 212');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Incorrect phone number')).not.toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, '+1 123 456 7890');
    await userEvent.tab();
    expect(await screen.findByText('Incorrect phone number')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Incorrect phone number');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
