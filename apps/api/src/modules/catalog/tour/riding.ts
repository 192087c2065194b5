import type { components } from '@gallop/api-client';
import { RIDER_LEVELS } from '@gallop/rider-fit';
import type { tours } from '#src/db/schema/index.ts';

export type TourRiding = components['schemas']['TourRiding'];
export type TourRidingBrief = components['schemas']['TourRidingBrief'];

type TourRow = typeof tours.$inferSelect;

/** The columns of a tour its card's riding brief is made of. */
export type RidingBriefRow = Pick<
  TourRow,
  | 'riderLevel'
  | 'hoursLongestDay'
  | 'tack'
  | 'otherTackOnRequest'
  | 'maxRiderWeightKg'
  | 'heavyRiderWeightKg'
  | 'minRidingAge'
  | 'maxRidingAge'
  | 'nonRidersWelcome'
>;

/** What matching a rider needs, on every card (decision 106). */
export function ridingBrief(tour: RidingBriefRow): TourRidingBrief {
  return {
    // The column is checked to 0-4 by the database.
    level: RIDER_LEVELS[tour.riderLevel] ?? 'novice',
    hours_longest_day: tour.hoursLongestDay,
    tack: tour.tack,
    other_tack_on_request: tour.otherTackOnRequest,
    max_rider_weight_kg: tour.maxRiderWeightKg,
    heavy_rider_weight_kg: tour.heavyRiderWeightKg,
    min_riding_age: tour.minRidingAge,
    max_riding_age: tour.maxRidingAge,
    non_riders_welcome: tour.nonRidersWelcome,
  };
}

/** The tour's riding requirements as the tour page shows them (decision 106). */
export function tourRiding(tour: TourRow): TourRiding {
  return {
    ...ridingBrief(tour),
    pace_mix: {
      walk: tour.paceWalk,
      trot: tour.paceTrot,
      canter: tour.paceCanter,
      gallop: tour.paceGallop,
    },
    terrain: tour.terrain,
    hours_typical_day: tour.hoursTypicalDay,
    horses: { breed: tour.horseBreed, herd_size: tour.herdSize },
  };
}
