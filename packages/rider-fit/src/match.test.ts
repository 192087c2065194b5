import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { levelRank } from './level-checks';
import { RIDER_LEVELS, TACKS } from './levels';
import { compareFit, hasHorseFor, matchRider, needsHeavyHorse, type FitVerdict } from './match';
import type { RidingRequirements } from './requirements';

const ranchWeek: RidingRequirements = {
  level: 'intermediate',
  hoursLongestDay: 5,
  tack: 'western',
  otherTackOnRequest: false,
  maxRiderWeightKg: 95,
  heavyRiderWeightKg: 110,
  minRidingAge: 12,
  maxRidingAge: 70,
};

describe('matchRider', () => {
  it('fits a rider of the level, used to the hours, in the tack, under the limits', () => {
    expect(
      matchRider(
        { level: 'intermediate', tack: 'western', hoursPerDay: 5, weightKg: 80, age: 30 },
        ranchWeek,
      ),
    ).toEqual({ verdict: 'fits', reason: null, reasons: [] });
  });

  it('checks every pair of levels: above or equal fits, one step short stretches, two or more rule out', () => {
    for (const rider of RIDER_LEVELS) {
      for (const asked of RIDER_LEVELS) {
        const fit = matchRider({ level: rider }, { ...ranchWeek, level: asked });
        const gap = levelRank(asked) - levelRank(rider);
        const expected = gap <= 0 ? 'fits' : gap === 1 ? 'stretch' : 'not-suitable';
        expect(fit.verdict, `${rider} on a ${asked} tour`).toBe(expected);
      }
    }
  });

  it('says the level step in one line', () => {
    expect(matchRider({ level: 'novice' }, ranchWeek).reason).toBe(
      'For intermediate riders, one step above novice',
    );
    expect(matchRider({ level: 'beginner' }, ranchWeek).reason).toBe(
      'For intermediate riders; you ride at beginner level',
    );
  });

  it('stretches on longer days than the rider is used to, and not on equal ones', () => {
    expect(matchRider({ hoursPerDay: 5 }, ranchWeek).verdict).toBe('fits');
    expect(matchRider({ hoursPerDay: 4.5 }, ranchWeek)).toEqual({
      verdict: 'stretch',
      reason: 'Up to 5 h in the saddle a day; you are used to 4.5 h',
      reasons: [
        {
          check: 'hours',
          verdict: 'stretch',
          text: 'Up to 5 h in the saddle a day; you are used to 4.5 h',
        },
      ],
    });
  });

  it('stretches on the other tack unless the organizer can arrange it', () => {
    for (const riderTack of TACKS) {
      for (const tourTack of TACKS) {
        const strict = matchRider({ tack: riderTack }, { ...ranchWeek, tack: tourTack });
        const arranged = matchRider(
          { tack: riderTack },
          { ...ranchWeek, tack: tourTack, otherTackOnRequest: true },
        );
        expect(strict.verdict).toBe(riderTack === tourTack ? 'fits' : 'stretch');
        expect(arranged.verdict).toBe('fits');
      }
    }
    expect(matchRider({ tack: 'english' }, ranchWeek).reason).toBe(
      'Western tack; you ride English',
    );
  });

  it('names every tack once in the tack reason, whichever the label', () => {
    const reasons = TACKS.flatMap((riderTack) =>
      TACKS.filter((tourTack) => tourTack !== riderTack).map(
        (tourTack) => matchRider({ tack: riderTack }, { ...ranchWeek, tack: tourTack }).reason,
      ),
    );
    expect(reasons).toEqual([
      'Western tack; you ride English',
      'Other tack; you ride English',
      'English tack; you ride Western',
      'Other tack; you ride Western',
      'English tack; you ride another tack',
      'Western tack; you ride another tack',
    ]);
    for (const reason of reasons) {
      expect(reason).not.toMatch(/tack\s+tack/i);
      // The tour's tack is named as a tack, whatever its label says.
      expect(reason).toMatch(/^\S+ tack; /);
    }
    expect(
      matchRider({ tack: 'english' }, { ...ranchWeek, tack: 'other' }, undefined, {
        riderName: 'Sam',
      }).reason,
    ).toBe('Other tack; Sam rides English');
  });

  it('rules out a weight above the heavier horses, with the limit in the reason', () => {
    expect(matchRider({ weightKg: 111 }, ranchWeek)).toMatchObject({
      verdict: 'not-suitable',
      reason: 'Riders up to 110\u00a0kg with clothing; you weigh 111\u00a0kg',
    });
    expect(matchRider({ weightKg: 110 }, ranchWeek).verdict).toBe('fits');
    expect(matchRider({ weightKg: 95 }, ranchWeek).verdict).toBe('fits');
  });

  it('needs a heavier-horse place between the two limits: on the date, or on any date', () => {
    expect(matchRider({ weightKg: 100 }, ranchWeek, { free: 1, scope: 'date' }).verdict).toBe(
      'fits',
    );
    expect(matchRider({ weightKg: 100 }, ranchWeek, { free: 0, scope: 'date' })).toMatchObject({
      verdict: 'not-suitable',
      reason: 'No horse for riders over 95\u00a0kg is left on this date',
    });
    expect(matchRider({ weightKg: 100 }, ranchWeek, { free: 0, scope: 'any-date' }).reason).toBe(
      'No horse for riders over 95\u00a0kg is left on any date',
    );
    // A card in a search narrowed to some dates counts those dates only: it says so.
    expect(
      matchRider({ weightKg: 100 }, ranchWeek, { free: 0, scope: 'searched-dates' }),
    ).toMatchObject({
      verdict: 'not-suitable',
      reason: 'No horse for riders over 95\u00a0kg is left on your dates',
    });
    expect(
      matchRider({ weightKg: 100 }, ranchWeek, { free: 2, scope: 'searched-dates' }).verdict,
    ).toBe('fits');
    // A tour without heavier horses: both limits are the same.
    expect(
      matchRider(
        { weightKg: 96 },
        { ...ranchWeek, heavyRiderWeightKg: 95 },
        { free: 3, scope: 'date' },
      ).verdict,
    ).toBe('not-suitable');
  });

  it('rules out riders outside the riding ages', () => {
    expect(matchRider({ age: 11 }, ranchWeek).reason).toBe('Riders from 12 years');
    expect(matchRider({ age: 12 }, ranchWeek).verdict).toBe('fits');
    expect(matchRider({ age: 71 }, ranchWeek).reason).toBe('Riders up to 70 years');
    expect(matchRider({ age: 90 }, { ...ranchWeek, maxRidingAge: null }).verdict).toBe('fits');
  });

  it('leads with the most important reason: weight, age, level, hours, tack', () => {
    const fit = matchRider(
      { level: 'novice', tack: 'english', hoursPerDay: 2, weightKg: 120, age: 10 },
      ranchWeek,
    );
    expect(fit.verdict).toBe('not-suitable');
    expect(fit.reasons.map((reason) => reason.check)).toEqual([
      'weight',
      'age',
      'level',
      'hours',
      'tack',
    ]);
    expect(fit.reason).toBe(fit.reasons[0]?.text);
  });

  it('puts every ruling-out reason before every stretch', () => {
    const fit = matchRider(
      { level: 'beginner', hoursPerDay: 1, tack: 'english' },
      { ...ranchWeek, level: 'novice' },
    );
    // Beginner on a novice tour is only a stretch; nothing rules out.
    expect(fit.verdict).toBe('stretch');
    expect(fit.reasons.map((reason) => reason.check)).toEqual(['level', 'hours', 'tack']);
  });

  it('checks nothing the rider left empty', () => {
    expect(matchRider({}, { ...ranchWeek, level: 'advanced', minRidingAge: 99 })).toEqual({
      verdict: 'fits',
      reason: null,
      reasons: [],
    });
  });

  it('gives the worst verdict of its reasons, and a reason whenever it is not "fits" (property)', () => {
    const requirements = fc.record({
      level: fc.constantFrom(...RIDER_LEVELS),
      hoursLongestDay: fc.integer({ min: 1, max: 10 }),
      tack: fc.constantFrom(...TACKS),
      otherTackOnRequest: fc.boolean(),
      maxRiderWeightKg: fc.integer({ min: 60, max: 120 }),
      extraHeavyKg: fc.integer({ min: 0, max: 30 }),
      minRidingAge: fc.integer({ min: 4, max: 18 }),
      maxRidingAge: fc.option(fc.integer({ min: 50, max: 90 }), { nil: null }),
    });
    const rider = fc.record(
      {
        level: fc.constantFrom(...RIDER_LEVELS),
        tack: fc.constantFrom(...TACKS),
        hoursPerDay: fc.integer({ min: 1, max: 10 }),
        weightKg: fc.integer({ min: 30, max: 160 }),
        age: fc.integer({ min: 3, max: 95 }),
      },
      { requiredKeys: [] },
    );
    const heavy = fc.option(
      fc.record({
        free: fc.integer({ min: 0, max: 3 }),
        scope: fc.constantFrom('date' as const, 'any-date' as const),
      }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(requirements, rider, heavy, ({ extraHeavyKg, ...tour }, profile, places) => {
        const fit = matchRider(
          profile,
          { ...tour, heavyRiderWeightKg: tour.maxRiderWeightKg + extraHeavyKg },
          places,
        );
        const worst = fit.reasons.reduce<FitVerdict>(
          (verdict, reason) => (compareFit(reason.verdict, verdict) > 0 ? reason.verdict : verdict),
          'fits',
        );
        expect(fit.verdict).toBe(worst);
        expect(fit.reason === null).toBe(fit.verdict === 'fits');
        // A lighter rider never fits worse; a higher level never fits worse.
        if (profile.weightKg !== undefined && profile.weightKg > 30) {
          const lighter = matchRider(
            { ...profile, weightKg: profile.weightKg - 1 },
            { ...tour, heavyRiderWeightKg: tour.maxRiderWeightKg + extraHeavyKg },
            places,
          );
          expect(compareFit(lighter.verdict, fit.verdict)).toBeLessThanOrEqual(0);
        }
        if (profile.level && profile.level !== 'advanced') {
          const better = RIDER_LEVELS[levelRank(profile.level) + 1];
          const stronger = matchRider(
            { ...profile, level: better },
            { ...tour, heavyRiderWeightKg: tour.maxRiderWeightKg + extraHeavyKg },
            places,
          );
          expect(compareFit(stronger.verdict, fit.verdict)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('compareFit', () => {
  it('sorts fits first, then stretch, then not suitable, and keeps ties in place', () => {
    const tours = [
      { id: 1, verdict: 'not-suitable' as const },
      { id: 2, verdict: 'fits' as const },
      { id: 3, verdict: 'stretch' as const },
      { id: 4, verdict: 'fits' as const },
    ];
    expect(
      [...tours].sort((a, b) => compareFit(a.verdict, b.verdict)).map((tour) => tour.id),
    ).toEqual([2, 4, 3, 1]);
  });
});

describe('hasHorseFor and needsHeavyHorse', () => {
  it('finds a horse under the standard limit always, between the limits only with a free place', () => {
    expect(hasHorseFor(95, ranchWeek, 0)).toBe(true);
    expect(hasHorseFor(100, ranchWeek, 0)).toBe(false);
    expect(hasHorseFor(100, ranchWeek, 1)).toBe(true);
    expect(hasHorseFor(111, ranchWeek, 5)).toBe(false);
    expect(needsHeavyHorse(95, ranchWeek)).toBe(false);
    expect(needsHeavyHorse(96, ranchWeek)).toBe(true);
  });
});

describe('matchRider, of a rider by name', () => {
  it('speaks of the rider by name instead of to the reader', () => {
    const fit = matchRider(
      { level: 'beginner', tack: 'western', hoursPerDay: 2, weightKg: 120 },
      { ...ranchWeek, tack: 'english', otherTackOnRequest: false, hoursLongestDay: 6 },
      undefined,
      { riderName: ' Sam ' },
    );
    expect(fit.reasons.map((reason) => reason.text)).toEqual([
      'Riders up to 110\u00a0kg with clothing; Sam weighs 120\u00a0kg',
      'For intermediate riders; Sam rides at beginner level',
      'Up to 6 h in the saddle a day; Sam is used to 2 h',
      'English tack; Sam rides Western',
    ]);
    // A blank name is nobody's: the reader is spoken to.
    expect(matchRider({ weightKg: 120 }, ranchWeek, undefined, { riderName: ' ' }).reason).toBe(
      'Riders up to 110\u00a0kg with clothing; you weigh 120\u00a0kg',
    );
  });
});
