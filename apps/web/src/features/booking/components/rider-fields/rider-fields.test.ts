import { describe, expect, it } from 'vitest';
import { ageRefusal, splitName } from './rider-fields';

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
