import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  RideProfile,
  rideProfileSummary,
  ridingDayLine,
  formatClimb,
  formatDistance,
  type RideProfileDay,
} from './ride-profile';

const days: RideProfileDay[] = [
  { day: 1, hours: 1.5, distanceKm: 8, ascentM: null, overnight: 'Ger camp near Ulaanbaatar' },
  { day: 2, hours: 6.5, distanceKm: 36, ascentM: 120 },
  { day: 3, hours: 7, distanceKm: 38 },
  { day: 4, restDay: true, hours: null, distanceKm: null, overnight: 'Ger camp by the lake' },
  { day: 5, hours: 7, distanceKm: 40 },
  { day: 6, hours: null, distanceKm: null },
];

describe('rideProfileSummary', () => {
  it('adds up the riding days and takes the longest by hours, then by distance', () => {
    const summary = rideProfileSummary(days);
    expect(summary).toMatchObject({ totalKm: 122, totalHours: 22, ridingDays: 4, restDays: 1 });
    expect(summary.longest?.day).toBe(5);
  });

  it('has no longest day without numbers', () => {
    expect(rideProfileSummary([{ day: 1, hours: null, distanceKm: null }]).longest).toBeNull();
  });
});

describe('ridingDayLine', () => {
  it('says a day in one line, the climb only where it matters', () => {
    expect(ridingDayLine({ day: 2, hours: 5, distanceKm: 28, ascentM: 400, overnight: 'X' })).toBe(
      '5 h in the saddle · 28 km · ↑ 400 m · overnight: X',
    );
    expect(ridingDayLine(days[0]!)).toBe(
      '1.5 h in the saddle · 8 km · overnight: Ger camp near Ulaanbaatar',
    );
  });

  it('says miles and feet to a reader of the imperial units', () => {
    expect(ridingDayLine({ day: 2, hours: 5, distanceKm: 28, ascentM: 400 }, 'imperial')).toBe(
      '5 h in the saddle · 17.4 mi · ↑ 1,312 ft',
    );
    expect(formatDistance(138, 'imperial')).toBe('85.7 mi');
    // Whole units round the distance itself, not its tenth: 24.46 km is 24 km, 15.2 mi is 15 mi.
    expect(formatDistance(24.46, 'metric', { whole: true })).toBe('24 km');
    expect(formatDistance(24.46, 'imperial', { whole: true })).toBe('15 mi');
    expect(formatClimb(1200)).toBe('1,200 m');
  });

  it('says "Rest day" on a rest day, and nothing on a day without numbers', () => {
    expect(ridingDayLine(days[3]!)).toBe('Rest day · overnight: Ger camp by the lake');
    expect(ridingDayLine(days[5]!)).toBeNull();
  });
});

describe('RideProfile', () => {
  it('names the bars and totals in miles and feet for the imperial units', () => {
    render(<RideProfile days={days} units="imperial" />);
    const items = within(screen.getByRole('list', { name: 'Riding day by day' })).getAllByRole(
      'listitem',
    );
    expect(items[1]!.getAttribute('aria-label')).toBe(
      'Day 2: 6.5 h in the saddle, 22.4 mi, 394 ft of climbing',
    );
    expect(screen.getByText('Total distance').nextElementSibling).toHaveTextContent(/ mi$/);
  });

  it('draws a named bar per day scaled by hours, rest and unknown days included', () => {
    const { container } = render(<RideProfile days={days} />);
    const items = within(screen.getByRole('list', { name: 'Riding day by day' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Day 1: 1.5 h in the saddle, 8 km',
      'Day 2: 6.5 h in the saddle, 36 km, 120 m of climbing',
      'Day 3: 7 h in the saddle, 38 km',
      'Day 4: rest day',
      'Day 5: 7 h in the saddle, 40 km',
      'Day 6: no riding numbers',
    ]);
    const heights = [...container.querySelectorAll<HTMLElement>('.gk-ride-profile__bar')].map(
      (bar) => bar.style.height,
    );
    expect(heights).toEqual([
      '21.428571428571427%',
      '92.85714285714286%',
      '100%',
      '0%',
      '100%',
      '0%',
    ]);
    expect(items[4]).toHaveClass('gk-ride-profile__day--longest');
    expect(items[2]).not.toHaveClass('gk-ride-profile__day--longest');
    expect(items[3]).toHaveClass('gk-ride-profile__day--rest');
  });

  it('scales by distance when asked', () => {
    const { container } = render(<RideProfile days={days} scaleBy="distance" />);
    const bars = [...container.querySelectorAll<HTMLElement>('.gk-ride-profile__bar')];
    expect(bars[4]!.style.height).toBe('100%');
    expect(bars[2]!.style.height).toBe('95%');
  });

  it('sums up the distance, the hours, the longest day and the rest days', () => {
    render(<RideProfile days={days} />);
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Total distance')).toBe('122 km');
    expect(value('In the saddle')).toBe('22 h');
    expect(value('Longest day')).toBe('Day 5 · 7 h · 40 km');
    expect(value('Rest days')).toBe('1');
  });

  it('shows a note instead of bars when no day has numbers', () => {
    render(<RideProfile days={[{ day: 1, hours: null, distanceKm: null }]} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('figure', { name: 'Riding day by day' })).toHaveTextContent(
      'The organizer has not given the riding numbers',
    );
  });
});
