/**
 * Periods the date filter offers as shortcuts (`/spa/calendar-periods`), derived from today:
 * - holidays: Easter weekend (Good Friday to Easter Monday), Thanksgiving weekend (the default
 *   country is the US: fourth Thursday of November to Sunday) and Christmas and New Year
 *   (24 December to 7 January);
 * - seasons: the next occurrence of each season of the `seasons` table (its months, which may
 *   wrap over the new year, e.g. December to February);
 * - months: the current month and the eleven after it.
 * A period already under way starts today (a past start would only widen the filter into dates
 * nobody can book); a period already over is replaced by its next occurrence. Groups come in that
 * order (holidays, seasons, months), each sorted by start date.
 */

export interface CalendarPeriod {
  name: string;
  date_from: string;
  date_to: string;
}

export interface SeasonMonths {
  name: string;
  /** Months 1–12; contiguous, possibly wrapping over the new year. */
  months: readonly number[];
}

/** "May" for month 5: the interface is English only (docs/product.md, Who it is for). */
const monthName = (month: number) =>
  new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });

const UPCOMING_MONTHS = 12;

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day as `YYYY-MM-DD` (month 1–12); Date.UTC normalises overflowing days. */
function isoDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function lastDayOfMonth(year: number, month: number): string {
  return isoDate(year, month + 1, 0);
}

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return isoDate(year, month, day + days);
}

/** The fourth Thursday of November. */
function thanksgiving(year: number): string {
  const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - firstWeekday + 7) % 7);
  return isoDate(year, 11, firstThursday + 21);
}

type Occurrence = (year: number) => { name: string; date_from: string; date_to: string };

const HOLIDAYS: Occurrence[] = [
  (year) => {
    const easter = easterSunday(year);
    return { name: `Easter ${year}`, date_from: addDays(easter, -2), date_to: addDays(easter, 1) };
  },
  (year) => {
    const thursday = thanksgiving(year);
    return { name: `Thanksgiving ${year}`, date_from: thursday, date_to: addDays(thursday, 3) };
  },
  (year) => ({
    name: `Christmas and New Year ${year}/${pad((year + 1) % 100)}`,
    date_from: isoDate(year, 12, 24),
    date_to: isoDate(year + 1, 1, 7),
  }),
];

/** The first occurrence (this year's, the previous one if it wraps, or next year's) not over yet. */
function nextOccurrence(today: string, occurrence: Occurrence): CalendarPeriod {
  const year = Number(today.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map(occurrence);
  const upcoming = candidates.find((period) => period.date_to >= today) ?? candidates[2]!;
  return { ...upcoming, date_from: upcoming.date_from < today ? today : upcoming.date_from };
}

/** The month a season starts in: the one whose predecessor is not part of it. */
function seasonStartMonth(months: readonly number[]): number {
  const set = new Set(months);
  return months.find((month) => !set.has(month === 1 ? 12 : month - 1)) ?? 1;
}

function seasonOccurrence(season: SeasonMonths): Occurrence {
  const start = seasonStartMonth(season.months);
  const length = new Set(season.months).size;
  return (year) => {
    const endMonthIndex = start - 1 + length - 1;
    const endYear = year + Math.floor(endMonthIndex / 12);
    const endMonth = (endMonthIndex % 12) + 1;
    const name =
      endYear === year ? `${season.name} ${year}` : `${season.name} ${year}/${pad(endYear % 100)}`;
    return {
      name,
      date_from: isoDate(year, start, 1),
      date_to: lastDayOfMonth(endYear, endMonth),
    };
  };
}

function upcomingMonths(today: string): CalendarPeriod[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: UPCOMING_MONTHS }, (_, offset) => {
    const index = month - 1 + offset;
    const periodYear = year + Math.floor(index / 12);
    const periodMonth = (index % 12) + 1;
    const first = isoDate(periodYear, periodMonth, 1);
    return {
      name: `${monthName(periodMonth)} ${periodYear}`,
      date_from: first < today ? today : first,
      date_to: lastDayOfMonth(periodYear, periodMonth),
    };
  });
}

const byStart = (a: CalendarPeriod, b: CalendarPeriod) =>
  a.date_from.localeCompare(b.date_from) || a.date_to.localeCompare(b.date_to);

/**
 * A season's next window of dates (the period `calendarPeriods` lists for it), or `undefined` for
 * a season without months. `/crm/api/index-page/all-seasons` answers it, so a season links to
 * the search for its dates.
 */
export function nextSeasonWindow(
  today: string,
  season: SeasonMonths,
): { date_from: string; date_to: string } | undefined {
  if (season.months.length === 0) return undefined;
  const { date_from, date_to } = nextOccurrence(today, seasonOccurrence(season));
  return { date_from, date_to };
}

export function calendarPeriods(today: string, seasons: readonly SeasonMonths[]): CalendarPeriod[] {
  const holidays = HOLIDAYS.map((holiday) => nextOccurrence(today, holiday)).sort(byStart);
  const seasonPeriods = seasons
    .filter((season) => season.months.length > 0)
    .map((season) => nextOccurrence(today, seasonOccurrence(season)))
    .sort(byStart);
  return [...holidays, ...seasonPeriods, ...upcomingMonths(today)];
}
