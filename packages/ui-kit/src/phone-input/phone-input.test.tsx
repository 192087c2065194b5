import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Field, Form } from '../form/form';
import { PhoneInput } from './phone-input';

const number = () => screen.getByRole('textbox', { name: 'Phone' });

describe('PhoneInput', () => {
  it('blocks letters and stops at 18 characters', async () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" onChange={onChange} />);
    await userEvent.type(number(), '+1 ab2c12 736');
    expect(number()).toHaveValue('+1 212 736');
    await userEvent.type(number(), ' 3100 1111 2222 3333');
    expect((number() as HTMLInputElement).value).toHaveLength(18);
  });

  it('turns a leading +8 into 8 when the country is Russia', async () => {
    render(<PhoneInput label="Phone" defaultCountry="RU" />);
    await userEvent.type(number(), '+89123456789');
    expect(number()).toHaveValue('89123456789');
  });

  it('shows the mismatch hint and switches country on confirm', async () => {
    const onCountryChange = vi.fn();
    render(<PhoneInput label="Phone" onCountryChange={onCountryChange} />);
    await userEvent.type(number(), '+49 30 901820');
    const hint = await screen.findByText(/This number belongs to Germany/);
    expect(number()).toHaveAccessibleDescription(/This number belongs to Germany/);
    await userEvent.click(within(hint).getByRole('button', { name: 'Confirm' }));
    expect(onCountryChange).toHaveBeenCalledWith('DE');
    expect(screen.queryByText(/This number belongs to/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Country: Germany/ })).toBeInTheDocument();
  });

  it("shows 'Incorrect phone number' after leaving a wrong number", async () => {
    render(<PhoneInput label="Phone" />);
    await userEvent.type(number(), '+1 212');
    expect(screen.queryByText('Incorrect phone number')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Incorrect phone number')).toBeInTheDocument();
    expect(number()).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists only primary countries until a search term is typed, then filters all', async () => {
    render(<PhoneInput label="Phone" />);
    await userEvent.click(screen.getByRole('button', { name: /United States/ }));
    // The dropdown's module loads on this first click.
    const listbox = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    const primary = within(listbox).getAllByRole('option');
    expect(primary.map((option) => option.textContent)).toContain('Germany+49');
    expect(primary.map((option) => option.textContent)).not.toContain('Mongolia+976');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search country' }), 'mong');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: /Mongolia/ })).toBeInTheDocument();
    // The empty field starts with the chosen calling code.
    expect(number()).toHaveValue('+976');
    // Opens the country dropdown (react-aria popover, search, flags): slow in a simulated DOM.
  }, 15_000);

  it('opens the country list from the keyboard, its module loading on demand', async () => {
    render(<PhoneInput label="Phone" />);
    const trigger = screen.getByRole('button', { name: 'Country: United States, US +1' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox', {}, { timeout: 10_000 });
    expect(screen.getByRole('searchbox', { name: 'Search country' })).toHaveFocus();
  }, 15_000);

  // The first open swaps the stand-in button for the loaded dropdown (decision 119): closing the
  // list must give focus back to the button that is there now, not to the removed stand-in.
  it('gives focus back to the country button when the first-opened list closes with Escape', async () => {
    render(<PhoneInput label="Phone" />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Country: United States/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search country' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Country: United States/ })).toHaveFocus(),
    );
    expect(document.body).not.toHaveFocus();
  }, 15_000);

  it('gives focus back to the country button after choosing from the first-opened list', async () => {
    render(<PhoneInput label="Phone" />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search country' })).toHaveFocus(),
    );
    await userEvent.keyboard('germ{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Country: Germany/ })).toHaveFocus(),
    );
  }, 15_000);

  it('uses the ru list for the ru locale', async () => {
    render(<PhoneInput label="Phone" locale="ru" defaultCountry="RU" />);
    expect(screen.getByRole('button', { name: /Россия/ })).toBeInTheDocument();
  });

  it('plugs into Field: the phone rule and submit blocking', async () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} defaultValues={{ phone: '' }}>
        <Field
          name="phone"
          label="Phone"
          rules="required|phone"
          render={(control) => (
            <PhoneInput {...control} value={String(control.value ?? '')} validate={false} />
          )}
        />
        <button type="submit">Send</button>
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '+1 212');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(input, ' 736 3100');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    // The form keeps the number in international form (E.164), whatever spacing was typed.
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ phone: '+12127363100' }, expect.anything()),
    );
  });

  it('reads a national number in the chosen country', async () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" defaultCountry="DE" onChange={onChange} />);
    await userEvent.type(number(), '30 901820');
    await userEvent.tab();
    expect(number()).toHaveValue('30 901820');
    expect(onChange).toHaveBeenLastCalledWith('+4930901820');
    expect(screen.queryByText('Incorrect phone number')).not.toBeInTheDocument();
    expect(screen.queryByText(/This number belongs to/)).not.toBeInTheDocument();
    expect(number()).not.toHaveAttribute('aria-invalid');
  });

  it('hints at another country only when the typed number says so', async () => {
    render(<PhoneInput label="Phone" defaultCountry="DE" />);
    await userEvent.type(number(), '+49 30 901820');
    expect(screen.queryByText(/This number belongs to/)).not.toBeInTheDocument();
    await userEvent.clear(number());
    await userEvent.type(number(), '+33 1 42 68 53 00');
    expect(await screen.findByText(/This number belongs to France/)).toBeInTheDocument();
  });

  it('reads the number again when the country changes, and counts a bare calling code as empty', async () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" onChange={onChange} />);
    await userEvent.type(number(), '030 901820');
    expect(onChange).toHaveBeenLastCalledWith('030 901820');
    await userEvent.click(screen.getByRole('button', { name: /United States/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Germany/ }));
    expect(onChange).toHaveBeenLastCalledWith('+4930901820');
    await userEvent.clear(number());
    await userEvent.type(number(), '+49');
    expect(onChange).toHaveBeenLastCalledWith('');
    // Opens the country dropdown (react-aria popover, search, flags): slow in a simulated DOM.
  }, 15_000);

  it('shows a value set from outside as it is', () => {
    const { rerender } = render(<PhoneInput label="Phone" value="+4930901820" />);
    expect(number()).toHaveValue('+4930901820');
    rerender(<PhoneInput label="Phone" value="" />);
    expect(number()).toHaveValue('');
  });

  it('shows the flag of the chosen country from the flags path', async () => {
    const { container } = render(<PhoneInput label="Phone" defaultCountry="DE" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/flags/1x1/de.svg');
    const { container: other } = render(
      <PhoneInput label="Other phone" flagsPath="/static/flags/" defaultCountry="GB" />,
    );
    expect(other.querySelector('img')).toHaveAttribute('src', '/static/flags/gb.svg');
    const { container: none } = render(<PhoneInput label="No flags" flagsPath={null} />);
    expect(none.querySelector('img')).toBeNull();
  });

  it('says one thing about a bad number inside a field: the field’s message', async () => {
    render(
      <Form onSubmit={vi.fn()} defaultValues={{ phone: '' }}>
        <Field
          name="phone"
          label="Phone"
          rules="required|phone"
          render={({ ref, ...control }) => (
            <PhoneInput {...control} inputRef={ref} value={String(control.value ?? '')} />
          )}
        />
        <button type="submit">Send</button>
      </Form>,
    );
    await userEvent.type(number(), '+1 212');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Incorrect phone number')).not.toBeInTheDocument();
  });

  it('points ref at its root and inputRef at the number input', () => {
    const ref = createRef<HTMLDivElement>();
    const inputRef = createRef<HTMLInputElement>();
    render(<PhoneInput label="Phone" ref={ref} inputRef={inputRef} id="phone" />);
    expect(ref.current).toHaveClass('gk-phone-input');
    expect(inputRef.current).toBe(number());
    expect(number()).toHaveAttribute('id', 'phone');
  });

  it('lets a form focus it as the first invalid field through inputRef', async () => {
    render(
      <Form onSubmit={vi.fn()} defaultValues={{ phone: '' }}>
        <Field
          name="phone"
          label="Phone"
          rules="required"
          render={(control) => (
            <PhoneInput
              id={control.id}
              value={String(control.value ?? '')}
              onChange={control.onChange}
              inputRef={control.ref}
            />
          )}
        />
        <button type="submit">Send</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(number()).toHaveFocus());
  });
});
