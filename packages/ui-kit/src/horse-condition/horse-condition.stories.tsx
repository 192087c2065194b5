import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { HorseConditionScore } from './horse-condition';

const meta = {
  title: 'Riding/HorseConditionScore',
  component: HorseConditionScore,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { rating: 4.6, count: 23 },
  argTypes: {
    rating: { control: { type: 'number', min: 1, max: 5, step: 0.1 } },
    count: { control: { type: 'number', min: 0 } },
  },
} satisfies Meta<typeof HorseConditionScore>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Many riders rated the horses. */
export const Rated: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Horse condition')).toBeVisible();
    await expect(canvas.getByText('4.6')).toBeVisible();
    await expect(
      canvas.getByRole('img', { name: 'Horse condition 4.6 out of 5: Thriving' }),
    ).toBeVisible();
    await expect(canvas.getByText('from 23 riders')).toBeVisible();
  },
};

/** One rider's rating so far. */
export const OneRider: Story = {
  args: { rating: 3, count: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('from 1 rider')).toBeVisible();
    await expect(
      canvas.getByRole('img', { name: 'Horse condition 3.0 out of 5: Sound' }),
    ).toBeVisible();
  },
};

/** Nobody rated the horses yet: nothing shows. */
export const NotRated: Story = {
  args: { rating: null, count: 0 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.gk-horse-condition')).toBeNull();
  },
};
