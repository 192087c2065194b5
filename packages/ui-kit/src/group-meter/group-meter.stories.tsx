import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GroupMeter } from './group-meter';

const meta = {
  title: 'Booking/GroupMeter',
  component: GroupMeter,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { booked: 3, minimum: 4, decisionDate: '2027-03-12' },
  argTypes: {
    booked: { control: { type: 'number', min: 0 } },
    minimum: { control: { type: 'number', min: 1 } },
  },
} satisfies Meta<typeof GroupMeter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One rider short, with the day the organizer decides. */
export const OneMore: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('3 of 4 riders booked; guaranteed when one more books'),
    ).toBeVisible();
    await expect(canvas.getByText('The organizer decides by 12 Mar 2027')).toBeVisible();
  },
};

/** Several riders short, no decision day. */
export const SeveralMore: Story = {
  args: { booked: 1, minimum: 6, decisionDate: null },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('1 of 6 riders booked; guaranteed when 5 more book'),
    ).toBeVisible();
    await expect(canvas.queryByText(/The organizer decides/)).toBeNull();
  },
};

/** The decision day has passed without the minimum: the organizer answers each request. */
export const AfterTheDecisionDay: Story = {
  args: { booked: 2, minimum: 4, decisionDate: null, note: 'The organizer confirms each request' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The organizer confirms each request')).toBeVisible();
    await expect(canvas.queryByText(/The organizer decides/)).toBeNull();
  },
};

/** Nobody booked yet. */
export const Empty: Story = {
  args: { booked: 0, minimum: 2, decisionDate: null },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('0 of 2 riders booked; guaranteed when 2 more book'),
    ).toBeVisible();
  },
};

/** The minimum reached: the date is guaranteed. */
export const Reached: Story = {
  args: { booked: 4, minimum: 4, decisionDate: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('4 of 4 riders booked; guaranteed')).toBeVisible();
  },
};

/** A large group draws one bar instead of a place per rider. */
export const LargeGroup: Story = {
  args: { booked: 14, minimum: 20, decisionDate: '2027-05-01' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('14 of 20 riders booked; guaranteed when 6 more book'),
    ).toBeVisible();
    await expect(canvas.getByText('The organizer decides by 1 May 2027')).toBeVisible();
  },
};
