import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import { Form } from '../form/form';
import { TermsCheckbox } from './terms-checkbox';

const meta = {
  title: 'Forms/TermsCheckbox',
  tags: ['autodocs'],
  component: TermsCheckbox,
  args: { name: 'terms', termsUrl: '#terms', privacyUrl: '#privacy' },
  render: (args, { parameters }) => (
    <Form
      onSubmit={parameters.onSubmit as () => void}
      defaultValues={{ terms: false }}
      style={{ display: 'grid', gap: 16, maxWidth: 420 }}
    >
      <TermsCheckbox {...args} />
      <Button theme="primary" type="submit">
        Register
      </Button>
    </Form>
  ),
} satisfies Meta<typeof TermsCheckbox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Required: submitting unticked shows the error and blocks; ticking lets it through. */
export const Required: Story = {
  parameters: { onSubmit: fn() },
  play: async ({ canvas, parameters }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(await canvas.findByText(/Please accept the terms/)).toBeVisible();
    await expect(parameters.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(parameters.onSubmit).toHaveBeenCalled());
  },
};

export const Links: Story = {
  parameters: { onSubmit: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '#terms',
    );
    await expect(canvas.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '#privacy',
    );
  },
};

/** At checkout: the tour's cancellation policy is accepted with the same tick, named last. */
export const WithCancellationPolicy: Story = {
  args: { also: 'cancellation policy above' },
  parameters: { onSubmit: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleName(/cancellation policy above$/);
  },
};

/** A site without published terms: only the privacy policy is asked for and linked. */
export const TermsNotPublished: Story = {
  args: { termsUrl: undefined },
  parameters: { onSubmit: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: 'terms of use' })).toBeNull();
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleName('I accept the privacy policy');
  },
};
