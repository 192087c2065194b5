/**
 * The search rules both implementations of the port apply: the index here and the SQL search in
 * the API (`apps/api/src/modules/catalog/search/conditions.ts`, `facets.ts`) import them from this
 * one place, so a rule cannot drift between them. What a filter means is in the API's search
 * README ("Filter semantics").
 */
import {
  MAX_HOURS_OPTIONS,
  RIDER_LEVELS,
  WELFARE_COMMITMENTS,
  type RiderLevel,
  type SearchFilters,
  type WelfareCommitment,
} from '@gallop/search-filters';

/** Filter kinds with facets: a facet counts over the result filtered by every *other* kind. */
export const TOUR_FACETS = [
  'countries',
  'regions',
  'cities',
  'rest_kinds',
  'collections',
  'languages',
  'comfort',
  'accommodation',
  'difficulty',
  // The riding requirements (decision 106); `rider_level` and `max_hours` count "at most"
  // (`AT_MOST_FACETS`).
  'rider_level',
  'tack',
  'max_hours',
  // Horse-welfare commitments (decision 122): a tour counts for each one it holds.
  'welfare',
  'organizers',
  'operator_types',
  'world_parts',
  'showplaces',
  // The cruise kinds: only cruises hold their values.
  'water_objects',
  'cruise_types',
  'cruise_start_cities',
  'ships',
  'cabins_capacity',
  'returning_cruises',
] as const;
export type TourFacet = (typeof TOUR_FACETS)[number];

/**
 * The kinds whose filter keeps the tours at or below a value, with the options their facet counts
 * (each option counting the tours at or below it): a rider level (a tour for my level or below,
 * ranked 0 beginner … 4 advanced) and the hours in the saddle on the longest day (3, 4, 5, 6 and 8
 * hours). `value` is the facet value as text, `rank` the option in the kind's own scale.
 */
export const AT_MOST_FACETS = {
  rider_level: RIDER_LEVELS.map((level, rank) => ({ value: level, rank })),
  max_hours: MAX_HOURS_OPTIONS.map((hours) => ({ value: String(hours), rank: hours })),
} as const satisfies Partial<Record<TourFacet, readonly { value: string; rank: number }[]>>;

/** A rider level's rank: 0 beginner … 4 advanced (the tours' `rider_level` column). */
export const riderLevelRank = (level: RiderLevel) => RIDER_LEVELS.indexOf(level);

/**
 * A tour's effective horse-welfare statement (decision 114): its own values over its
 * organizer's. Null when the organizer has not stated one (a tour's own values alone say too
 * little, as the tour page's card says).
 */
export interface EffectiveWelfare {
  restDaysPerWeek: number;
  maxWorkHours: number;
  /** `herd_pasture`, `herd_daytime`, `paddocks` or `stables`. */
  turnout: string;
  vetOnCall: boolean;
  /** `kept_for_life`, `rehomed` or `sold` (the organizer's alone). */
  retirement: string;
}

/**
 * What each welfare commitment asks of the effective statement (decision 122). The SQL search
 * compiles the same numbers and lists (`conditions.ts`), the index calls `welfareCommitmentsOf`.
 */
export const WELFARE_RULES = {
  /** `two_rest_days`: at least this many rest days a week. */
  minRestDays: 2,
  /** `short_working_days`: at most this many working hours a day. */
  maxWorkHours: 6,
  /** `herd_turnout`: the horses live in a herd, day and night or by day. */
  herdTurnouts: ['herd_pasture', 'herd_daytime'],
  /** `retirement_home`: retired horses stay for life or go to a known home (not sold). */
  retirementHomes: ['kept_for_life', 'rehomed'],
} as const;

/** The commitments a statement holds, in `WELFARE_COMMITMENTS` order; none when not stated. */
export function welfareCommitmentsOf(welfare: EffectiveWelfare | null): WelfareCommitment[] {
  if (!welfare) return [];
  const holds: Record<WelfareCommitment, boolean> = {
    two_rest_days: welfare.restDaysPerWeek >= WELFARE_RULES.minRestDays,
    short_working_days: welfare.maxWorkHours <= WELFARE_RULES.maxWorkHours,
    herd_turnout: (WELFARE_RULES.herdTurnouts as readonly string[]).includes(welfare.turnout),
    vet_on_call: welfare.vetOnCall,
    retirement_home: (WELFARE_RULES.retirementHomes as readonly string[]).includes(
      welfare.retirement,
    ),
  };
  return WELFARE_COMMITMENTS.filter((commitment) => holds[commitment]);
}

/** Commitments as a bitmask: bit `i` is `WELFARE_COMMITMENTS[i]` (the index's `welfare` column). */
export function welfareMaskOf(commitments: readonly WelfareCommitment[]): number {
  return commitments.reduce((mask, key) => mask | (1 << WELFARE_COMMITMENTS.indexOf(key)), 0);
}

/**
 * What a tour says about the ages it takes: `minAge`, the youngest traveller it takes at all; its
 * riding ages (decision 106); and whether companions who do not ride come along (decision 118).
 */
export interface TourAges {
  minAge: number;
  /** Null: no lower riding age (the column is required today; the rule reads none as none). */
  minRidingAge: number | null;
  /** Null: no upper riding age. */
  maxRidingAge: number | null;
  nonRidersWelcome: boolean;
}

/**
 * Whether someone of `age` may ride on the tour: within its riding ages, exactly where
 * `matchRider` of `@gallop/rider-fit` gives no age reason ("Riders from N years").
 */
export function canRideAt(tour: TourAges, age: number): boolean {
  return (
    (tour.minRidingAge === null || tour.minRidingAge <= age) &&
    (tour.maxRidingAge === null || tour.maxRidingAge >= age)
  );
}

/**
 * The `minAge` filter, "the age of the youngest traveller" (decision 149): a child of `age` can
 * join a tour that takes travellers that young when the child can ride on it, or when the tour
 * welcomes non-riders and the child comes along without riding. The tour's flag decides, not a
 * date's non-rider places: it is "the one switch cards and filters read" (decision 118).
 */
export function childCanJoin(tour: TourAges, age: number): boolean {
  return tour.minAge <= age && (tour.nonRidersWelcome || canRideAt(tour, age));
}

/**
 * The ages `childCanJoin` holds for, as one range: `from` to `to` (`Infinity`: no upper age),
 * empty when `from > to`. Welcoming non-riders, a tour takes every age from its minimum;
 * otherwise the riding ages within it. The index keeps the two ends per tour.
 */
export function childAgeRange(tour: TourAges): { from: number; to: number } {
  if (tour.nonRidersWelcome) return { from: tour.minAge, to: Infinity };
  return {
    from: Math.max(tour.minAge, tour.minRidingAge ?? tour.minAge),
    to: tour.maxRidingAge ?? Infinity,
  };
}

/** `tourist-base` is not a kind of its own: it stands for these simple lodgings. */
export const TOURIST_BASE_ACCOMMODATIONS = ['camp-site', 'guest-house', 'cabin'] as const;

/** A radius search around a point (`lat`/`lng`, or the city named by `placeName`). */
export interface Place {
  lat: number;
  lng: number;
  radiusKm: number;
}

/**
 * An amount in the request's currency as USD minor units, the unit prices are stored in (the
 * caller owns the rates; see `lowerUsd`).
 */
export type ToUsdMinor = (amount: number) => number;

// Bounds are converted once and compared with the stored USD prices; a tiny epsilon keeps a
// bound that converts to a whole number of cents from being lost to floating point.
const EPSILON = 1e-6;
/** A lower price bound in USD minor units, rounded up. */
export const lowerUsd = (amount: number, toUsdMinor: ToUsdMinor) =>
  Math.ceil(toUsdMinor(amount) - EPSILON);
/** An upper price bound in USD minor units, rounded down. */
export const upperUsd = (amount: number, toUsdMinor: ToUsdMinor) =>
  Math.floor(toUsdMinor(amount) + EPSILON);

/** The first day a date may start on: `dateFrom` when it is after today (past dates never match). */
export function effectiveDateFrom(filter: SearchFilters, today: string): string | undefined {
  return filter.dateFrom !== undefined && filter.dateFrom > today ? filter.dateFrom : undefined;
}

/** Operator types a tour must have: `isAuthorTourSearch=1` is the authors' tab; with `operatorType` both must hold. */
export function requiredOperatorTypes(filter: SearchFilters): string[] {
  return [
    ...(filter.isAuthorTourSearch ? ['author'] : []),
    ...(filter.operatorType !== 'any' ? [filter.operatorType] : []),
  ];
}

/**
 * How many organizers a facets answer lists, the most tours first, besides the chosen one: a
 * catalogue of a million tours has 20,000 with a count (decision 043).
 */
export const ORGANIZER_FACET_LIMIT = 100;

/**
 * One counted value of a kind, as either implementation answers it; or (kind `price`) the price
 * range in USD minor units; or (kind `organizers_total`, in `count`) how many organizers counted,
 * when the rows hold only the organizers that can be listed (the index picks them:
 * `organizerRows`).
 */
export interface FacetRow {
  facet: TourFacet | 'durations' | 'price' | 'organizers_total';
  value: string | null;
  label: string | null;
  count: number | string;
  low: number | string | null;
  high: number | string | null;
  /**
   * The value's place among its kind's values in name order (`compareByName`), when the counter
   * knows it (the index): equal counts then compare as numbers.
   */
  nameRank?: number | undefined;
}

// `localeCompare` builds a collator per call (with options, every time): these are made once.
const byText = new Intl.Collator();
const byValue = new Intl.Collator('en', { numeric: true });

/**
 * The order of values with equal counts: by name, then by value, so equal names (two towns of
 * one name) keep one order whatever counted them.
 */
export function compareByName(
  a: { text: string; value: string | number },
  b: { text: string; value: string | number },
): number {
  return byText.compare(a.text, b.text) || byValue.compare(String(a.value), String(b.value));
}
