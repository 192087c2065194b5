import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HorseWelfareCard, type HorseWelfareFacts } from './horse-welfare-card';

const organizer: HorseWelfareFacts = {
  rest_days_per_week: 1,
  max_work_hours_per_day: 7,
  turnout: 'herd_pasture',
  vet: { on_call: true, check_weeks: 8 },
  farrier: { on_call: false, every_weeks: 6 },
  weight_policy: {
    text: 'We weigh riders at the stable on the first morning.',
    max_rider_weight_kg: null,
    heavy_rider_weight_kg: null,
  },
  retirement: {
    kind: 'kept_for_life',
    note: 'Our old horses stay on the home pasture with the herd.',
  },
  tour_overrides: [],
};

const meta = {
  title: 'Page pieces/HorseWelfareCard',
  component: HorseWelfareCard,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof HorseWelfareCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On the organizer page: the statement, weight limits left to each tour. */
export const Organizer: Story = {
  args: { welfare: organizer },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Horse welfare' });
    await expect(within(card).getAllByRole('listitem')).toHaveLength(7);
    await expect(within(card).getByText('1 rest day a week')).toBeVisible();
    await expect(within(card).getByText('Rider weight limit set for each tour')).toBeVisible();
    await expect(within(card).queryByText('This tour')).toBeNull();
  },
};

/** On a tour page: the tour's weight limits, and the parts it states differently marked. */
export const TourWithOverrides: Story = {
  args: {
    welfare: {
      ...organizer,
      rest_days_per_week: 2,
      turnout: 'herd_pasture',
      farrier: { on_call: true, every_weeks: null },
      weight_policy: {
        text: 'There are no heavier horses on this crossing, so the limit is firm.',
        max_rider_weight_kg: 85,
        heavy_rider_weight_kg: 85,
      },
      tour_overrides: ['rest_days_per_week', 'weight_policy'],
    },
  },
  play: async ({ canvas }) => {
    const rest = canvas.getByText('2 rest days a week').closest('li')!;
    await expect(rest).toHaveTextContent('This tour');
    await expect(canvas.getAllByText('This tour')).toHaveLength(2);
    await expect(canvas.getByText('Riders up to 85 kg with clothing')).toBeVisible();
    await expect(canvas.getByText('Farrier on call')).toBeVisible();
  },
};

/** Stabled horses, a heavier-horse limit, a vet only on a schedule, retired horses sold. */
export const StabledWithHeavierHorses: Story = {
  args: {
    welfare: {
      ...organizer,
      rest_days_per_week: 0,
      max_work_hours_per_day: 6.5,
      turnout: 'stables',
      vet: { on_call: false, check_weeks: 12 },
      farrier: { on_call: true, every_weeks: 8 },
      weight_policy: { text: null, max_rider_weight_kg: 95, heavy_rider_weight_kg: 110 },
      retirement: { kind: 'sold', note: null },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No set rest day')).toBeVisible();
    await expect(canvas.getByText('At most 6.5 working hours a day')).toBeVisible();
    await expect(canvas.getByText('Vet checks every 12 weeks')).toBeVisible();
    await expect(
      canvas.getByText('Riders up to 95 kg with clothing (up to 110 kg on a heavier horse)'),
    ).toBeVisible();
    await expect(canvas.getByText('Retired horses are sold')).toBeVisible();
  },
};

/** The organizer has not said how its horses are kept. */
export const NotStated: Story = {
  args: { welfare: null },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Horse welfare' });
    await expect(within(card).queryByRole('list')).toBeNull();
    await expect(card).toHaveTextContent('has not yet said how its horses are kept');
  },
};
