import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SeasonMark } from './season-mark';

const meta = {
  title: 'Booking/SeasonMark',
  component: SeasonMark,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { reasons: ['Hot: 34 °C highs'] },
} satisfies Meta<typeof SeasonMark>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A summer date in a desert: too hot for the horses by day. */
export const Hot: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Poor season:')).toBeVisible();
    await expect(canvas.getByText('Hot: 34 °C highs')).toBeVisible();
  },
};

/** A monsoon date. */
export const Wet: Story = {
  args: { reasons: ['Wet: 180 mm of rain'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Wet: 180 mm of rain')).toBeVisible();
  },
};

/** A winter date on a high steppe. */
export const Cold: Story = {
  args: { reasons: ['Cold: -8 °C highs'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cold: -8 °C highs')).toBeVisible();
  },
};

/** Poor twice over: every reason shows, in words. */
export const HotAndWet: Story = {
  args: { reasons: ['Hot: 95 °F highs', 'Wet: 7.1 in of rain'] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.gk-season-mark')).toHaveTextContent(
      'Poor season: Hot: 95 °F highs · Wet: 7.1 in of rain',
    );
  },
};

/** Its own words before the reasons. */
export const CustomLabel: Story = {
  args: { label: 'Off season', reasons: ['Wet: 160 mm of rain'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Off season:')).toBeVisible();
  },
};

/** A date in a good or fair month: nothing shows. */
export const NoReason: Story = {
  args: { reasons: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.gk-season-mark')).toBeNull();
  },
};
