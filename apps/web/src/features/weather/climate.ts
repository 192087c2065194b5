import type { components } from '@gallop/api-client';
import { bestMonths } from '../../lib/season';

export {
  formatRain,
  formatTemperature,
  rainIn,
  rainUnit,
  temperatureIn,
  temperatureUnit,
} from '../../lib/climate-units';

export type ClimateMonth = components['schemas']['ClimateMonth'];

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'January' for 1 ... 'December' for 12. */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? String(month);
}

/** 'Jan' for 1: the chart's column labels. */
export function shortMonthName(month: number): string {
  return monthName(month).slice(0, 3);
}

/**
 * The months (1-12) pleasant for a day in the saddle: the season check's good months (decision
 * 117), the same rule the tour page and the booking form read.
 */
export function pleasantMonths(months: readonly ClimateMonth[]): number[] {
  return bestMonths(months);
}

/**
 * Months as readable ranges in calendar order, a range may run over the year end:
 * [3, 4, 5, 9, 10, 11] -> 'March–May and September–November', [11, 12, 1] -> 'November–January'.
 */
export function describeMonths(months: readonly number[]): string {
  const set = new Set(months.filter((month) => month >= 1 && month <= 12));
  if (set.size === 0) return '';
  if (set.size === 12) return 'all year round';
  // Start after a month that is not in the set, so no range is cut at December.
  const gap = [...Array(12).keys()].map((index) => index + 1).find((month) => !set.has(month)) ?? 1;
  const runs: number[][] = [];
  let run: number[] = [];
  for (let step = 1; step <= 12; step += 1) {
    const month = ((gap - 1 + step) % 12) + 1;
    if (set.has(month)) {
      run.push(month);
    } else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  runs.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  const parts = runs.map((range) => {
    const first = monthName(range[0] ?? 1);
    return range.length === 1 ? first : `${first}–${monthName(range.at(-1) ?? 1)}`;
  });
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(parts);
}

export interface ClimateHighlights {
  warmest: ClimateMonth;
  coldest: ClimateMonth;
  wettest: ClimateMonth;
  driest: ClimateMonth;
}

function pick(
  months: readonly ClimateMonth[],
  better: (candidate: ClimateMonth, best: ClimateMonth) => boolean,
): ClimateMonth | undefined {
  return months.reduce<ClimateMonth | undefined>(
    (best, month) => (best === undefined || better(month, best) ? month : best),
    undefined,
  );
}

/** The extremes of the year (the first month wins a tie); undefined without data. */
export function climateHighlights(months: readonly ClimateMonth[]): ClimateHighlights | undefined {
  const warmest = pick(months, (a, b) => a.temperature_max > b.temperature_max);
  const coldest = pick(months, (a, b) => a.temperature_min < b.temperature_min);
  const wettest = pick(months, (a, b) => a.precipitation_mm > b.precipitation_mm);
  const driest = pick(months, (a, b) => a.precipitation_mm < b.precipitation_mm);
  if (!warmest || !coldest || !wettest || !driest) return undefined;
  return { warmest, coldest, wettest, driest };
}
