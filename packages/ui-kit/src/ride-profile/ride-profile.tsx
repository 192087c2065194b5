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

/** How distances and climbs are written: kilometres and metres, or miles and feet. */
export type RideProfileUnits = 'metric' | 'imperial';

const KM_PER_MILE = 1.609_344;
const M_PER_FOOT = 0.3048;

/** A distance in kilometres or miles, to a tenth as a programme states it ("28", "17.4"). */
export function distanceIn(km: number, units: RideProfileUnits = 'metric'): string {
  return formatAmount(units === 'metric' ? km : km / KM_PER_MILE);
}

/**
 * "28 km" or "17.4 mi": a distance in the reader's units, to a tenth; `whole` rounds it to a whole
 * unit from the distance itself ("24 km" for 24.46, not the tenth's 24.5 rounded again).
 */
export function formatDistance(
  km: number,
  units: RideProfileUnits = 'metric',
  { whole = false }: { whole?: boolean } = {},
): string {
  const value = units === 'metric' ? km : km / KM_PER_MILE;
  return `${whole ? String(Math.round(value)) : formatAmount(value)} ${units === 'metric' ? 'km' : 'mi'}`;
}

/** "400 m" or "1,312 ft": a climb in whole metres or feet. */
export function formatClimb(metres: number, units: RideProfileUnits = 'metric'): string {
  return units === 'metric'
    ? `${Math.round(metres).toLocaleString('en')} m`
    : `${Math.round(metres / M_PER_FOOT).toLocaleString('en')} ft`;
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
 * "Rest day · overnight: X", or null when the day has no numbers; miles and feet in `imperial`.
 */
export function ridingDayLine(
  day: RideProfileDay,
  units: RideProfileUnits = 'metric',
): string | null {
  const overnight = day.overnight ? `overnight: ${day.overnight}` : null;
  if (day.restDay) return ['Rest day', overnight].filter(Boolean).join(' · ');
  if (!hasNumbers(day)) return null;
  return [
    `${formatAmount(day.hours!)} h in the saddle`,
    formatDistance(day.distanceKm!, units),
    day.ascentM ? `↑ ${formatClimb(day.ascentM, units)}` : null,
    overnight,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Day 3: 5 h in the saddle, 28 km, 400 m of climbing", "Day 4: rest day". */
export function rideProfileDayName(
  day: RideProfileDay,
  units: RideProfileUnits = 'metric',
): string {
  if (day.restDay) return `Day ${day.day}: rest day`;
  if (!hasNumbers(day)) return `Day ${day.day}: no riding numbers`;
  const climb = day.ascentM ? `, ${formatClimb(day.ascentM, units)} of climbing` : '';
  return `Day ${day.day}: ${formatAmount(day.hours!)} h in the saddle, ${formatDistance(day.distanceKm!, units)}${climb}`;
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
  /** Kilometres and metres (`metric`, the default) or miles and feet (`imperial`). */
  units?: RideProfileUnits;
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
  units = 'metric',
  className,
  ...rest
}: RideProfileProps) {
  const distanceUnit = units === 'metric' ? 'km' : 'mi';
  const summary = rideProfileSummary(days);
  const valueOf = (day: RideProfileDay) => (scaleBy === 'hours' ? day.hours : day.distanceKm) ?? 0;
  /** A bar's figure: hours, or the distance in the reader's unit without it. */
  const figure = (day: RideProfileDay) =>
    scaleBy === 'hours' ? formatAmount(day.hours!) : distanceIn(day.distanceKm!, units);
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
                  aria-label={rideProfileDayName(day, units)}
                >
                  <span className="gk-ride-profile__value" aria-hidden="true">
                    {day.restDay ? (
                      'Rest'
                    ) : numbers ? (
                      <>
                        {figure(day)}
                        <span className="gk-ride-profile__unit">
                          {scaleBy === 'hours' ? ' h' : ` ${distanceUnit}`}
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
              <dd>{formatDistance(summary.totalKm, units)}</dd>
            </div>
            <div>
              <dt>In the saddle</dt>
              <dd>{formatAmount(summary.totalHours)} h</dd>
            </div>
            <div>
              <dt>Longest day</dt>
              <dd>
                {summary.longest
                  ? `Day ${summary.longest.day} · ${formatAmount(summary.longest.hours!)} h · ${formatDistance(summary.longest.distanceKm!, units)}`
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
