import type { RideProfileDay } from '@gallop/ui-kit';
import type { Tour } from '../../api';

type ProgramDay = NonNullable<Tour['program']>[number];

/** A programme day's numbers (decision 113) as `RideProfile` and `ridingDayLine` take them. */
export function toRideProfileDay(day: ProgramDay): RideProfileDay {
  const riding = day.riding;
  return {
    day: day.day,
    restDay: riding?.rest_day ?? false,
    hours: riding?.hours ?? null,
    distanceKm: riding?.distance_km ?? null,
    ascentM: riding?.ascent_m ?? null,
    overnight: riding?.overnight?.name ?? null,
  };
}

/** Whether any day of the programme states its numbers (the profile shows only then). */
export function hasRidingNumbers(days: readonly ProgramDay[]): boolean {
  return days.some((day) => day.riding);
}
