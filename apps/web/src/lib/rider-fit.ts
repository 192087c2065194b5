/**
 * Rider fit on the web (issue 46): the contract's riding requirements (snake_case) matched by
 * `@gallop/rider-fit` against a rider passport or a booking's rider. Pure functions, no React:
 * cards, the tour page and the booking form share them.
 */
import type { components } from '@gallop/api-client';
import {
  matchRider,
  needsHeavyHorse,
  passportProfile,
  type HeavyPlaces,
  type RiderFit,
  type RiderPassport,
  type RiderProfile,
  type RidingRequirements,
  type WeightUnit,
} from '@gallop/rider-fit';

export type TourRidingBrief = components['schemas']['TourRidingBrief'];

/** The contract's riding brief as `@gallop/rider-fit` reads requirements. */
export function ridingRequirements(riding: TourRidingBrief): RidingRequirements {
  return {
    level: riding.level,
    hoursLongestDay: riding.hours_longest_day,
    tack: riding.tack,
    otherTackOnRequest: riding.other_tack_on_request,
    maxRiderWeightKg: riding.max_rider_weight_kg,
    heavyRiderWeightKg: riding.heavy_rider_weight_kg,
    minRidingAge: riding.min_riding_age,
    maxRidingAge: riding.max_riding_age,
  };
}

/**
 * How a rider fits a tour: `heavy` is what the match may count on for a rider who needs a
 * heavier horse (a card's best date, `any-date`; one date's free places, `date`). The reasons
 * write weights in `weightUnit` (the visitor's, `useWeightUnit`).
 */
export function tourFit(
  rider: RiderProfile,
  riding: TourRidingBrief,
  {
    heavy,
    weightUnit,
    riderName,
  }: {
    heavy?: HeavyPlaces | undefined;
    weightUnit?: WeightUnit;
    /** A booking form's rider, spoken of by name ("Sam weighs 102 kg"); none: "you". */
    riderName?: string | undefined;
  } = {},
): RiderFit {
  return matchRider(rider, ridingRequirements(riding), heavy, { weightUnit, riderName });
}

/** How the holder of a passport fits a tour; `age` only when a booking's rider gives it. */
export function passportFit(
  passport: RiderPassport,
  riding: TourRidingBrief,
  {
    heavy,
    age,
    weightUnit,
  }: { heavy?: HeavyPlaces | undefined; age?: number; weightUnit?: WeightUnit } = {},
): RiderFit {
  return tourFit(passportProfile(passport, age), riding, { heavy, weightUnit });
}

/**
 * Whether a rider of `weightKg` has no horse on a date: above the heavier horses' limit, or above
 * the standard one when the date's heavier horses are all taken. `false` while the date's count
 * is unknown.
 */
export function noHorseOnDate(
  weightKg: number,
  riding: TourRidingBrief,
  heavyPlacesFree: number | undefined,
): boolean {
  if (!needsHeavyHorse(weightKg, ridingRequirements(riding))) return false;
  if (weightKg > riding.heavy_rider_weight_kg) return true;
  return heavyPlacesFree !== undefined && heavyPlacesFree <= 0;
}

/**
 * Each rider of a booking form against one date, in the form's order: a rider who needs a heavier
 * horse takes one of the date's `heavyPlacesFree` (when one is left), so the riders below count on
 * fewer. `heavyPlacesFree` undefined: the date's count is unknown and weight is checked against
 * the limits only.
 */
export function ridersFit(
  riders: readonly RiderProfile[],
  riding: TourRidingBrief,
  heavyPlacesFree: number | undefined,
  weightUnit?: WeightUnit,
  /** Each rider's name, in the form's order: the reasons speak of them by it. */
  names: readonly (string | undefined)[] = [],
): RiderFit[] {
  const requirements = ridingRequirements(riding);
  let free = heavyPlacesFree;
  return riders.map((rider, index) => {
    const fit = matchRider(
      rider,
      requirements,
      free === undefined ? undefined : { free, scope: 'date' },
      { weightUnit, riderName: names[index] },
    );
    const weight = rider.weightKg;
    const takesHeavyHorse =
      weight !== undefined &&
      needsHeavyHorse(weight, requirements) &&
      weight <= requirements.heavyRiderWeightKg;
    if (takesHeavyHorse && free !== undefined && free > 0) free -= 1;
    return fit;
  });
}

/** The weight reason of a fit that rules the rider out, if any: the one a booking cannot pass. */
export function weightRefusal(fit: RiderFit): string | undefined {
  return fit.reasons.find(
    (reason) => reason.check === 'weight' && reason.verdict === 'not-suitable',
  )?.text;
}

/** What choosing another date needs to know of it. */
interface DatePlaces {
  id: number;
  heavy_places_free?: number | undefined;
  number_of_free_seats?: number | undefined;
}

/**
 * Up to `limit` other dates (in the order given) on which rider `index` of `riders` gets a horse:
 * a heavier one is still free for them after the riders above take theirs, and the date has a
 * seat for every rider. For a rider the weight rules out on the chosen date.
 */
export function datesWithHorseFor<Date extends DatePlaces>(
  riders: readonly RiderProfile[],
  index: number,
  riding: TourRidingBrief,
  dates: readonly Date[],
  { except, limit = 3 }: { except?: number | undefined; limit?: number } = {},
): Date[] {
  return dates
    .filter(
      (date) =>
        date.id !== except &&
        (date.number_of_free_seats ?? riders.length) >= riders.length &&
        date.heavy_places_free !== undefined,
    )
    .filter((date) => {
      const fit = ridersFit(riders, riding, date.heavy_places_free)[index];
      return fit !== undefined && weightRefusal(fit) === undefined;
    })
    .slice(0, limit);
}
