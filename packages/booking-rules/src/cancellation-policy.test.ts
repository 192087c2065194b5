import { describe, expect, it } from 'vitest';
import {
  POLICY_NAMES,
  POLICY_TIERS,
  policyLines,
  refundPercent,
  tiersOfBooking,
  travellerRefund,
} from './cancellation-policy';

const moderate = POLICY_TIERS.moderate;

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
