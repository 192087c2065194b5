import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CancellationPolicy } from './cancellation-policy';

const meta = {
  title: 'Page pieces/CancellationPolicy',
  component: CancellationPolicy,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CancellationPolicy>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On the tour page and at checkout: the tiers alone. */
export const Moderate: Story = {
  args: {
    title: 'Moderate',
    lines: [
      '30 days or more before the start: 100% of what you paid back',
      '14–29 days before the start: 50% of what you paid back',
      'Less than 14 days before the start: no refund',
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

/** On a booking: what cancelling today gives back, under the tiers. */
export const WithRefundToday: Story = {
  args: {
    title: 'Flexible',
    lines: [
      '14 days or more before the start: 100% of what you paid back',
      '3–13 days before the start: 50% of what you paid back',
      'Less than 3 days before the start: no refund',
    ],
    footer: 'If you cancel today you get back €1,395.00 of the €1,395.00 you paid.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/If you cancel today/)).toBeInTheDocument();
  },
};
