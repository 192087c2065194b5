import { describe, expect, it } from 'vitest';
import { passportFromCookie, passportProfile, passportToCookie, readPassport } from './passport';
import { proposeLevel, type SelfAssessment } from './self-assessment';

describe('readPassport', () => {
  it('needs a level and keeps each other field only when valid', () => {
    expect(readPassport({ tack: 'english' })).toBeNull();
    expect(readPassport(null)).toBeNull();
    expect(readPassport('novice')).toBeNull();
    expect(readPassport({ level: 'expert' })).toBeNull();
    expect(
      readPassport({ level: 'novice', tack: 'bareback', hoursPerDay: 30, weightKg: 10 }),
    ).toEqual({
      level: 'novice',
      tack: null,
      hoursPerDay: null,
      weightKg: null,
    });
    expect(
      readPassport({ level: 'advanced', tack: 'western', hoursPerDay: '5.3', weightKg: 81.63 }),
    ).toEqual({
      level: 'advanced',
      tack: 'western',
      hoursPerDay: 5.5,
      weightKg: 81.6,
    });
  });

  it('reads limits inclusively', () => {
    expect(readPassport({ level: 'novice', hoursPerDay: 0.5, weightKg: 20 })).toMatchObject({
      hoursPerDay: 0.5,
      weightKg: 20,
    });
    expect(readPassport({ level: 'novice', hoursPerDay: 12, weightKg: 200 })).toMatchObject({
      hoursPerDay: 12,
      weightKg: 200,
    });
    expect(readPassport({ level: 'novice', hoursPerDay: Number.NaN, weightKg: '' })).toMatchObject({
      hoursPerDay: null,
      weightKg: null,
    });
  });
});

describe('the passport cookie', () => {
  it('round-trips a full and a partial passport', () => {
    const full = {
      level: 'strong-intermediate' as const,
      tack: 'english' as const,
      hoursPerDay: 6,
      weightKg: 88,
    };
    expect(passportToCookie(full)).toBe('level=strong-intermediate&tack=english&hours=6&weight=88');
    expect(passportFromCookie(passportToCookie(full))).toEqual(full);
    const partial = { level: 'beginner' as const, tack: null, hoursPerDay: null, weightKg: null };
    expect(passportToCookie(partial)).toBe('level=beginner');
    expect(passportFromCookie('level=beginner')).toEqual(partial);
  });

  it('reads nothing from an empty, foreign or tampered value', () => {
    expect(passportFromCookie(undefined)).toBeNull();
    expect(passportFromCookie('')).toBeNull();
    expect(passportFromCookie('level=pro&weight=80')).toBeNull();
    expect(passportFromCookie('level=novice&weight=9999')).toMatchObject({ weightKg: null });
  });

  it('gives matching the passport fields and the booking rider age', () => {
    expect(
      passportProfile({ level: 'novice', tack: null, hoursPerDay: 3, weightKg: null }, 14),
    ).toEqual({
      level: 'novice',
      tack: undefined,
      hoursPerDay: 3,
      weightKg: undefined,
      age: 14,
    });
  });
});

describe('proposeLevel', () => {
  const advanced: SelfAssessment = {
    walk: 'alone',
    trot: 'confident',
    canter: 'open',
    gallop: 'fast',
    hoursUsedTo: 7,
  };

  it('proposes the level each full profile describes', () => {
    expect(
      proposeLevel({ walk: 'never', trot: 'no', canter: 'no', gallop: 'no', hoursUsedTo: 0 }),
    ).toBe('beginner');
    expect(
      proposeLevel({ walk: 'alone', trot: 'short', canter: 'arena', gallop: 'no', hoursUsedTo: 2 }),
    ).toBe('novice');
    expect(
      proposeLevel({
        walk: 'alone',
        trot: 'confident',
        canter: 'open',
        gallop: 'no',
        hoursUsedTo: 4,
      }),
    ).toBe('intermediate');
    expect(
      proposeLevel({
        walk: 'alone',
        trot: 'confident',
        canter: 'open',
        gallop: 'controlled',
        hoursUsedTo: 5,
      }),
    ).toBe('strong-intermediate');
    expect(proposeLevel(advanced)).toBe('advanced');
  });

  it('is held back by the weakest answer', () => {
    expect(proposeLevel({ ...advanced, walk: 'led' })).toBe('beginner');
    expect(proposeLevel({ ...advanced, trot: 'short' })).toBe('novice');
    expect(proposeLevel({ ...advanced, canter: 'arena' })).toBe('novice');
    expect(proposeLevel({ ...advanced, gallop: 'controlled' })).toBe('strong-intermediate');
    expect(proposeLevel({ ...advanced, hoursUsedTo: 5 })).toBe('strong-intermediate');
    expect(proposeLevel({ ...advanced, hoursUsedTo: 2 })).toBe('intermediate');
  });
});
