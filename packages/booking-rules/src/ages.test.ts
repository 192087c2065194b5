import { describe, expect, it } from 'vitest';
import { ageRefusal, firstAgeRefusal, yearsOn, youngestRider, type TourAges } from './ages';

/** Tour 231 of the walk: minimum age 12, riding from 12. */
const TOUR: TourAges = { minAge: 12, minRidingAge: 12, maxRidingAge: null };
const FIRST_DAY = '2026-06-10';

describe('yearsOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(yearsOn('2020-05-20', FIRST_DAY)).toBe(6);
    expect(yearsOn('2014-06-10', FIRST_DAY)).toBe(12);
    expect(yearsOn('2014-06-11', FIRST_DAY)).toBe(11);
  });

  it('is negative for a birthday after the day, undefined for what is not a date', () => {
    expect(yearsOn('2026-06-11', FIRST_DAY)).toBe(-1);
    expect(yearsOn('2027-01-01', FIRST_DAY)).toBeLessThan(0);
    expect(yearsOn('soon', FIRST_DAY)).toBeUndefined();
  });
});

describe('ageRefusal', () => {
  it('refuses a non-rider under the minimum age with words of their own', () => {
    expect(ageRefusal({ rides: false, birthday: '2020-05-20' }, TOUR, FIRST_DAY)).toBe(
      'Everyone must be at least 12 on the first day',
    );
    expect(ageRefusal({ rides: false, birthday: '2014-06-10' }, TOUR, FIRST_DAY)).toBeUndefined();
  });

  it('holds a non-rider to the minimum age only, never the riding ages', () => {
    const ages = { minAge: 4, minRidingAge: 12, maxRidingAge: 70 };
    expect(ageRefusal({ rides: false, birthday: '2020-05-20' }, ages, FIRST_DAY)).toBeUndefined();
    expect(ageRefusal({ rides: false, birthday: '1940-01-01' }, ages, FIRST_DAY)).toBeUndefined();
    expect(ageRefusal({ rides: false, birthday: '2023-01-01' }, ages, FIRST_DAY)).toBe(
      'Everyone must be at least 4 on the first day',
    );
  });

  it('refuses a non-rider not born by the first day even when the tour takes any age', () => {
    const anyAge = { minAge: 0, minRidingAge: 8, maxRidingAge: null };
    expect(ageRefusal({ rides: false, birthday: '2026-07-01' }, anyAge, FIRST_DAY)).toBe(
      'Everyone must be born by the first day',
    );
    expect(ageRefusal({ rides: false, birthday: '2026-01-01' }, anyAge, FIRST_DAY)).toBeUndefined();
  });

  it('holds a rider to the higher of the minimum and the riding age, and the maximum', () => {
    const ages = { minAge: 14, minRidingAge: 10, maxRidingAge: 65 };
    expect(youngestRider(ages)).toBe(14);
    expect(ageRefusal({ rides: true, birthday: '2013-01-01' }, ages, FIRST_DAY)).toBe(
      'Riders must be at least 14 on the first day',
    );
    expect(ageRefusal({ rides: true, birthday: '1950-01-01' }, ages, FIRST_DAY)).toBe(
      'Riders must be at most 65 on the first day',
    );
    expect(ageRefusal({ rides: true, birthday: '1990-01-01' }, ages, FIRST_DAY)).toBeUndefined();
  });

  it('checks no one without a birthday', () => {
    expect(ageRefusal({ rides: false, birthday: null }, TOUR, FIRST_DAY)).toBeUndefined();
    expect(ageRefusal({ rides: true, birthday: '' }, TOUR, FIRST_DAY)).toBeUndefined();
  });
});

describe('firstAgeRefusal', () => {
  it('names the first traveller refused, in order: the family of the walk', () => {
    const family = [
      { rides: true, birthday: '1985-03-02' },
      { rides: false, birthday: '1950-09-09' },
      { rides: false, birthday: '2020-05-20' },
    ];
    expect(firstAgeRefusal(family, TOUR, FIRST_DAY)).toEqual({
      index: 2,
      message: 'Everyone must be at least 12 on the first day',
    });
    expect(firstAgeRefusal(family.slice(0, 2), TOUR, FIRST_DAY)).toBeUndefined();
  });
});
