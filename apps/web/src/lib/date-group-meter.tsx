import { decisionText, formatDecisionDay, GroupMeter } from '@gallop/ui-kit';
import { todayIso, type TourDate } from './tour-format';

/**
 * A date the organizer has not guaranteed by its decision day does not run (decisions 148, 178):
 * the booking job calls it off and a booking on it is refused, so it says so.
 */
export function notRunText(decisionDate: string): string {
  return `The organizer did not confirm this date by ${formatDecisionDay(decisionDate)}, so it does not run`;
}

/**
 * "Will it run?" (decision 111): a date not guaranteed yet shows the riders it still needs, as
 * the API counts them towards its minimum (`riders_booked`), and the day its organizer decides;
 * without a minimum, only that day. Once that day has passed without a guarantee, the date does
 * not run (decision 178): no count to reach and no day are promised, only that.
 */
export function DateGroupMeter({
  date,
  className,
  today = todayIso(),
}: {
  date: TourDate;
  className?: string;
  /** `YYYY-MM-DD` (UTC, as the API's days), for tests. */
  today?: string;
}) {
  if (!date.not_guaranteed) return null;
  const classes = ['date-group', className].filter(Boolean).join(' ');
  const decisionDate = date.decision_date ?? null;
  if (decisionDate !== null && decisionDate < today) {
    return (
      <span className={`gk-group-meter ${classes}`}>
        <span className="gk-group-meter__decision">{notRunText(decisionDate)}</span>
      </span>
    );
  }
  if (date.min_riders == null) {
    if (!decisionDate) return null;
    return (
      <span className={`gk-group-meter ${classes}`}>
        <span className="gk-group-meter__decision">{decisionText(decisionDate)}</span>
      </span>
    );
  }
  return (
    <GroupMeter
      className={classes}
      booked={date.riders_booked ?? 0}
      minimum={date.min_riders}
      decisionDate={decisionDate}
    />
  );
}
