import { decisionText, GroupMeter } from '@gallop/ui-kit';
import type { TourDate } from './tour-format';

/**
 * "Will it run?" (decision 111): a date not guaranteed yet shows the riders it still needs and
 * the day its organizer decides; without a minimum, only that day.
 */
export function DateGroupMeter({ date, className }: { date: TourDate; className?: string }) {
  if (!date.not_guaranteed) return null;
  const classes = ['date-group', className].filter(Boolean).join(' ');
  if (date.min_riders == null) {
    return date.decision_date ? (
      <span className={`gk-group-meter ${classes}`}>
        <span className="gk-group-meter__decision">{decisionText(date.decision_date)}</span>
      </span>
    ) : null;
  }
  return (
    <GroupMeter
      className={classes}
      booked={date.riders_booked ?? 0}
      minimum={date.min_riders}
      decisionDate={date.decision_date}
    />
  );
}
