import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Field, Form, useFormFields, type FieldMode } from './form';

function SignUp({ onSubmit = vi.fn(), mode }: { onSubmit?: () => void; mode?: FieldMode }) {
  return (
    <Form
      onSubmit={onSubmit}
      mode={mode}
      defaultValues={{ email: '', password: '', repeat: '', terms: false }}
    >
      <Field name="email" label="E-mail" rules="required|email" />
      <Field name="password" label="Password" type="password" rules="required|min:6" />
      <Field name="repeat" label="Repeat password" type="password" rules="confirmed:password" />
      <Field name="terms" label="I accept" type="checkbox" rules={{ required: true }} />
      <button type="submit">Sign up</button>
    </Form>
  );
}

describe('Form', () => {
  it('validates every field on submit, shows each first error and blocks the submit', async () => {
    const onSubmit = vi.fn();
    render(<SignUp onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(3);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Required field');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the focus in the field while the submit button is pressed, then shows every error', async () => {
    // Leaving a field validates it; its message must not move the button from under the press.
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SignUp onSubmit={onSubmit} />);
    const email = screen.getByLabelText('E-mail');
    await user.type(email, 'not-an-email');
    const button = screen.getByRole('button', { name: 'Sign up' });
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('I accept')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values once every rule passes', async () => {
    const onSubmit = vi.fn();
    render(<SignUp onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'rider@gallop.travel');
    await userEvent.type(screen.getByLabelText('Password'), 'saddle1');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'saddle1');
    await userEvent.click(screen.getByLabelText('I accept'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      email: 'rider@gallop.travel',
      password: 'saddle1',
      repeat: 'saddle1',
      terms: true,
    });
  });

  it('confirmed fails when the two fields differ', async () => {
    render(<SignUp />);
    await userEvent.type(screen.getByLabelText('Password'), 'saddle1');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'saddle2');
    await userEvent.tab();
    expect(await screen.findByText('Do not match')).toBeInTheDocument();
  });

  it('re-checks confirmed when the other field changes', async () => {
    render(<SignUp />);
    const password = screen.getByLabelText('Password');
    const repeat = screen.getByLabelText('Repeat password');
    await userEvent.type(password, 'saddle1');
    await userEvent.type(repeat, 'saddle1');
    await userEvent.tab();
    expect(repeat).toHaveAttribute('aria-invalid', 'false');
    // Changing the password alone now makes the repeat fail ...
    await userEvent.type(password, '2');
    await waitFor(() => expect(repeat).toHaveAttribute('aria-invalid', 'true'));
    expect(repeat).toHaveAccessibleDescription('Do not match');
    // ... and fixing the password alone clears it.
    await userEvent.type(password, '{Backspace}');
    await waitFor(() => expect(repeat).toHaveAttribute('aria-invalid', 'false'));
    expect(screen.queryByText('Do not match')).toBeNull();
  });

  it('does not flag an untouched confirmed field while the other field is typed', async () => {
    render(<SignUp />);
    await userEvent.type(screen.getByLabelText('Password'), 'saddle1');
    expect(screen.getByLabelText('Repeat password')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Do not match')).toBeNull();
  });

  it('passive: a confirmed field waits for submit even when the other field changes', async () => {
    render(<SignUp mode="passive" />);
    await userEvent.type(screen.getByLabelText('Password'), 'saddle1');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'saddle1');
    await userEvent.type(screen.getByLabelText('Password'), '2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Do not match')).toBeNull();
  });

  it('eager: validates on leaving the field, then on every change while invalid', async () => {
    render(<SignUp mode="eager" />);
    const email = screen.getByLabelText('E-mail');
    await userEvent.type(email, 'rider');
    expect(screen.queryByText('Please enter a valid e-mail')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid e-mail')).toBeInTheDocument();
    await userEvent.type(email, '@gallop.travel');
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid e-mail')).not.toBeInTheDocument(),
    );
    // Valid again: back to lazy, a new mistake waits for blur.
    await userEvent.type(email, ' x');
    expect(screen.queryByText('Please enter a valid e-mail')).not.toBeInTheDocument();
  });

  it('aggressive: validates on every change', async () => {
    render(<SignUp mode="aggressive" />);
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText('Minimum 6 characters')).toBeInTheDocument();
  });

  it('passive: waits for submit', async () => {
    render(<SignUp mode="passive" />);
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.tab();
    expect(screen.queryByText('Minimum 6 characters')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Minimum 6 characters')).toBeInTheDocument();
  });

  it('shows custom messages before form messages and defaults', async () => {
    render(
      <Form onSubmit={vi.fn()} messages={{ required: 'Form says required', min: 'Form min' }}>
        <Field name="a" label="A" rules="required" messages={{ required: 'Field says required' }} />
        <Field name="b" label="B" rules="required" />
        <Field name="c" label="C" rules="min:4|email" mode="aggressive" />
        <button type="submit">Go</button>
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('C'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Field says required')).toBeInTheDocument();
    expect(screen.getByText('Form says required')).toBeInTheDocument();
    expect(screen.getByText('Form min')).toBeInTheDocument();
  });

  it('logs an error for a field without a name', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Form onSubmit={vi.fn()}>
        <Field name="" label="Nameless" />
      </Form>,
    );
    expect(error).toHaveBeenCalledWith(expect.stringContaining('has no `name`'));
    expect(screen.getByLabelText('Nameless')).toBeInTheDocument();
  });

  it('passes the wiring to a custom control through render', async () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} defaultValues={{ guests: 0 }}>
        <Field
          name="guests"
          rules="minValue:1"
          render={(control) => (
            <button
              type="button"
              aria-invalid={control['aria-invalid']}
              onClick={() => control.onChange(Number(control.value) + 1)}
            >
              Add guest
            </button>
          )}
        />
        <button type="submit">Book</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Minimum 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add guest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ guests: 1 }, expect.anything()));
  });

  it('shows errors from the server on their fields until each validates again', async () => {
    const serverErrors = { email: 'This e-mail is taken', password: 'Too common' };
    render(
      <Form onSubmit={vi.fn()} errors={serverErrors} defaultValues={{ email: '', password: '' }}>
        <Field name="email" label="E-mail" rules="required|email" />
        <Field name="password" label="Password" type="password" rules="required|min:6" />
      </Form>,
    );
    const email = screen.getByLabelText('E-mail');
    expect(await screen.findByText('This e-mail is taken')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This e-mail is taken');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Too common');
    await userEvent.type(email, 'rider@gallop.travel');
    await waitFor(() => expect(screen.queryByText('This e-mail is taken')).toBeNull());
    expect(screen.getByText('Too common')).toBeInTheDocument();
  });
});

describe('useFormFields', () => {
  function CopyForm({ onSubmit }: { onSubmit: (values: unknown) => void }) {
    return (
      <Form onSubmit={onSubmit} defaultValues={{ contact: '', rider: '' }}>
        <Field name="contact" label="Contact" />
        <Field name="rider" label="Rider" rules="required" />
        <CopyButton />
        <button type="submit">Send</button>
      </Form>
    );
  }
  function CopyButton() {
    const fields = useFormFields();
    return (
      <button type="button" onClick={() => fields.set('rider', fields.get('contact'))}>
        Copy
      </button>
    );
  }

  it('copies one field into another, clearing its error, and submits the copy', async () => {
    const onSubmit = vi.fn();
    render(<CopyForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Contact'), 'Ann Rider');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByLabelText('Rider')).toHaveValue('Ann Rider');
    await waitFor(() => expect(screen.queryByText('Required field')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ contact: 'Ann Rider', rider: 'Ann Rider' });
  });
});
