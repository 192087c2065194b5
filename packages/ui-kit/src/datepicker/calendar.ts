import { CalendarDate, parseDate } from '@internationalized/date';

/** The calendar grid is 6 weeks of 7 days (docs/product.md, Constants). */
export const CALENDAR_WEEKS = 6;
export const CALENDAR_DAYS_PER_WEEK = 7;
/** Date locales whose week starts on Monday (docs/product.md, Constants). */
export const MONDAY_FIRST_LOCALES = ['ru', 'zh-CN', 'de'] as const;
/** The only date format min and max accept (besides `today`), and the value format. */
export const CALENDAR_DATE_FORMAT = 'yyyy-MM-dd';

export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

interface WeekInfoLocale extends Intl.Locale {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
}

/**
 * First day of the week for a locale (0 Sunday … 6 Saturday): the spec's Monday locales, then
 * the browser's locale data where it has it (`Intl.Locale#getWeekInfo`), else Sunday (en-US).
 */
export function weekStartFor(locale: string): WeekDay {
  const language = locale.split('-')[0];
  if (MONDAY_FIRST_LOCALES.some((item) => item === locale || item === language)) return 1;
  try {
    const info = new Intl.Locale(locale) as WeekInfoLocale;
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay;
    // Intl counts 1 Monday … 7 Sunday.
    if (firstDay !== undefined) return (firstDay % 7) as WeekDay;
  } catch {
    // An invalid tag falls through to Sunday.
  }
  return 0;
}

/** A local `Date` as the calendar day it falls on. */
export function dayOf(date: Date): CalendarDate {
  return new CalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** A value string (`YYYY-MM-DD`) as a calendar day; `undefined` when absent or malformed. */
export function parseDay(value: string | null | undefined): CalendarDate | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  try {
    // parseDate refuses month 13 or 31 April with a RangeError.
    return parseDate(value);
  } catch {
    return undefined;
  }
}

/** Reads a min/max bound: only `YYYY-MM-DD` or `today`; anything else is ignored with an error. */
export function parseBoundDay(
  bound: string | undefined,
  today: CalendarDate,
): CalendarDate | undefined {
  if (bound === undefined) return undefined;
  if (bound === 'today') return today;
  const day = parseDay(bound);
  if (day) return day;
  console.error(
    `[@gallop/ui-kit] Datepicker min/max must be 'YYYY-MM-DD' or 'today'; "${bound}" is ignored.`,
  );
  return undefined;
}

/** {@link parseBoundDay} with local `Date`s: the bound's day at midnight. */
export function parseBound(bound: string | undefined, today: Date): Date | undefined {
  const day = parseBoundDay(bound, dayOf(today));
  return day && new Date(day.year, day.month - 1, day.day);
}

/** The 42 days shown for a month: from the week start on or before the 1st. */
export function monthGrid(month: Date, weekStartsOn: WeekDay): Date[] {
  const year = month.getFullYear();
  const index = month.getMonth();
  const daysBefore =
    (new Date(year, index, 1).getDay() - weekStartsOn + CALENDAR_DAYS_PER_WEEK) % 7;
  return Array.from(
    { length: CALENDAR_WEEKS * CALENDAR_DAYS_PER_WEEK },
    (_, i) => new Date(year, index, 1 - daysBefore + i),
  );
}
