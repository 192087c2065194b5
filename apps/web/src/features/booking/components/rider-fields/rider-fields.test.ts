import { RIDER_LEVELS, TACKS, type RiderPassport } from '@gallop/rider-fit';
import { describe, expect, it } from 'vitest';
import { passportFit, ridersFit, type TourRidingBrief } from '../../../../lib/rider-fit';
import { ridingBrief } from '../../../../lib/testing/fake-api';
import {
  ageRefusal,
  emptyRider,
  passportRiderValues,
  riderProfile,
  riderValues,
  splitName,
  toTouristInput,
  unchangedTourist,
} from './rider-fields';

describe('ageRefusal', () => {
  const riding = { min_riding_age: 14, max_riding_age: 70 };
  const firstDay = '2027-08-16';

  it('refuses below the riding age on the first day, in the API’s words', () => {
    expect(ageRefusal('2013-08-17', firstDay, riding)).toBe(
      'Riders must be at least 14 on the first day',
    );
    expect(ageRefusal('2013-08-16', firstDay, riding)).toBeUndefined();
  });

  it('counts a birthday after the first day as below any riding age', () => {
    expect(ageRefusal('2027-09-01', firstDay, { ...riding, min_riding_age: 0 })).toBe(
      'Riders must be at least 0 on the first day',
    );
  });

  it('refuses above the maximum riding age, and has none when the tour sets none', () => {
    expect(ageRefusal('1956-08-15', firstDay, riding)).toBe(
      'Riders must be at most 70 on the first day',
    );
    expect(ageRefusal('1957-08-15', firstDay, riding)).toBeUndefined();
    expect(ageRefusal('1930-01-01', firstDay, { ...riding, max_riding_age: null })).toBeUndefined();
  });

  it('holds everyone to the tour’s minimum age, a companion in words of their own', () => {
    const ages = { ...riding, min_riding_age: 12, min_age: 12 };
    expect(ageRefusal('2020-05-20', firstDay, ages, false)).toBe(
      'Everyone must be at least 12 on the first day',
    );
    // A companion over the riding ages comes along; a rider under the minimum age does not.
    expect(ageRefusal('1940-01-01', firstDay, ages, false)).toBeUndefined();
    expect(ageRefusal('2016-01-01', firstDay, { ...riding, min_riding_age: 8, min_age: 12 })).toBe(
      'Riders must be at least 12 on the first day',
    );
  });

  it('checks nothing without a birthday or a date', () => {
    expect(ageRefusal('', firstDay, riding)).toBeUndefined();
    expect(ageRefusal('2020-01-01', '', riding)).toBeUndefined();
  });
});

describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last', () => {
    expect(splitName(' Ann  Marie Rider ')).toEqual({ first: 'Ann', last: 'Marie Rider' });
    expect(splitName('Sam')).toEqual({ first: 'Sam', last: '' });
  });
});

describe('a rider filled from a passport', () => {
  const levels = [...RIDER_LEVELS];
  const tacks = [...TACKS, null];
  const passports: RiderPassport[] = levels.flatMap((level) =>
    tacks.flatMap((tack) =>
      [null, 2, 6.5].flatMap((hoursPerDay) =>
        [null, 70, 100, 120].map((weightKg) => ({ level, tack, hoursPerDay, weightKg })),
      ),
    ),
  );
  const tours = [
    ridingBrief(),
    ridingBrief({ level: 'novice', tack: 'western', hours_longest_day: 3 }),
    ridingBrief({ tack: 'other', other_tack_on_request: true, heavy_rider_weight_kg: 95 }),
  ];
  /** The form's fit of one rider filled from `passport`, nothing else typed. */
  const formFit = (passport: RiderPassport, riding: TourRidingBrief, heavyFree?: number) =>
    ridersFit([riderProfile(passportRiderValues(passport), '2027-08-16')], riding, heavyFree)[0];

  it('fits every tour as the card and the tour page say for the same passport', () => {
    for (const riding of tours) {
      for (const passport of passports) {
        const what = `${JSON.stringify(passport)} on ${JSON.stringify(riding)}`;
        // The card and the tour page count a heavier horse on the best date, the form on its
        // date: with one free on both, every verdict and reason is the same.
        const shown = passportFit(passport, riding, { heavy: { free: 1, scope: 'any-date' } });
        expect(formFit(passport, riding, 1), what).toEqual(shown);
        // Without any left, the verdict still is; the reason names its own date.
        expect(formFit(passport, riding, 0)?.verdict, what).toBe(
          passportFit(passport, riding, { heavy: { free: 0, scope: 'any-date' } }).verdict,
        );
      }
    }
  });

  it('says the passport’s tack and hours, and matches on what is known without them', () => {
    const riding = ridingBrief({ tack: 'english', hours_longest_day: 6 });
    const western = {
      level: 'advanced',
      tack: 'western',
      hoursPerDay: null,
      weightKg: 70,
    } as const;
    expect(formFit(western, riding, 1)?.reason).toBe('English tack; you ride Western');
    expect(formFit({ ...western, tack: null, hoursPerDay: 4 }, riding, 1)?.reason).toBe(
      'Up to 6 h in the saddle a day; you are used to 4 h',
    );
    // A rider typed by hand (or saved) has no tack or hours: those are not checked.
    expect(
      ridersFit([riderProfile({ ...emptyRider(), level: 'advanced' }, '2027-08-16')], riding, 1)[0],
    ).toEqual({ verdict: 'fits', reason: null, reasons: [] });
  });

  it('sends the tack and hours with the level, so the booking keeps them (issue 46)', () => {
    const values = {
      ...emptyRider(),
      first_name: 'Noor',
      last_name: 'Saleh',
      ...passportRiderValues({ level: 'novice', tack: 'western', hoursPerDay: 3.5, weightKg: 64 }),
    };
    expect(values).toMatchObject({ tack: 'western', hours: '3.5', weight: '64', level: 'novice' });
    expect(toTouristInput(values)).toEqual({
      first_name: 'Noor',
      last_name: 'Saleh',
      weight: 64,
      level: 'novice',
      tack: 'western',
      hours_per_day: 3.5,
    });
    // A passport without them sends neither; hours outside the contract's range are not sent.
    const bare = { ...values, tack: '', hours: '' };
    expect(toTouristInput(bare)).not.toHaveProperty('tack');
    expect(toTouristInput(bare)).not.toHaveProperty('hours_per_day');
    expect(toTouristInput({ ...values, hours: '13' })).not.toHaveProperty('hours_per_day');
  });

  it('reads a saved rider’s tack and hours back into the form, and sends them unchanged', () => {
    const saved = {
      id: 7,
      full_name: 'Noor Saleh',
      first_name: 'Noor',
      last_name: 'Saleh',
      level: 'novice' as const,
      tack: 'other' as const,
      hours_per_day: 2,
    };
    expect(riderValues(saved)).toMatchObject({ tack: 'other', hours: '2' });
    expect(unchangedTourist(saved)).toMatchObject({ id: 7, tack: 'other', hours_per_day: 2 });
    expect(riderValues({ ...saved, tack: null, hours_per_day: null })).toMatchObject({
      tack: '',
      hours: '',
    });
  });
});
