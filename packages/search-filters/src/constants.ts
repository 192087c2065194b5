/** Business caps (docs/product.md, Constants): the API never receives values beyond them. */
export const FILTER_LIMITS = {
  /** Price cap for the total price range. */
  priceMax: 200_000,
  /** Price per day cap. */
  pricePerDayMax: 30_000,
  /** Days cap for the duration range. */
  daysMax: 20,
  /** A minimum age at or above this is an adult tour: the filter is dropped. */
  adultAge: 18,
} as const;

/**
 * Sort values (docs/product.md, Entities): `price` is cheaper first, `-price` more expensive first.
 * `fit` is "fits me first" (issue 46, decision 109): the tours the visitor's rider passport fits,
 * then the stretches, then the rest, each in the default order. The passport goes with the API
 * call (`X-Rider-Passport`), never in the address; without one, `fit` is the default order.
 */
export const SORT_VALUES = ['default', 'price', '-price', 'fit'] as const;
export type Sort = (typeof SORT_VALUES)[number];
export const DEFAULT_SORT = 'default' satisfies Sort;
// The sorts' names are in `sort-labels.ts`, the other values' in `labels.ts`: only the search
// page and the tour page show them.

/** Who runs the tour (docs/product.md, Entities); `any` means no filter. */
export const OPERATOR_TYPES = ['any', 'organization', 'author'] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];

/**
 * Tour type: 1 tour, 2 excursion (docs/product.md, Entities). Type 1 is the default and is omitted.
 */
export const TOUR_TYPES = [1, 2] as const;
export type TourType = (typeof TOUR_TYPES)[number];

/** Cruise types (the `cruisesType` filter): 1 river, 2 sea, 3 lake. */
export const CRUISE_TYPES = [1, 2, 3] as const;
export type CruiseType = (typeof CRUISE_TYPES)[number];

export const COMFORT_LEVELS = ['base', 'base_plus', 'medium', 'improved', 'premium'] as const;
export type Comfort = (typeof COMFORT_LEVELS)[number];

/** Accommodation kinds a tour has (docs/product.md, Entities). */
export const ACCOMMODATIONS = [
  'camp-site',
  'guest-house',
  'flat',
  'cabin',
  'hotel',
  'tent',
  'train',
  'not-set',
] as const;
export type Accommodation = (typeof ACCOMMODATIONS)[number];
/** What the accommodation filter offers: every kind plus `any` (no filter) and `tourist-base`. */
export const ACCOMMODATION_FILTERS = ['any', 'tourist-base', ...ACCOMMODATIONS] as const;
export type AccommodationFilter = (typeof ACCOMMODATION_FILTERS)[number];

export const DIFFICULTY_LEVELS = [1, 2, 3, 4] as const;
export type Difficulty = (typeof DIFFICULTY_LEVELS)[number];

/**
 * The options the `max_hours` facet counts (`maxHours`, hours in the saddle on the longest day):
 * each counts the tours whose longest day is at most that many hours. `maxHours` itself takes any
 * half hour from 1 to 12.
 */
export const MAX_HOURS_OPTIONS = [3, 4, 5, 6, 8] as const;

/**
 * The horse-welfare commitments a search can ask for (`welfare`, decision 122), each read from the
 * tour's effective welfare statement (its own values over its organizer's, decision 114); every
 * chosen one must hold. A tour whose organizer has not stated welfare holds none. The order is
 * the URL's and the filter panel's.
 */
export const WELFARE_COMMITMENTS = [
  'two_rest_days',
  'short_working_days',
  'herd_turnout',
  'vet_on_call',
  'retirement_home',
] as const;
export type WelfareCommitment = (typeof WELFARE_COMMITMENTS)[number];

/** Kinds of direction a search can start from (docs/product.md, Screens). */
export const DIRECTION_KINDS = [
  'cities',
  'regions',
  'countries',
  'world_parts',
  'showplaces',
  'water_objects',
] as const;
export type DirectionKind = (typeof DIRECTION_KINDS)[number];

/** Kinds of filter on the search page (docs/product.md, Screens), cruise-specific kinds last. */
export const FILTER_KINDS = [
  'common',
  'organizer',
  'direction',
  'dates',
  'restKinds',
  'price',
  'duration',
  'accommodation',
  'minAge',
  'difficulty',
  'languages',
  'collections',
  'groupSize',
  'comfort',
  'riderLevel',
  'tack',
  'hours',
  'riderWeight',
  'welfare',
  'cruisesType',
  'cruisesStartCity',
  'cruisesCabinsCapacity',
  'ships',
  'onlyReturningCruises',
] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];
