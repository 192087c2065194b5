/**
 * What a booking's riders ask of a date: a seat each, and a heavier-horse place for each rider
 * above the tour's standard weight limit (`needsHeavyHorse` of @gallop/rider-fit, the rule the
 * web's fit indicator shows). A rider above the heavier horses' limit cannot book at all.
 */
import { formatWeight, formatWeightLimit, needsHeavyHorse } from '@gallop/rider-fit';
import { unprocessable } from '#src/http/http-error.ts';
import type { Places, TakeResult } from './seats.ts';

export interface WeightLimits {
  maxRiderWeightKg: number;
  heavyRiderWeightKg: number;
}

/**
 * A rider's "110 kg (243 lb)": an answer's words reach travellers who weigh in either unit. A
 * limit passes `formatWeightLimit`: "110 kg (242 lb)", in pounds the most a rider may type and
 * stay within it (243 lb is kept as 110.2 kg), as the pages write it (decision 165).
 */
export const inBothUnits = (kg: number, format = formatWeight) =>
  `${format(kg, 'kg')} (${format(kg, 'lb')})`;

/** A limit in both units: "110 kg (242 lb)" (the tour pages' own answers write it so too). */
export const limitInBothUnits = (kg: number) => inBothUnits(kg, formatWeightLimit);

interface WeighedRider {
  weight: number | null;
}

/** No horse of this tour carries a rider this heavy: 422 on that rider's weight. */
export function refuseOverweight(riders: readonly WeighedRider[], tour: WeightLimits): void {
  const index = riders.findIndex(
    (rider) => rider.weight !== null && rider.weight > tour.heavyRiderWeightKg,
  );
  if (index < 0) return;
  const text = `No horse on this tour carries riders over ${limitInBothUnits(tour.heavyRiderWeightKg)}`;
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
  if (short.short === 'nonRiders') {
    const text =
      short.free === 0
        ? 'No places for non-riders are left on this date'
        : `Only ${short.free} place(s) for non-riders left on this date`;
    return unprocessable(text, { tourists: [text] });
  }
  if (short.short === 'seats') {
    const text =
      short.free === 0
        ? 'No seats are left on this date'
        : `Only ${short.free} seat(s) left on this date`;
    return unprocessable(text, { tourists: [text] });
  }
  const heavyHorses =
    short.free === 0
      ? `No horse for riders over ${limitInBothUnits(tour.maxRiderWeightKg)} is left on this date`
      : `Only ${short.free} horse(s) for riders over ${limitInBothUnits(tour.maxRiderWeightKg)} left on this date`;
  const first = riders.findIndex(
    (rider) => rider.weight !== null && needsHeavyHorse(rider.weight, tour),
  );
  return unprocessable(heavyHorses, {
    [first >= 0 ? `tourists.${first}.weight` : 'tourists']: [heavyHorses],
  });
}

const NON_RIDERS_REFUSED = 'This tour does not take companions who do not ride';
const NON_RIDERS_NOT_ON_DATE = 'This date takes no companions who do not ride';
const NON_RIDERS_NEED_DATE = 'Choose a date to bring companions who do not ride';
export const NON_RIDERS_ADD_LATER =
  'Write to the organizer to bring a companion who does not ride on this booking';
export const A_RIDER_NEEDED = 'A booking needs at least one rider';

interface Traveller {
  rides: boolean;
}

/**
 * 422 unless the booking's non-riders may come (decision 118): the tour welcomes them, the date
 * prices them, and at least one traveller rides. Errors name the first non-rider as sent.
 */
export function refuseNonRiders(
  travellers: readonly Traveller[],
  tour: { nonRidersWelcome: boolean },
  date: { nonRiderPrice: number | null } | undefined,
): void {
  if (!travellers.some((t) => t.rides)) {
    throw unprocessable(A_RIDER_NEEDED, { tourists: [A_RIDER_NEEDED] });
  }
  const first = travellers.findIndex((t) => !t.rides);
  if (first < 0) return;
  const text = !tour.nonRidersWelcome
    ? NON_RIDERS_REFUSED
    : !date
      ? NON_RIDERS_NEED_DATE
      : date.nonRiderPrice === null
        ? NON_RIDERS_NOT_ON_DATE
        : undefined;
  if (text) throw unprocessable(text, { [`tourists.${first}.rides`]: [text] });
}
