import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Rating } from './rating';
import { RatingIndicator } from './rating-indicator';

const meta = {
  title: 'Basics/Rating',
  component: Rating,
  tags: ['autodocs'],
  args: { label: 'How was your ride?', onChange: fn() },
} satisfies Meta<typeof Rating>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Five named levels; arrow keys move between them. */
export const Input: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Fair' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Good' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
  },
};

export const WithValue: Story = {
  args: { defaultValue: 5 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Excellent' })).toBeChecked();
  },
};

/** The read-only indicator, 4 by default. */
export const Indicator: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <RatingIndicator />
      <RatingIndicator value={4.6} showValue />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rated 4 out of 5: Good' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Rated 4.6 out of 5: Excellent' })).toBeVisible();
  },
};
