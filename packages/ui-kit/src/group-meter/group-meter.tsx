import '../tokens/tokens.css';
import './group-meter.css';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Above this many riders the bar is one line rather than a place per rider. */
const MOST_PLACES_DRAWN = 12;

/** "2027-03-12" → "12 Mar 2027", the same on the server and in every time zone. */
export function formatDecisionDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/**
 * "3 of 4 riders booked; guaranteed when one more books" (or "when 2 more book"); once the
 * minimum is reached, "4 of 4 riders booked; guaranteed".
 */
export function groupMeterText(booked: number, minimum: number): string {
  const group = `${booked} of ${minimum} riders booked`;
  const missing = minimum - booked;
  if (missing <= 0) return `${group}; guaranteed`;
  return missing === 1
    ? `${group}; guaranteed when one more books`
    : `${group}; guaranteed when ${missing} more book`;
}

/** "The organizer decides by 12 Mar 2027". */
export function decisionText(day: string): string {
  return `The organizer decides by ${formatDecisionDay(day)}`;
}

/** Native props, `className`, `style` and `ref` go to the `<span>`. */
export interface GroupMeterProps extends NativeProps<'span'> {
  /** Riders booked on the date (the seats its bookings hold). */
  booked: number;
  /** The riders the date needs to run. */
  minimum: number;
  /** YYYY-MM-DD: the day the organizer decides whether the date runs; none when null. */
  decisionDate?: string | null | undefined;
  /**
   * A line in the decision day's place when there is none to promise, e.g. once that day has
   * passed ("The organizer confirms each request").
   */
  note?: string | undefined;
}

/**
 * "Will it run?": how many riders a not-guaranteed date still needs, as words and a bar of one
 * place per rider, and the day its organizer decides. The words carry everything; the bar is
 * decoration and hidden from assistive technology. A `span`, so it fits inside a label or a line.
 *
 * **Usage.** Do show it beside a date that runs only with enough riders, in the date list and at
 * checkout, with the `decisionDate` when the organizer has set one. Don't show it on dates that run
 * whatever the numbers, and don't turn it into a countdown that hurries people (Only 2 more needed,
 * book now!).
 */
export function GroupMeter({
  booked,
  minimum,
  decisionDate,
  note,
  className,
  ...rest
}: GroupMeterProps) {
  const needed = Math.max(1, minimum);
  const filled = Math.min(Math.max(0, booked), needed);
  const reached = filled >= needed;
  const missing = needed - filled;
  const drawn = needed <= MOST_PLACES_DRAWN;
  return (
    <span
      {...rest}
      className={cx('gk-group-meter', reached && 'gk-group-meter--reached', className)}
      data-missing={missing}
    >
      <span className="gk-group-meter__bar" aria-hidden="true">
        {drawn ? (
          Array.from({ length: needed }, (_, index) => (
            <span
              key={index}
              className={cx(
                'gk-group-meter__place',
                index < filled && 'gk-group-meter__place--taken',
              )}
            />
          ))
        ) : (
          <span
            className="gk-group-meter__fill"
            style={{ width: `${Math.round((filled / needed) * 100)}%` }}
          />
        )}
      </span>
      <span className="gk-group-meter__text">{groupMeterText(filled, needed)}</span>
      {decisionDate ? (
        <span className="gk-group-meter__decision">{decisionText(decisionDate)}</span>
      ) : note ? (
        <span className="gk-group-meter__decision">{note}</span>
      ) : null}
    </span>
  );
}
