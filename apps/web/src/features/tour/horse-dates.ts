import { needsHeavyHorse } from '@gallop/rider-fit';
import { noHorseOnDate, type TourRidingBrief } from '../../lib/rider-fit';
import { cheapestUpcomingDate, isBookable, type TourDate } from '../../lib/tour-format';
import { useVisitorPassportOnly } from '../../lib/visitor-passport';

/*
 * Which of a tour's dates have a horse for the weight of the visitor's rider passport. The dates
 * table, the booking box and the fit panel ask the same question, so they share one answer:
 * `noHorseOnDate` (lib/rider-fit.ts) on each date's heavier-horse places.
 */

/** Whether a date has no horse for the rider: the dates table's 'No horse for your weight'. */
export type NoHorse = (date: TourDate) => boolean;

/** Without a passport weight every date may have a horse: nothing is marked or skipped. */
export const horsesUnknown: NoHorse = () => false;

/** The test of a date for a rider of `weightKg` (null: no weight known, no date ruled out). */
export function noHorseFor(weightKg: number | null, riding: TourRidingBrief): NoHorse {
  if (weightKg === null) return horsesUnknown;
  return (date) => noHorseOnDate(weightKg, riding, date.heavy_places_free);
}

/**
 * The weight of the visitor's rider passport: null during the server render and the render that
 * hydrates (the server knows no passport), without a passport, and without a weight in it.
 */
export function usePassportWeight(): number | null {
  return useVisitorPassportOnly()?.weightKg ?? null;
}

export interface BookingDate {
  /** The date the booking box offers; undefined when no date can be booked. */
  date: TourDate | undefined;
  /** Dates can be booked, but none has a horse for the rider: the box offers the cheapest. */
  noDateHasHorse: boolean;
  /** Cheaper dates were passed over: they have no horse for the rider. */
  cheaperWithoutHorse: boolean;
}

/**
 * The date the booking box offers: the cheapest bookable date with a horse for the rider, or the
 * cheapest bookable date when none has one (or nothing is known of the rider).
 */
export function bookingDate(dates: readonly TourDate[], noHorse: NoHorse): BookingDate {
  const cheapest = cheapestUpcomingDate(dates);
  const withHorse = cheapestUpcomingDate(dates.filter((date) => !noHorse(date)));
  return {
    date: withHorse ?? cheapest,
    noDateHasHorse: cheapest !== undefined && withHorse === undefined,
    cheaperWithoutHorse: withHorse !== undefined && withHorse !== cheapest,
  };
}

/**
 * For a rider of `weightKg` who needs one of the heavier horses, the bookable dates with a horse
 * for them (soonest first, as the dates come); undefined for a rider the standard horses carry.
 */
export function heavyHorseDates(
  weightKg: number | null,
  riding: TourRidingBrief,
  dates: readonly TourDate[],
): TourDate[] | undefined {
  if (weightKg === null) return undefined;
  if (!needsHeavyHorse(weightKg, { maxRiderWeightKg: riding.max_rider_weight_kg })) {
    return undefined;
  }
  const noHorse = noHorseFor(weightKg, riding);
  return dates.filter((date) => isBookable(date) && !noHorse(date));
}
