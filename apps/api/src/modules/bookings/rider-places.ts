/**
 * What a booking's riders ask of a date: a seat each, and a heavier-horse place for each rider
 * above the tour's standard weight limit (`needsHeavyHorse` of @gallop/rider-fit, the rule the
 * web's fit indicator shows). A rider above the heavier horses' limit cannot book at all.
 */
import { needsHeavyHorse } from '@gallop/rider-fit';
import { unprocessable } from '#src/http/http-error.ts';
import type { Places, TakeResult } from './seats.ts';

export interface WeightLimits {
  maxRiderWeightKg: number;
  heavyRiderWeightKg: number;
}

interface WeighedRider {
  weight: number | null;
}

/** No horse of this tour carries a rider this heavy: 422 on that rider's weight. */
export function refuseOverweight(riders: readonly WeighedRider[], tour: WeightLimits): void {
  const index = riders.findIndex(
    (rider) => rider.weight !== null && rider.weight > tour.heavyRiderWeightKg,
  );
  if (index < 0) return;
  const text = `No horse on this tour carries riders over ${tour.heavyRiderWeightKg} kg`;
  throw unprocessable(text, { [`tourists.${index}.weight`]: [text] });
}

/** The places `riders` take (a rider without a weight takes a standard horse). */
export function placesFor(riders: readonly WeighedRider[], tour: WeightLimits): Places {
  return {
    seats: riders.length,
    heavy: riders.filter((rider) => rider.weight !== null && needsHeavyHorse(rider.weight, tour))
      .length,
  };
}

/** 422 for a date that is short of seats or heavier horses, on the field the form shows it. */
export function placesShortError(
  short: Extract<TakeResult, { taken: false }>,
  riders: readonly WeighedRider[],
  tour: WeightLimits,
) {
  if (short.short === 'seats') {
    const text =
      short.free === 0
        ? 'No seats are left on this date'
        : `Only ${short.free} seat(s) left on this date`;
    return unprocessable(text, { tourists: [text] });
  }
  const heavyHorses =
    short.free === 0
      ? `No horse for riders over ${tour.maxRiderWeightKg} kg is left on this date`
      : `Only ${short.free} horse(s) for riders over ${tour.maxRiderWeightKg} kg left on this date`;
  const first = riders.findIndex(
    (rider) => rider.weight !== null && needsHeavyHorse(rider.weight, tour),
  );
  return unprocessable(heavyHorses, {
    [first >= 0 ? `tourists.${first}.weight` : 'tourists']: [heavyHorses],
  });
}
