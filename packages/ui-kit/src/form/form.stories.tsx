import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import { Field, Form } from './form';

const meta = {
  title: 'Forms/Form and Field',
  tags: ['autodocs'],
  component: Form,
  args: { onSubmit: fn(), mode: 'eager', children: null },
  argTypes: {
    mode: { control: 'inline-radio', options: ['eager', 'aggressive', 'passive'] },
    children: { control: false },
  },
  render: (args) => (
    <Form
      {...args}
      defaultValues={{ name: '', email: '', password: '', repeat: '', site: '', guests: '' }}
      style={{ display: 'grid', gap: 16, maxWidth: 420 }}
    >
      <Field name="name" label="Name" rules="required|min:2|max:40" autoComplete="name" />
      <Field name="email" label="E-mail" type="email" rules="required|email" autoComplete="email" />
      <Field name="password" label="Password" type="password" rules="required|min:8" />
      <Field
        name="repeat"
        label="Repeat password"
        type="password"
        rules="required|confirmed:password"
      />
      <Field name="site" label="Website" rules="url" hint="Optional: your stable's page" />
      <Field name="guests" label="Riders" rules={{ required: true, minValue: 1, maxValue: 12 }} />
      <Button theme="primary" type="submit">
        Create account
      </Button>
    </Form>
  ),
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Submit validates every field, shows each one's first failing rule and blocks. */
export const SubmitBlocked: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(canvas.getAllByText('Required field')).toHaveLength(5));
    await expect(canvas.getByLabelText('Name')).toHaveFocus();
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Every rule with its spec message. */
export const RuleMessages: Story = {
  args: { mode: 'aggressive' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText('Name'), 'A');
    await expect(await canvas.findByText('Minimum 2 characters')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('E-mail'), 'rider@');
    await expect(await canvas.findByText('Please enter a valid e-mail')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Password'), 'saddle12');
    await userEvent.type(canvas.getByLabelText('Repeat password'), 'saddle13');
    await expect(await canvas.findByText('Do not match')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Website'), 'gallop');
    await expect(await canvas.findByText('Incorrect url')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Riders'), '14');
    await expect(await canvas.findByText('Maximum 12')).toBeVisible();
  },
};

/** Eager (default): quiet while typing, checks on leaving, then live until fixed. */
export const Eager: Story = {
  play: async ({ canvas }) => {
    const email = canvas.getByLabelText('E-mail');
    await userEvent.type(email, 'rider');
    await expect(canvas.queryByText('Please enter a valid e-mail')).toBeNull();
    await userEvent.tab();
    await expect(await canvas.findByText('Please enter a valid e-mail')).toBeVisible();
    await userEvent.type(email, '@gallop.travel');
    await waitFor(() => expect(canvas.queryByText('Please enter a valid e-mail')).toBeNull());
  },
};

/** Passive: nothing until submit. */
export const Passive: Story = {
  args: { mode: 'passive' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText('Name'), 'A');
    await userEvent.tab();
    await expect(canvas.queryByText('Minimum 2 characters')).toBeNull();
  },
};

/** All rules pass: the values are submitted. */
export const Submitted: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByLabelText('Name'), 'Aigerim');
    await userEvent.type(canvas.getByLabelText('E-mail'), 'aigerim@gallop.travel');
    await userEvent.type(canvas.getByLabelText('Password'), 'steppe-ride');
    await userEvent.type(canvas.getByLabelText('Repeat password'), 'steppe-ride');
    await userEvent.type(canvas.getByLabelText('Riders'), '2');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(1));
  },
};

/** `confirmed:password` is checked again when the password changes, not only when it is typed. */
export const ConfirmedFollowsTheOtherField: Story = {
  play: async ({ canvas }) => {
    const password = canvas.getByLabelText('Password');
    const repeat = canvas.getByLabelText('Repeat password');
    await userEvent.type(password, 'steppe-ride');
    await userEvent.type(repeat, 'steppe-ride');
    await userEvent.tab();
    await expect(repeat).toHaveAttribute('aria-invalid', 'false');
    await userEvent.type(password, 's');
    await expect(await canvas.findByText('Do not match')).toBeVisible();
    await expect(repeat).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(password, '{Backspace}');
    await waitFor(() => expect(canvas.queryByText('Do not match')).toBeNull());
  },
};

/** A server's field errors (a 422's details) show on their fields; the first gets focus. */
export const ServerErrors: Story = {
  args: { errors: { name: 'Choose another name', email: 'This e-mail is already registered' } },
  play: async ({ canvas }) => {
    const name = canvas.getByLabelText('Name');
    await expect(await canvas.findByText('This e-mail is already registered')).toBeVisible();
    await expect(name).toHaveAccessibleDescription('Choose another name');
    await expect(name).toHaveFocus();
    await userEvent.type(name, 'Aigerim');
    await waitFor(() => expect(canvas.queryByText('Choose another name')).toBeNull());
  },
};
