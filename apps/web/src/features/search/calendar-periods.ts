import type { components, GallopClient } from '@gallop/api-client';
import { listCalendarPeriodsQueryOptions } from '@gallop/api-client/query';

export type CalendarPeriod = components['schemas']['CalendarPeriod'];

/**
 * Holidays, seasons and months change with the day, not the visit: one answer serves a visit (the
 * home page's seasons fill the same cache entry).
 */
const CALENDAR_PERIODS_STALE_MS = 60 * 60_000;

/**
 * `GET /spa/calendar-periods`: holidays and seasons for the date filter (docs/product.md, Calls).
 */
export function calendarPeriodsQueryOptions(api: GallopClient<true>) {
  return { ...listCalendarPeriodsQueryOptions(api), staleTime: CALENDAR_PERIODS_STALE_MS };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The visitor's calendar day as `YYYY-MM-DD` (their own time zone: "upcoming" is theirs). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Periods a traveller can still ride in: those not over by `today`, a period under way starting
 * `today`. The API answers them so, but a cached answer may outlive a day.
 */
export function upcomingPeriods(
  periods: readonly CalendarPeriod[],
  today: string,
): CalendarPeriod[] {
  return periods
    .filter((period) => period.date_to >= today)
    .map((period) => (period.date_from < today ? { ...period, date_from: today } : period));
}
