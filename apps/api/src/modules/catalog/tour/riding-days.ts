/**
 * A programme day in numbers (decision 113): the contract's `RidingDay` from the stored day, and
 * the tour's saddle hours derived from its days, so the rider-fit filter ("at most N hours a
 * day") reads the numbers the tour page shows.
 */
import type { components } from '@gallop/api-client';
import type { StoredProgramDay, StoredRidingDay } from '#src/db/schema/index.ts';

type RidingDay = components['schemas']['RidingDay'];

export function toRidingDay(riding: StoredRidingDay | null | undefined): RidingDay | null {
  if (!riding) return null;
  return {
    rest_day: riding.restDay,
    hours: riding.restDay ? null : riding.hours,
    distance_km: riding.restDay ? null : riding.distanceKm,
    ascent_m: riding.restDay ? null : riding.ascentM,
    pace_mix: riding.restDay ? null : riding.pace,
    overnight: riding.overnight,
  };
}

/** Rounds to the half hour a programme states hours in. */
const toHalfHour = (hours: number) => Math.round(hours * 2) / 2;

/**
 * The tour's typical and longest day from its programme's numbers, or null when no day states
 * its hours. The longest day is the most hours of any day (the rider-fit filter compares it).
 * The typical day is the median of the full riding days, those of at least half the longest
 * day's hours: a short first ride on arrival or a farewell hour does not make a ride easy (upper
 * median when their count is even, rounded to the half hour).
 */
export function saddleHours(
  days: readonly Pick<StoredProgramDay, 'riding'>[],
): { hoursTypicalDay: number; hoursLongestDay: number } | null {
  const hours = days
    .flatMap(({ riding }) =>
      riding && !riding.restDay && riding.hours !== null && riding.hours > 0 ? [riding.hours] : [],
    )
    .sort((a, b) => a - b);
  const longest = hours.at(-1);
  if (longest === undefined) return null;
  const full = hours.filter((value) => value >= longest / 2);
  const median = full[Math.floor(full.length / 2)]!;
  return { hoursTypicalDay: toHalfHour(median), hoursLongestDay: toHalfHour(longest) };
}
