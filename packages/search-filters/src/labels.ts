/**
 * The filter values' names as the site writes them. A module of its own, like `sort-labels.ts`:
 * the values are read in every page's first load (the search address), the names only where the
 * search filters and a tour's facts show.
 */
import type {
  AccommodationFilter,
  Comfort,
  CruiseType,
  Difficulty,
  OperatorType,
  TourType,
  WelfareCommitment,
} from './constants';

export const OPERATOR_TYPE_LABELS: Readonly<Record<OperatorType, string>> = {
  any: 'Any',
  organization: 'Organization',
  author: 'Author',
};

export const TOUR_TYPE_LABELS: Readonly<Record<TourType, string>> = { 1: 'Tour', 2: 'Excursion' };

export const CRUISE_TYPE_LABELS: Readonly<Record<CruiseType, string>> = {
  1: 'River cruise',
  2: 'Sea cruise',
  3: 'Lake cruise',
};

export const COMFORT_LABELS: Readonly<Record<Comfort, string>> = {
  base: 'Basic',
  base_plus: 'Basic plus',
  medium: 'Medium',
  improved: 'Improved',
  premium: 'Premium',
};

export const ACCOMMODATION_LABELS: Readonly<Record<AccommodationFilter, string>> = {
  any: 'Any',
  'tourist-base': 'Tourist base',
  'camp-site': 'Campsite',
  'guest-house': 'Guest house',
  flat: 'Apartment',
  cabin: 'Cabin',
  hotel: 'Hotel',
  tent: 'Tent',
  train: 'Train',
  'not-set': 'Not specified',
};

export const DIFFICULTY_LABELS: Readonly<Record<Difficulty, string>> = {
  1: 'Easy',
  2: 'Moderate',
  3: 'Challenging',
  4: 'Extreme',
};

/** The welfare commitments as a rider asks for them (decision 122). */
export const WELFARE_COMMITMENT_LABELS: Readonly<Record<WelfareCommitment, string>> = {
  two_rest_days: 'Two rest days a week or more',
  short_working_days: 'At most 6 working hours a day',
  herd_turnout: 'Horses live in a herd',
  vet_on_call: 'Vet on call',
  retirement_home: 'Retired horses kept or rehomed',
};
