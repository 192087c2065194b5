import { describe, expect, it } from 'vitest';
import {
  datesWithHorseFor,
  noHorseOnDate,
  passportFit,
  ridersFit,
  ridingRequirements,
  tourFit,
  weightRefusal,
} from './rider-fit';
import { ridingBrief } from './testing/fake-api';

// Intermediate, English, 6 h the longest day, 95 kg standard and 110 kg on a heavier horse.
const riding = ridingBrief();

describe('ridingRequirements', () => {
  it('reads the contract’s snake_case brief as rider-fit requirements', () => {
    expect(ridingRequirements(ridingBrief({ max_riding_age: 70 }))).toEqual({
      level: 'intermediate',
      hoursLongestDay: 6,
      tack: 'english',
      otherTackOnRequest: false,
      maxRiderWeightKg: 95,
      heavyRiderWeightKg: 110,
      minRidingAge: 12,
      maxRidingAge: 70,
    });
  });
});

describe('passportFit', () => {
  it('matches a passport, with the age of a booking’s rider when given', () => {
    const passport = { level: 'novice', tack: 'western', hoursPerDay: 4, weightKg: 80 } as const;
    expect(passportFit(passport, riding)).toEqual({
      verdict: 'stretch',
      reason: 'For intermediate riders, one step above novice',
      reasons: [
        {
          check: 'level',
          verdict: 'stretch',
          text: 'For intermediate riders, one step above novice',
        },
        {
          check: 'hours',
          verdict: 'stretch',
          text: 'Up to 6 h in the saddle a day; you are used to 4 h',
        },
        { check: 'tack', verdict: 'stretch', text: 'English tack; you ride Western' },
      ],
    });
    expect(passportFit(passport, riding, { age: 10 }).reason).toBe('Riders from 12 years');
  });

  it('counts the heavier horses it is given: on any date for a card, on one date in a form', () => {
    const heavy = { level: 'advanced', tack: null, hoursPerDay: null, weightKg: 100 } as const;
    expect(passportFit(heavy, riding, { heavy: { free: 2, scope: 'any-date' } }).verdict).toBe(
      'fits',
    );
    expect(passportFit(heavy, riding, { heavy: { free: 0, scope: 'any-date' } }).reason).toBe(
      'No horse for riders over 95\u00a0kg is left on any date',
    );
    // Unknown places do not rule the rider out.
    expect(passportFit(heavy, riding).verdict).toBe('fits');
  });
});

describe('noHorseOnDate', () => {
  it('is true above the heavier horses, or above the standard ones on a date with none left', () => {
    expect(noHorseOnDate(95, riding, 0)).toBe(false);
    expect(noHorseOnDate(100, riding, 0)).toBe(true);
    expect(noHorseOnDate(100, riding, 1)).toBe(false);
    expect(noHorseOnDate(100, riding, undefined)).toBe(false);
    expect(noHorseOnDate(111, riding, 5)).toBe(true);
  });
});

describe('ridersFit', () => {
  it('lets each heavier rider take a place, so the riders below count on fewer', () => {
    const fits = ridersFit(
      [{ weightKg: 100 }, { weightKg: 80 }, { weightKg: 105 }, { weightKg: 98 }],
      riding,
      2,
    );
    expect(fits.map((fit) => fit.verdict)).toEqual(['fits', 'fits', 'fits', 'not-suitable']);
    expect(fits[3]?.reason).toBe('No horse for riders over 95\u00a0kg is left on this date');
  });

  it('does not count a rider above the heavier horses’ limit as taking a place', () => {
    const fits = ridersFit([{ weightKg: 130 }, { weightKg: 100 }], riding, 1);
    expect(fits.map((fit) => fit.verdict)).toEqual(['not-suitable', 'fits']);
  });

  it('checks the limits only while the date’s count is unknown', () => {
    expect(ridersFit([{ weightKg: 100 }, { weightKg: 100 }], riding, undefined)).toEqual([
      { verdict: 'fits', reason: null, reasons: [] },
      { verdict: 'fits', reason: null, reasons: [] },
    ]);
  });
});

describe('weightRefusal', () => {
  it('gives the weight reason that rules a rider out, and nothing for other reasons', () => {
    expect(weightRefusal(tourFit({ weightKg: 120 }, riding))).toBe(
      'Riders up to 110\u00a0kg with clothing; you weigh 120\u00a0kg',
    );
    expect(weightRefusal(tourFit({ level: 'beginner' }, riding))).toBeUndefined();
    expect(weightRefusal(tourFit({ weightKg: 100 }, riding))).toBeUndefined();
  });
});

describe('datesWithHorseFor', () => {
  const date = (id: number, heavy: number | undefined, seats = 6) => ({
    id,
    heavy_places_free: heavy,
    number_of_free_seats: seats,
  });

  it('offers up to three other dates where the rider gets a horse after the riders above', () => {
    const riders = [{ weightKg: 100 }, { weightKg: 101 }];
    const dates = [
      date(1, 0),
      date(2, 1),
      date(3, 2),
      date(4, 3),
      date(5, 2, 1),
      date(6, undefined),
      date(7, 5),
      date(8, 9),
    ];
    expect(datesWithHorseFor(riders, 1, riding, dates, { except: 1 }).map((d) => d.id)).toEqual([
      3, 4, 7,
    ]);
    expect(datesWithHorseFor(riders, 0, riding, dates, { limit: 2 }).map((d) => d.id)).toEqual([
      2, 3,
    ]);
  });

  it('offers nothing to a rider no horse of the tour carries', () => {
    expect(datesWithHorseFor([{ weightKg: 130 }], 0, riding, [date(1, 9)])).toEqual([]);
  });
});
