import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HorseWelfareCard, horseWelfareItems, type HorseWelfareFacts } from './horse-welfare-card';

const welfare: HorseWelfareFacts = {
  rest_days_per_week: 2,
  max_work_hours_per_day: 7,
  turnout: 'herd_daytime',
  vet: { on_call: true, check_weeks: null },
  farrier: { on_call: true, every_weeks: 6 },
  weight_policy: {
    text: 'Weighed on arrival.',
    max_rider_weight_kg: 90,
    heavy_rider_weight_kg: 105,
  },
  retirement: { kind: 'rehomed', note: 'To families we know.' },
  tour_overrides: ['max_work_hours_per_day'],
};

describe('HorseWelfareCard', () => {
  it('lists every commitment as a short label, in order, under its accessible name', () => {
    render(<HorseWelfareCard welfare={welfare} />);
    const card = screen.getByRole('region', { name: 'Horse welfare' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Horse welfare');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 rest days a week',
      'At most 7 working hours a day, This tour',
      'In a herd by day, stabled at night',
      'Vet on call',
      'Farrier every 6 weeks and on call',
      'Riders up to 90\u00a0kg with clothing (up to 105\u00a0kg on a heavier horse)Weighed on arrival.',
      'Retired horses are rehomedTo families we know.',
    ]);
  });

  it('says so when the organizer has not stated it', () => {
    render(<HorseWelfareCard welfare={null} title="How the horses are kept" headingLevel={2} />);
    const card = screen.getByRole('region', { name: 'How the horses are kept' });
    expect(within(card).queryByRole('list')).toBeNull();
    expect(card).toHaveTextContent('has not yet said how its horses are kept');
    expect(within(card).getByRole('heading', { level: 2 })).toBeInTheDocument();
  });

  it('words the edges: one rest day, none, half hours, a vet and farrier on a schedule only', () => {
    const labels = (change: Partial<HorseWelfareFacts>) =>
      horseWelfareItems({ ...welfare, ...change }).map((item) => item.label);
    expect(labels({ rest_days_per_week: 1 })[0]).toBe('1 rest day a week');
    expect(labels({ rest_days_per_week: 0 })[0]).toBe('No set rest day');
    expect(labels({ max_work_hours_per_day: 6.5 })[1]).toBe('At most 6.5 working hours a day');
    expect(labels({ vet: { on_call: false, check_weeks: 1 } })[3]).toBe('Vet checks every week');
    expect(labels({ vet: { on_call: false, check_weeks: null } })[3]).toBe('Vet when needed');
    expect(labels({ farrier: { on_call: false, every_weeks: 8 } })[4]).toBe(
      'Farrier every 8 weeks',
    );
    expect(
      labels({
        weight_policy: { text: null, max_rider_weight_kg: 85, heavy_rider_weight_kg: 85 },
      })[5],
    ).toBe('Riders up to 85\u00a0kg with clothing');
  });

  it('writes limits in pounds as the most a rider may type within them', () => {
    const policy = { text: null, max_rider_weight_kg: 95, heavy_rider_weight_kg: 110 };
    // 110 kg is 242.5 lb, but a rider typing 243 lb is kept as 110.2 kg: above it.
    expect(horseWelfareItems({ ...welfare, weight_policy: policy }, 'lb')[5]!.label).toBe(
      'Riders up to 209\u00a0lb with clothing (up to 242\u00a0lb on a heavier horse)',
    );
  });
});
