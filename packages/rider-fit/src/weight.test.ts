import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRider } from './match';
import {
  RIDER_WEIGHT_KG,
  formatWeight,
  formatWeightLimit,
  isWeightUnit,
  riderWeightRange,
  tenthOfKg,
  weightIn,
  weightToKg,
} from './weight';

describe('weights in kilograms and pounds', () => {
  it('writes a weight in the reader’s unit, with a no-break space', () => {
    expect(formatWeight(95, 'kg')).toBe('95\u00a0kg');
    expect(formatWeight(95, 'lb')).toBe('209\u00a0lb');
    expect(formatWeight(90.7, 'lb')).toBe('200\u00a0lb');
    expect(weightIn(82.4, 'kg')).toBe(82);
  });

  it('writes kilograms to the tenth they are kept to: a rider shown at a limit is not above it', () => {
    expect(formatWeight(105.3, 'kg')).toBe('105.3\u00a0kg');
    expect(formatWeight(90.7, 'kg')).toBe('90.7\u00a0kg');
    expect(formatWeight(105.01, 'kg')).toBe('105\u00a0kg');
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 2000 }),
        fc.integer({ min: 20, max: 200 }),
        (tenths, limit) => {
          const kept = tenthOfKg(tenths / 10);
          if (formatWeight(kept, 'kg') === formatWeight(limit, 'kg'))
            expect(kept).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it('writes a limit in pounds as the most a rider may type and stay within it', () => {
    // 110 kg is 242.5 lb: a rider typing 243 lb is kept as 110.2 kg, above it.
    expect(formatWeightLimit(110, 'lb')).toBe('242\u00a0lb');
    expect(formatWeight(110, 'lb')).toBe('243\u00a0lb');
    // 68 kg is 149.9 lb, yet 150 lb is kept as 68 kg: within, so the limit reads 150.
    expect(formatWeightLimit(68, 'lb')).toBe('150\u00a0lb');
    expect(formatWeightLimit(95, 'lb')).toBe('209\u00a0lb');
    expect(formatWeightLimit(105.3, 'kg')).toBe('105.3\u00a0kg');
    expect(formatWeightLimit(110, 'kg')).toBe(formatWeight(110, 'kg'));
  });

  it('keeps every rider typed at or below a written limit within it, and any more above it', () => {
    // Every limit from 40 to 200 kg in tenths, every whole pound a form accepts: exhaustive.
    const { min, max } = riderWeightRange('lb');
    const disagree: string[] = [];
    for (let tenths = 400; tenths <= 2000; tenths += 1) {
      const limit = tenths / 10;
      const written = Number.parseInt(formatWeightLimit(limit, 'lb'), 10);
      for (let pounds = min; pounds <= max; pounds += 1) {
        const within = weightToKg(pounds, 'lb') <= limit;
        if (within !== pounds <= written) disagree.push(`${pounds} lb, limit ${limit} kg`);
      }
      // The rider at the limit reads back as the limit.
      if (weightIn(weightToKg(written, 'lb'), 'lb') !== written) disagree.push(`${written} lb`);
    }
    expect(disagree).toEqual([]);
  });

  it('keeps a typed weight to a tenth of a kilogram', () => {
    expect(weightToKg(200, 'lb')).toBe(90.7);
    expect(weightToKg(82.46, 'kg')).toBe(82.5);
  });

  it('gives back every whole number of pounds a form accepts, as typed', () => {
    const { min, max } = riderWeightRange('lb');
    fc.assert(
      fc.property(fc.integer({ min, max }), (pounds) => {
        expect(weightIn(weightToKg(pounds, 'lb'), 'lb')).toBe(pounds);
      }),
    );
  });

  it('accepts in pounds only weights the API accepts in kilograms', () => {
    expect(riderWeightRange('kg')).toEqual(RIDER_WEIGHT_KG);
    const { min, max } = riderWeightRange('lb');
    expect([min, max]).toEqual([45, 440]);
    expect(weightToKg(min, 'lb')).toBeGreaterThanOrEqual(RIDER_WEIGHT_KG.min);
    expect(weightToKg(max, 'lb')).toBeLessThanOrEqual(RIDER_WEIGHT_KG.max);
    expect(weightToKg(min - 1, 'lb')).toBeLessThan(RIDER_WEIGHT_KG.min + 0.5);
  });

  it('knows its units', () => {
    expect(isWeightUnit('lb')).toBe(true);
    expect(isWeightUnit('st')).toBe(false);
  });

  it('writes the fit’s weight reasons in the unit asked, the same verdict either way', () => {
    const tour = {
      level: 'novice',
      hoursLongestDay: 4,
      tack: 'english',
      otherTackOnRequest: true,
      maxRiderWeightKg: 95,
      heavyRiderWeightKg: 110,
      minRidingAge: 12,
      maxRidingAge: null,
    } as const;
    expect(matchRider({ weightKg: 120 }, tour, undefined, { weightUnit: 'lb' })).toMatchObject({
      verdict: 'not-suitable',
      reason: 'Riders up to 242\u00a0lb with clothing; you weigh 265\u00a0lb',
    });
    // At the written limit a rider typing pounds is within it; a pound more is not.
    const typed = (pounds: number) => ({ weightKg: weightToKg(pounds, 'lb') });
    expect(matchRider(typed(242), tour, undefined, { weightUnit: 'lb' }).verdict).toBe('fits');
    expect(matchRider(typed(243), tour, undefined, { weightUnit: 'lb' }).reason).toBe(
      'Riders up to 242\u00a0lb with clothing; you weigh 243\u00a0lb',
    );
    expect(
      matchRider({ weightKg: 100 }, tour, { free: 0, scope: 'date' }, { weightUnit: 'lb' }).reason,
    ).toBe('No horse for riders over 209\u00a0lb is left on this date');
    expect(matchRider({ weightKg: 120 }, tour).reason).toBe(
      'Riders up to 110\u00a0kg with clothing; you weigh 120\u00a0kg',
    );
  });
});
