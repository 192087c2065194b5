import { describe, expect, it } from 'vitest';
import {
  bodyFieldNames,
  companionOf,
  formStart,
  isHalfHours,
  passportOf,
  passportsOf,
  passportValues,
} from './passport-values';

describe('passport values', () => {
  it('shows a passport in the form and reads it back unchanged', () => {
    const passport = { level: 'novice', tack: 'western', hoursPerDay: 3.5, weightKg: 82 } as const;
    expect(passportValues(passport)).toEqual({
      level: 'novice',
      tack: 'western',
      hours: '3.5',
      weight: '82',
    });
    expect(passportOf(passportValues(passport))).toEqual(passport);
  });

  it('leaves empty fields empty: no level is no passport, no tack is no preference', () => {
    expect(passportValues(null)).toEqual({ level: '', tack: '', hours: '', weight: '' });
    expect(passportOf({ level: '', tack: '', hours: '', weight: '' })).toBeNull();
    expect(passportOf({ level: 'advanced', tack: '', hours: '', weight: '' })).toEqual({
      level: 'advanced',
      tack: null,
      hoursPerDay: null,
      weightKg: null,
    });
  });

  it('reads hours to the half hour and weight to a tenth of a kilogram, like the cookie and the API', () => {
    expect(passportOf({ level: 'beginner', tack: 'other', hours: '2.4', weight: '70.64' })).toEqual(
      {
        level: 'beginner',
        tack: 'other',
        hoursPerDay: 2.5,
        weightKg: 70.6,
      },
    );
  });

  it('trims a companion name and reads a companion whose fields were just added', () => {
    expect(
      companionOf({ name: '  Ann ', level: 'intermediate', tack: '', hours: '', weight: '' }),
    ).toEqual({
      name: 'Ann',
      level: 'intermediate',
      tack: null,
      hoursPerDay: null,
      weightKg: null,
    });
    expect(companionOf({ level: 'intermediate' })).toMatchObject({ name: '', tack: null });
    expect(companionOf(undefined)).toBeNull();
  });

  it('starts the form from the passports and saves only the companions still listed', () => {
    const { values, keys } = formStart({
      passport: { level: 'novice', tack: null, hoursPerDay: null, weightKg: 60 },
      companions: [
        { name: 'Ann', level: 'advanced', tack: 'english', hoursPerDay: 6, weightKg: null },
        { name: 'Bob', level: 'beginner', tack: null, hoursPerDay: null, weightKg: null },
      ],
    });
    expect(keys).toEqual(['c0', 'c1']);
    expect(values.companions.c1).toEqual({
      name: 'Bob',
      level: 'beginner',
      tack: '',
      hours: '',
      weight: '',
    });
    const saved = passportsOf(values, ['c1']);
    expect(saved.passport).toEqual({
      level: 'novice',
      tack: null,
      hoursPerDay: null,
      weightKg: 60,
    });
    expect(saved.companions.map((companion) => companion.name)).toEqual(['Bob']);
  });

  it('accepts whole and half hours only', () => {
    expect(isHalfHours('')).toBe(true);
    expect(isHalfHours('3')).toBe(true);
    expect(isHalfHours('3.5')).toBe(true);
    expect(isHalfHours('3.25')).toBe('Use whole or half hours, such as 3 or 3.5');
  });

  it('names the form field of each body field the API may refuse', () => {
    const names = bodyFieldNames(['c0', 'c4']);
    expect(names.get('passport.weight_kg')).toBe('weight');
    expect(names.get('passport.hours_per_day')).toBe('hours');
    expect(names.get('companions.1.name')).toBe('companions.c4.name');
    expect(names.get('companions.0.level')).toBe('companions.c0.level');
  });
});
