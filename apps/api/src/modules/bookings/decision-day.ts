/**
 * A not-guaranteed date's decision day (decision 148), read one way everywhere: days are UTC
 * (`todayIso`, as every date of the API), and the day has passed once today is later than it,
 * so the organizer decides until the day ends (the end of the day is also when the time to
 * answer of every request on the date ends). The booking job calls off a date whose decision
 * day passed; from then on nothing runs it (decision 178).
 */
import { and, gte, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { tourDates } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';

type TourDateRow = typeof tourDates.$inferSelect;

/** Whether the date's decision day has passed at `now`. */
export function decisionDayPassed(date: Pick<TourDateRow, 'decisionDate'>, now: Date): boolean {
  return date.decisionDate !== null && date.decisionDate < todayIso(now);
}

/**
 * The last moment of decision day `decisionDate` (YYYY-MM-DD, UTC): the group a date past its
 * day is judged by is the one it had then (`callOffUndecidedDates`). A request's time to answer
 * ends at the next moment, the day's end, so every request still waiting then counts.
 */
export function decisionDayLastMoment(decisionDate: string): Date {
  return new Date(Date.parse(`${decisionDate}T00:00:00Z`) + 86_400_000 - 1);
}

/** `decisionDayPassed` as a condition on `tour_dates`. */
export function decisionDayPassedSql(now: Date): SQL {
  return and(isNotNull(tourDates.decisionDate), lt(tourDates.decisionDate, todayIso(now)))!;
}

/** Its negation: the date has no decision day, or it has not passed at `now`. */
export function decisionDayAheadSql(now: Date): SQL {
  return or(isNull(tourDates.decisionDate), gte(tourDates.decisionDate, todayIso(now)))!;
}
