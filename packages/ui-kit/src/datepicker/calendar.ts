import {
  addDays,
  format,
  isAfter,
  isBefore,
  isValid,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

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

/** Parses a min/max bound: only `YYYY-MM-DD` or `today`; anything else is ignored with an error. */
export function parseBound(bound: string | undefined, today: Date): Date | undefined {
  if (bound === undefined) return undefined;
  if (bound === 'today') return startOfDay(today);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(bound)
    ? parse(bound, CALENDAR_DATE_FORMAT, today)
    : undefined;
  if (date && isValid(date)) return date;
  console.error(
    `[@gallop/ui-kit] Datepicker min/max must be 'YYYY-MM-DD' or 'today'; "${bound}" is ignored.`,
  );
  return undefined;
}

/** Parses a value string; `undefined` when absent or malformed. */
export function parseDay(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = parse(value, CALENDAR_DATE_FORMAT, new Date());
  return isValid(date) ? date : undefined;
}

export function formatDay(date: Date): string {
  return format(date, CALENDAR_DATE_FORMAT);
}

/** The 42 days shown for a month: from the week start on or before the 1st. */
export function monthGrid(month: Date, weekStartsOn: WeekDay): Date[] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn });
  return Array.from({ length: CALENDAR_WEEKS * CALENDAR_DAYS_PER_WEEK }, (_, i) =>
    addDays(first, i),
  );
}

export function isOutside(day: Date, min: Date | undefined, max: Date | undefined): boolean {
  return (min !== undefined && isBefore(day, min)) || (max !== undefined && isAfter(day, max));
}

export interface DayRange {
  start?: Date;
  end?: Date;
}

/** A click in range mode: the first click starts, the second ends (or restarts if earlier). */
export function pickRange(range: DayRange, day: Date): DayRange {
  if (!range.start || range.end) return { start: day };
  if (isBefore(day, range.start)) return { start: day };
  return { start: range.start, end: day };
}

export function inRange(day: Date, { start, end }: DayRange): boolean {
  if (!start || !end) return false;
  return !isBefore(day, start) && !isAfter(day, end);
}
