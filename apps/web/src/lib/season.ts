import type { MeasurementSystem } from '@gallop/i18n';
import { formatRain, formatTemperature } from './climate-units';
import { tourMonths } from './tour-months';

/**
 * The season check (decision 117): one rule for how a month's climate suits a day in the
 * saddle, read by the weather pages, the tour page's weather widget, the tour's dates and the
 * booking form's date choice.
 *
 * - good: days of 12-28 °C (mean daily high, both ends included) and at most 100 mm of rain;
 * - poor: days above 32 °C (horses and riders ride at dawn only), below 3 °C (frozen ground,
 *   short days) or more than 150 mm of rain (mud, swollen fords);
 * - fair: everything between.
 */
export const RIDING_SEASON = {
  goodHighMinC: 12,
  goodHighMaxC: 28,
  goodRainMaxMm: 100,
  poorHighAboveC: 32,
  poorHighBelowC: 3,
  poorRainAboveMm: 150,
} as const;

/** The normals the rule reads: the month, its mean daily high (°C) and its rainfall (mm). */
export interface MonthClimate {
  month: number;
  temperature_max: number;
  precipitation_mm: number;
}

type SeasonRating = 'good' | 'fair' | 'poor';

/** Why a month or a date is poor, with the figure that makes it so (°C, mm). */
export type SeasonReason =
  | { kind: 'hot'; highC: number }
  | { kind: 'cold'; highC: number }
  | { kind: 'wet'; rainMm: number };

export interface SeasonVerdict {
  rating: SeasonRating;
  /** Empty unless the rating is poor: hot or cold first, then wet. */
  reasons: SeasonReason[];
}

/** How one month suits riding. */
export function rateMonth(month: MonthClimate): SeasonVerdict {
  const high = month.temperature_max;
  const rain = month.precipitation_mm;
  const reasons: SeasonReason[] = [];
  if (high > RIDING_SEASON.poorHighAboveC) reasons.push({ kind: 'hot', highC: high });
  if (high < RIDING_SEASON.poorHighBelowC) reasons.push({ kind: 'cold', highC: high });
  if (rain > RIDING_SEASON.poorRainAboveMm) reasons.push({ kind: 'wet', rainMm: rain });
  if (reasons.length > 0) return { rating: 'poor', reasons };
  const good =
    high >= RIDING_SEASON.goodHighMinC &&
    high <= RIDING_SEASON.goodHighMaxC &&
    rain <= RIDING_SEASON.goodRainMaxMm;
  return { rating: good ? 'good' : 'fair', reasons: [] };
}

/** The months (1-12, in the normals' order) rated good: the best months to ride. */
export function bestMonths(months: readonly MonthClimate[]): number[] {
  return months.filter((month) => rateMonth(month).rating === 'good').map((month) => month.month);
}

/**
 * How a date suits riding: the worst of the calendar months it touches, a poor one with the
 * strongest figure of each reason (the hottest high, the coldest, the most rain). Undefined when
 * the normals know none of its months.
 */
export function rateDate(
  date: { start: string; end: string },
  months: readonly MonthClimate[],
): SeasonVerdict | undefined {
  const verdicts = tourMonths([date]).flatMap((number) =>
    months.filter((month) => month.month === number).map(rateMonth),
  );
  if (verdicts.length === 0) return undefined;
  const reasons = verdicts.flatMap((verdict) => verdict.reasons);
  if (reasons.length > 0) {
    const strongest = (kind: SeasonReason['kind']) => {
      const same = reasons.filter((reason) => reason.kind === kind);
      return same.reduce<SeasonReason | undefined>(
        (best, reason) => (best === undefined || worse(reason, best) ? reason : best),
        undefined,
      );
    };
    return {
      rating: 'poor',
      reasons: (['hot', 'cold', 'wet'] as const).flatMap((kind) => strongest(kind) ?? []),
    };
  }
  const good = verdicts.every((verdict) => verdict.rating === 'good');
  return { rating: good ? 'good' : 'fair', reasons: [] };
}

function worse(candidate: SeasonReason, best: SeasonReason): boolean {
  if (candidate.kind === 'hot' && best.kind === 'hot') return candidate.highC > best.highC;
  if (candidate.kind === 'cold' && best.kind === 'cold') return candidate.highC < best.highC;
  if (candidate.kind === 'wet' && best.kind === 'wet') return candidate.rainMm > best.rainMm;
  return false;
}

/** 'Hot: 34 °C highs', 'Cold: 1 °C highs', 'Wet: 180 mm of rain' in the visitor's units. */
export function describeReason(reason: SeasonReason, system: MeasurementSystem): string {
  switch (reason.kind) {
    case 'hot':
      return `Hot: ${formatTemperature(reason.highC, system)} highs`;
    case 'cold':
      return `Cold: ${formatTemperature(reason.highC, system)} highs`;
    case 'wet':
      return `Wet: ${formatRain(reason.rainMm, system)} of rain`;
  }
}

/** Every reason of a verdict in words, joined: 'Hot: 34 °C highs · Wet: 180 mm of rain'. */
export function describeReasons(verdict: SeasonVerdict, system: MeasurementSystem): string {
  return verdict.reasons.map((reason) => describeReason(reason, system)).join(' · ');
}
