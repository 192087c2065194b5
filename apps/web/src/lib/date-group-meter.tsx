import { decisionText, GroupMeter } from '@gallop/ui-kit';
import { todayIso, type TourDate } from './tour-format';

/** A date the organizer has not guaranteed and whose decision day passed: each request is theirs. */
export const AFTER_DECISION_TEXT = 'The organizer confirms each request';

/**
 * "Will it run?" (decision 111): a date not guaranteed yet shows the riders it still needs and
 * the day its organizer decides; without a minimum, only that day. Once that day has passed
 * without the minimum, no past day is promised: the organizer answers each request (a booking on
 * a date not guaranteed waits for their answer, decision 090).
 */
export function DateGroupMeter({
  date,
  className,
  today = todayIso(),
}: {
  date: TourDate;
  className?: string;
  /** `YYYY-MM-DD`, for tests. */
  today?: string;
}) {
  if (!date.not_guaranteed) return null;
  const classes = ['date-group', className].filter(Boolean).join(' ');
  const decisionPassed = date.decision_date != null && date.decision_date < today;
  const decisionDate = decisionPassed ? null : date.decision_date;
  if (date.min_riders == null) {
    if (!decisionDate && !decisionPassed) return null;
    return (
      <span className={`gk-group-meter ${classes}`}>
        <span className="gk-group-meter__decision">
          {decisionDate ? decisionText(decisionDate) : AFTER_DECISION_TEXT}
        </span>
      </span>
    );
  }
  return (
    <GroupMeter
      className={classes}
      booked={date.riders_booked ?? 0}
      minimum={date.min_riders}
      decisionDate={decisionDate}
      note={decisionPassed ? AFTER_DECISION_TEXT : undefined}
    />
  );
}
