import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RideProfile, type RideProfileDay } from './ride-profile';

const ride = (
  day: number,
  hours: number,
  distanceKm: number,
  ascentM: number | null = null,
): RideProfileDay => ({ day, hours, distanceKm, ascentM, overnight: `Camp ${day}` });
const rest = (day: number): RideProfileDay => ({
  day,
  restDay: true,
  hours: null,
  distanceKm: null,
  overnight: 'Camp 5',
});

/** A Mongolian steppe crossing: long days, one rest day. */
const STEPPE: RideProfileDay[] = [
  ride(1, 1.5, 8),
  ride(2, 6.5, 36),
  ride(3, 7, 39),
  ride(4, 6, 33),
  ride(5, 6.5, 35),
  rest(6),
  ride(7, 6, 31),
  ride(8, 2, 10),
];

const meta = {
  title: 'Rider fit/RideProfile',
  component: RideProfile,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    days: [ride(1, 1.5, 7, 120), ride(2, 5, 24, 650), ride(3, 5.5, 26, 820), ride(4, 2, 9, 140)],
  },
  argTypes: { days: { control: false } },
  render: (args) => (
    <div style={{ maxWidth: 640 }}>
      <RideProfile {...args} />
    </div>
  ),
} satisfies Meta<typeof RideProfile>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mountain days with climbs: a bar per day, the longest darker, the totals below. */
export const Normal: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Riding day by day' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(
      canvas.getByRole('listitem', {
        name: 'Day 3: 5.5 h in the saddle, 26 km, 820 m of climbing',
      }),
    ).toBeVisible();
    await expect(canvas.getByText('Total distance').nextElementSibling).toHaveTextContent('66 km');
    await expect(canvas.getByText('In the saddle').nextElementSibling).toHaveTextContent('14 h');
    await expect(canvas.getByText('Longest day').nextElementSibling).toHaveTextContent(
      'Day 3 · 5.5 h · 26 km',
    );
  },
};

/** A long ride with a rest day: the rest day keeps its place, drawn as a dashed stub. */
export const WithRestDays: Story = {
  args: { days: STEPPE },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(8);
    const restDay = canvas.getByRole('listitem', { name: 'Day 6: rest day' });
    await expect(restDay).toHaveTextContent('Rest');
    await expect(canvas.getByText('Rest days').nextElementSibling).toHaveTextContent('1');
    await expect(canvas.getByText('Total distance').nextElementSibling).toHaveTextContent('192 km');
    await expect(canvas.getByText('Longest day').nextElementSibling).toHaveTextContent(
      'Day 3 · 7 h · 39 km',
    );
  },
};

/** Bars scaled by distance instead of hours. */
export const ByDistance: Story = {
  args: { days: STEPPE, scaleBy: 'distance' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('listitem', { name: /^Day 3: 7 h/ })).toHaveTextContent('39');
  },
};

/** A one-day ride: one bar, which is also the longest day. */
export const SingleDay: Story = {
  args: { days: [ride(1, 2.5, 13)] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.getByText('Longest day').nextElementSibling).toHaveTextContent(
      'Day 1 · 2.5 h · 13 km',
    );
  },
};

/** No day has numbers yet: a short note instead of empty bars. */
export const NoData: Story = {
  args: {
    days: [
      { day: 1, hours: null, distanceKm: null },
      { day: 2, hours: null, distanceKm: null },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(
      canvas.getByText('The organizer has not given the riding numbers for these days.'),
    ).toBeVisible();
  },
};
