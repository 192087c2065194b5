import { describe, expect, it } from 'vitest';
import {
  nextRefundChange,
  POLICY_NAMES,
  POLICY_TIERS,
  policyLines,
  refundDeadlines,
  refundDeadlinesLine,
  refundPercent,
  tiersOfBooking,
  travellerRefund,
  type CancellationTier,
} from './cancellation-policy';

const moderate = POLICY_TIERS.moderate;

/**
 * The presets and odd tiers: a share named twice, one on the start day, one that rises, two that
 * round alike.
 */
const EVERY_POLICY: readonly (readonly CancellationTier[])[] = [
  ...POLICY_NAMES.map((name) => POLICY_TIERS[name]),
  [
    { days_before: 10, refund_percent: 80 },
    { days_before: 7, refund_percent: 80 },
    { days_before: 2, refund_percent: 1 },
  ],
  [{ days_before: 0, refund_percent: 100 }],
  [
    { days_before: 20, refund_percent: 30 },
    { days_before: 5, refund_percent: 60 },
    { days_before: 3, refund_percent: 0 },
  ],
  // 80% and 70% of US$1.90 both give back US$1: a share that rounds to as much is no fall.
  [
    { days_before: 10, refund_percent: 80 },
    { days_before: 4, refund_percent: 70 },
  ],
];

describe('refundPercent', () => {
  it('takes the tier with the longest notice the cancellation meets', () => {
    expect(refundPercent(moderate, 90)).toBe(100);
    expect(refundPercent(moderate, 30)).toBe(100);
    expect(refundPercent(moderate, 29)).toBe(50);
    expect(refundPercent(moderate, 14)).toBe(50);
    expect(refundPercent(moderate, 13)).toBe(0);
    expect(refundPercent(moderate, 0)).toBe(0);
  });

  it('reads tiers in any order', () => {
    expect(refundPercent([...moderate].reverse(), 20)).toBe(50);
  });

  it('gives each preset less back the stricter it is, at every notice', () => {
    for (let days = 0; days <= 90; days += 1) {
      const [flexible, middle, strict] = POLICY_NAMES.map((name) =>
        refundPercent(POLICY_TIERS[name], days),
      );
      expect(flexible).toBeGreaterThanOrEqual(middle!);
      expect(middle).toBeGreaterThanOrEqual(strict!);
    }
  });
});

describe('travellerRefund', () => {
  it('is the percentage of what was paid, rounded down to a whole unit as every amount shown', () => {
    // 20 days before a moderate start: half of 1,693 is 846.50 → 846 (the organizer keeps 847).
    expect(travellerRefund(moderate, 169_300, '2027-03-21', '2027-03-01')).toBe(84_600);
    // Half of 1,234.57 (paid before whole-unit prices) is 617.285 → 617.
    expect(travellerRefund(moderate, 123_457, '2027-03-21', '2027-03-01')).toBe(61_700);
    // Everything back is everything paid, to the cent.
    expect(travellerRefund(moderate, 123_457, '2027-05-21', '2027-03-01')).toBe(123_457);
  });

  it('gives nothing back of nothing paid, and everything back for a tour on request', () => {
    expect(travellerRefund(moderate, 0, '2027-03-21', '2027-03-01')).toBe(0);
    expect(travellerRefund(POLICY_TIERS.strict, 50_000, undefined, '2027-03-01')).toBe(50_000);
  });
});

describe('tiersOfBooking', () => {
  it('keeps the tiers the booking was accepted with, whatever its preset says now', () => {
    const frozen = [{ days_before: 7, refund_percent: 80 }];
    expect(tiersOfBooking({ cancellationPolicy: 'strict', cancellationTiers: frozen })).toBe(
      frozen,
    );
  });

  it('reads a booking made before policies as moderate', () => {
    expect(tiersOfBooking({ cancellationPolicy: null, cancellationTiers: null })).toBe(moderate);
  });
});

describe('policyLines', () => {
  it('says every tier and the last line in words', () => {
    expect(policyLines(moderate)).toEqual([
      '30 days or more before the start: 100% of what you paid back',
      '14–29 days before the start: 50% of what you paid back',
      'Less than 14 days before the start: no refund',
    ]);
  });
});

describe('nextRefundChange', () => {
  const DAY = 86_400_000;
  const shift = (day: string, days: number) =>
    new Date(Date.parse(day) + days * DAY).toISOString().slice(0, 10);

  it('names the day after the tier in force ends, and the refund from then', () => {
    // Moderate, 31 days before a 21 March start: everything back until 19 Feb (30 days before),
    // half from 20 Feb.
    expect(nextRefundChange(moderate, 169_300, '2027-03-21', '2027-02-18')).toEqual({
      day: '2027-02-20',
      refund: 84_600,
    });
    // 20 days before: half back until 7 March (14 days before), nothing from 8 March.
    expect(nextRefundChange(moderate, 169_300, '2027-03-21', '2027-03-01')).toEqual({
      day: '2027-03-08',
      refund: 0,
    });
  });

  it('has nothing to announce when nothing is paid, nothing comes back or there is no start', () => {
    expect(nextRefundChange(moderate, 0, '2027-03-21', '2027-03-01')).toBeUndefined();
    expect(nextRefundChange(moderate, 50_000, '2027-03-21', '2027-03-10')).toBeUndefined();
    expect(nextRefundChange(moderate, 50_000, undefined, '2027-03-01')).toBeUndefined();
    expect(nextRefundChange(moderate, 50_000, '2027-03-21', '2027-03-21')).toBeUndefined();
  });

  it('ends at the start when the last tier gives something back up to the day before', () => {
    const upToTheEve = [{ days_before: 1, refund_percent: 50 }];
    expect(nextRefundChange(upToTheEve, 10_000, '2027-03-21', '2027-03-18')).toEqual({
      day: '2027-03-21',
      refund: 0,
    });
    const evenOnTheDay = [{ days_before: 0, refund_percent: 50 }];
    expect(nextRefundChange(evenOnTheDay, 10_000, '2027-03-21', '2027-03-20')).toEqual({
      day: '2027-03-21',
      refund: 0,
    });
  });

  it('agrees with a day-by-day walk for every preset, odd tiers and amounts', () => {
    const start = '2027-06-30';
    let checked = 0;
    for (const tiers of EVERY_POLICY) {
      for (const paid of [0, 1, 99, 100, 101, 190, 12_345, 169_300]) {
        for (let before = -1; before <= 75; before += 1) {
          const today = shift(start, -before);
          const now = travellerRefund(tiers, paid, start, today);
          // The walk: the first later day (up to the start) that gives back less.
          let expected: { day: string; refund: number } | undefined;
          if (before > 0 && now > 0) {
            for (let day = shift(today, 1); ; day = shift(day, 1)) {
              const refund = day >= start ? 0 : travellerRefund(tiers, paid, start, day);
              if (refund < now) {
                expected = { day, refund };
                break;
              }
            }
          }
          expect(nextRefundChange(tiers, paid, start, today)).toEqual(expected);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(EVERY_POLICY.length * 8 * 77);
  });
});

describe('refundDeadlines', () => {
  const shift = (day: string, days: number) =>
    new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

  it('names each share with the first day it no longer applies', () => {
    expect(refundDeadlines(moderate, '2027-03-21', '2027-01-05')).toEqual([
      { before: '2027-02-20', percent: 100 },
      { before: '2027-03-08', percent: 50 },
    ]);
    // Inside the half tier already; nothing left to name once inside the last fortnight.
    expect(refundDeadlines(moderate, '2027-03-21', '2027-03-01')).toEqual([
      { before: '2027-03-08', percent: 50 },
    ]);
    expect(refundDeadlines(moderate, '2027-03-21', '2027-03-10')).toEqual([]);
  });

  it('names a share once when the next tier gives back as much', () => {
    const twice = [
      { days_before: 10, refund_percent: 80 },
      { days_before: 7, refund_percent: 80 },
      { days_before: 2, refund_percent: 1 },
    ];
    expect(refundDeadlines(twice, '2027-06-30', '2027-06-18')).toEqual([
      { before: '2027-06-24', percent: 80 },
      { before: '2027-06-29', percent: 1 },
    ]);
  });

  it('agrees with the tiers on every day up to the start, for odd policies too', () => {
    const start = '2027-06-30';
    let checked = 0;
    for (const tiers of EVERY_POLICY) {
      for (let booked = 0; booked <= 70; booked += 1) {
        const today = shift(start, -booked);
        const deadlines = refundDeadlines(tiers, start, today);
        for (let day = today; day <= start; day = shift(day, 1)) {
          const said = deadlines.find((deadline) => day < deadline.before)?.percent ?? 0;
          const policy = day < start ? refundPercent(tiers, booked - daysFrom(today, day)) : 0;
          expect(said, `${JSON.stringify(tiers)} booked ${today}, cancelled ${day}`).toBe(policy);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  const daysFrom = (from: string, to: string) =>
    Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
});

describe('refundDeadlinesLine', () => {
  const utc = (moment: string) => `${moment.slice(11, 16)} UTC, ${moment.slice(0, 10)}`;

  it('names each share of a date with the moment it ends', () => {
    expect(refundDeadlinesLine(moderate, '2027-03-21', '2027-01-05', utc)).toBe(
      'For this date: everything back if you cancel before 00:00 UTC, 2027-02-20; 50% back before 00:00 UTC, 2027-03-08; nothing after.',
    );
    expect(refundDeadlinesLine(moderate, '2027-03-21', '2027-03-01', utc)).toBe(
      'For this date: 50% back if you cancel before 00:00 UTC, 2027-03-08; nothing after.',
    );
  });

  it('says nothing when nothing would come back already', () => {
    expect(refundDeadlinesLine(moderate, '2027-03-21', '2027-03-10', utc)).toBeUndefined();
  });
});
