import type { components } from '@gallop/api-client';
import { RIDER_LEVELS } from '@gallop/rider-fit';
import type { TourRow } from '../tour-card.ts';

export type TourRiding = components['schemas']['TourRiding'];

/** The tour's riding requirements as the contract shows them (decision 106). */
export function tourRiding(tour: TourRow): TourRiding {
  return {
    // The column is checked to 0-4 by the database.
    level: RIDER_LEVELS[tour.riderLevel] ?? 'novice',
    pace_mix: {
      walk: tour.paceWalk,
      trot: tour.paceTrot,
      canter: tour.paceCanter,
      gallop: tour.paceGallop,
    },
    terrain: tour.terrain,
    hours_typical_day: tour.hoursTypicalDay,
    hours_longest_day: tour.hoursLongestDay,
    tack: tour.tack,
    other_tack_on_request: tour.otherTackOnRequest,
    horses: { breed: tour.horseBreed, herd_size: tour.herdSize },
    max_rider_weight_kg: tour.maxRiderWeightKg,
    heavy_rider_weight_kg: tour.heavyRiderWeightKg,
    min_riding_age: tour.minRidingAge,
    max_riding_age: tour.maxRidingAge,
    non_riders_welcome: tour.nonRidersWelcome,
  };
}
