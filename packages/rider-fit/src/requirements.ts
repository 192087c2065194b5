import type { RiderLevel, Tack } from './levels';

/** What a tour asks of its riders; each a field, not prose. Weights are kilograms with clothing. */
export interface RidingRequirements {
  level: RiderLevel;
  /** Hours in the saddle on the longest programme day. */
  hoursLongestDay: number;
  tack: Tack;
  /** Whether the organizer can saddle a horse in another tack on request. */
  otherTackOnRequest: boolean;
  /** The standard horses' limit. */
  maxRiderWeightKg: number;
  /**
   * The heavier horses' limit: riders between the two need a heavier-horse place on the date.
   * Equal to `maxRiderWeightKg` when the tour has no heavier horses.
   */
  heavyRiderWeightKg: number;
  minRidingAge: number;
  /** `null`: no upper age. */
  maxRidingAge: number | null;
}

/** A rider as matching sees them: every field optional (a passport may be partly filled). */
export interface RiderProfile {
  level?: RiderLevel | undefined;
  tack?: Tack | undefined;
  /** Hours a day the rider is comfortable riding. */
  hoursPerDay?: number | undefined;
  weightKg?: number | undefined;
  age?: number | undefined;
}

/**
 * The heavier-horse places the match may count on: on one date (the booking form, a date row),
 * the most free on one of the dates a search narrowed the tour to (a card in a search with a date
 * window, lengths or prices), or the most free on any bookable date (a card, the tour page before
 * a date is chosen).
 */
export interface HeavyPlaces {
  free: number;
  /**
   * Whether this is one date's count (`date`), the best of the dates a search matched
   * (`searched-dates`) or the best of the tour's bookable dates (`any-date`).
   */
  scope: 'date' | 'searched-dates' | 'any-date';
}
