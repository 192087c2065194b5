import '../tokens/tokens.css';
import './ride-profile.css';
import { useId } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/**
 * One programme day in numbers. A rest day (no riding) has `restDay`; a day the programme gives
 * no numbers for has null hours and distance and is drawn as unknown.
 */
export interface RideProfileDay {
  day: number;
  restDay?: boolean;
  hours: number | null;
  distanceKm: number | null;
  /** Total climb; null (or absent) where it does not matter. */
  ascentM?: number | null;
  /** Where the night after the day is spent. */
  overnight?: string | null;
}

export interface RideProfileSummary {
  totalKm: number;
  totalHours: number;
  ridingDays: number;
  restDays: number;
  /** The day with the most hours (then the most kilometres, then the earliest); null when none. */
  longest: RideProfileDay | null;
}

const hasNumbers = (day: RideProfileDay) =>
  !day.restDay && day.hours !== null && day.distanceKm !== null;

/** Totals and the longest day of a programme. */
export function rideProfileSummary(days: readonly RideProfileDay[]): RideProfileSummary {
  let totalKm = 0;
  let totalHours = 0;
  let ridingDays = 0;
  let longest: RideProfileDay | null = null;
  for (const day of days) {
    if (!hasNumbers(day)) continue;
    ridingDays += 1;
    totalKm += day.distanceKm!;
    totalHours += day.hours!;
    if (
      !longest ||
      day.hours! > longest.hours! ||
      (day.hours === longest.hours && day.distanceKm! > longest.distanceKm!)
    ) {
      longest = day;
    }
  }
  return {
    totalKm: Math.round(totalKm),
    totalHours: Math.round(totalHours * 10) / 10,
    ridingDays,
    restDays: days.filter((day) => day.restDay).length,
    longest,
  };
}

/** "5", "5.5": hours and kilometres as a programme states them. */
export function formatAmount(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/**
 * A programme day's numbers in one line: "5 h in the saddle · 28 km · ↑ 400 m · overnight: X",
 * "Rest day · overnight: X", or null when the day has no numbers.
 */
export function ridingDayLine(day: RideProfileDay): string | null {
  const overnight = day.overnight ? `overnight: ${day.overnight}` : null;
  if (day.restDay) return ['Rest day', overnight].filter(Boolean).join(' · ');
  if (!hasNumbers(day)) return null;
  return [
    `${formatAmount(day.hours!)} h in the saddle`,
    `${formatAmount(day.distanceKm!)} km`,
    day.ascentM ? `↑ ${day.ascentM} m` : null,
    overnight,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Day 3: 5 h in the saddle, 28 km, 400 m of climbing", "Day 4: rest day". */
export function rideProfileDayName(day: RideProfileDay): string {
  if (day.restDay) return `Day ${day.day}: rest day`;
  if (!hasNumbers(day)) return `Day ${day.day}: no riding numbers`;
  const climb = day.ascentM ? `, ${day.ascentM} m of climbing` : '';
  return `Day ${day.day}: ${formatAmount(day.hours!)} h in the saddle, ${formatAmount(day.distanceKm!)} km${climb}`;
}

/** Native props, `className`, `style` and `ref` go to the `<figure>`; its caption names it. */
export interface RideProfileProps extends NativeProps<'figure', 'title'> {
  days: readonly RideProfileDay[];
  /** What the bars' heights show. */
  scaleBy?: 'hours' | 'distance';
  /** The figure's caption, also the list's accessible name. */
  title?: string;
  /** Shown when no day has numbers. */
  emptyText?: string;
}

/**
 * A programme's riding days as compact bars, one per day, scaled by hours or distance, with rest
 * days drawn as a low dashed stub, and the total distance, total hours and the longest day
 * below. Each bar's accessible name says the day's numbers; the drawing itself is hidden from
 * assistive technology.
 *
 * **Usage.** Do show it with the programme on the tour page so riders see the long days and the
 * rest days at a glance, scaled by `hours` unless every day has a distance. Don't make up numbers
 * for days the organizer left open (they are drawn as unknown), and don't use it to compare tours
 * with each other.
 */
export function RideProfile({
  days,
  scaleBy = 'hours',
  title = 'Riding day by day',
  emptyText = 'The organizer has not given the riding numbers for these days.',
  className,
  ...rest
}: RideProfileProps) {
  const summary = rideProfileSummary(days);
  const valueOf = (day: RideProfileDay) => (scaleBy === 'hours' ? day.hours : day.distanceKm) ?? 0;
  const max = Math.max(0, ...days.filter(hasNumbers).map(valueOf));
  const titleId = useId();
  return (
    <figure {...rest} className={cx('gk-ride-profile', className)} aria-labelledby={titleId}>
      <figcaption id={titleId} className="gk-ride-profile__title">
        {title}
      </figcaption>
      {summary.ridingDays === 0 && summary.restDays === 0 ? (
        <p className="gk-ride-profile__empty">{emptyText}</p>
      ) : (
        <>
          <ol className="gk-ride-profile__days" aria-labelledby={titleId}>
            {days.map((day) => {
              const numbers = hasNumbers(day);
              const share = numbers && max > 0 ? valueOf(day) / max : 0;
              const state = day.restDay ? 'rest' : numbers ? 'ride' : 'unknown';
              return (
                <li
                  key={day.day}
                  className={cx(
                    'gk-ride-profile__day',
                    `gk-ride-profile__day--${state}`,
                    day === summary.longest && 'gk-ride-profile__day--longest',
                  )}
                  aria-label={rideProfileDayName(day)}
                >
                  <span className="gk-ride-profile__value" aria-hidden="true">
                    {day.restDay ? (
                      'Rest'
                    ) : numbers ? (
                      <>
                        {formatAmount(scaleBy === 'hours' ? day.hours! : day.distanceKm!)}
                        <span className="gk-ride-profile__unit">
                          {scaleBy === 'hours' ? ' h' : ' km'}
                        </span>
                      </>
                    ) : (
                      '–'
                    )}
                  </span>
                  <span className="gk-ride-profile__track" aria-hidden="true">
                    <span
                      className="gk-ride-profile__bar"
                      style={{ height: `${Math.max(state === 'ride' ? 6 : 0, share * 100)}%` }}
                    />
                  </span>
                  <span className="gk-ride-profile__label" aria-hidden="true">
                    {day.day}
                  </span>
                </li>
              );
            })}
          </ol>
          <dl className="gk-ride-profile__summary">
            <div>
              <dt>Total distance</dt>
              <dd>{formatAmount(summary.totalKm)} km</dd>
            </div>
            <div>
              <dt>In the saddle</dt>
              <dd>{formatAmount(summary.totalHours)} h</dd>
            </div>
            <div>
              <dt>Longest day</dt>
              <dd>
                {summary.longest
                  ? `Day ${summary.longest.day} · ${formatAmount(summary.longest.hours!)} h · ${formatAmount(summary.longest.distanceKm!)} km`
                  : '–'}
              </dd>
            </div>
            {summary.restDays > 0 ? (
              <div>
                <dt>Rest days</dt>
                <dd>{summary.restDays}</dd>
              </div>
            ) : null}
          </dl>
        </>
      )}
    </figure>
  );
}
