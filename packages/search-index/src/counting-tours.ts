/**
 * Whether a tour counts in a search's answer, one tour at a time: what a cache of answers asks
 * when tours change (decision 150). A changed tour can alter an answer only if it counts in it as
 * the index held it before the change or as it holds it after: in its total or page, or, with
 * facets, in a facet count, the duration buckets or the price range. The test follows every rule
 * the walk follows (its segment, common tests, facet tests failing at most one with facets, a date
 * the bounds accept); it errs only towards "counts" (a heavier rider's free places, and the exact
 * facet date rules, are not read), which costs a needless refresh, never a stale answer.
 *
 * Two forms. `tourCountingOf` compiles a filter once, for every index: it tests `CountedTour`s,
 * the changed tours read out of an index in the values a search compares (`countedToursOf`), so a
 * takeover costs nothing per cached filter but the test of the changed tours of its segment.
 * `anyTourCounts` runs the search's own compiled query (`compileIndexQuery`, one per index): the
 * reference the first is proven against (counting-tours.test.ts).
 */
import { isCruiseSearch, TACKS, type SearchFilters } from '@gallop/search-filters';
import { positionOfId } from './fit-order';
import { compileRadius, dateBoundsOf, type DateBounds, type IndexQuery } from './query-index';
import { insideRadius } from './radius';
import {
  requiredOperatorTypes,
  riderLevelRank,
  TOURIST_BASE_ACCOMMODATIONS,
  welfareMaskOf,
  type Place,
  type ToUsdMinor,
} from './rules';
import { HEAVY_NONE, NONE, segmentKey, type RaggedColumn, type TourIndex } from './tour-index';

/** Whether the ascending `segment` holds `tour` (segments list positions in the default order). */
function inSegment(segment: Int32Array, tour: number): boolean {
  let low = 0;
  let high = segment.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = segment[middle]!;
    if (value === tour) return true;
    if (value < tour) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** A tour's bookable dates, as `TourIndex.dates` holds them. */
interface TourDates {
  startDay: Int32Array;
  duration: Int32Array;
  priceUsd: Int32Array;
  pricePerDayUsd: Int32Array;
}

/**
 * Whether one of the tour's bookable dates may count. Without date filters, any date. With them,
 * a date in the window, of the duration and in the price range; with facets, a tour failing no
 * facet filter also counts a date in the window that is in only one of the two (the duration
 * buckets count dates in the price range, the price range dates of the durations).
 */
function hasDateCounting(
  dates: TourDates,
  from: number,
  to: number,
  bounds: DateBounds,
  eitherRange: boolean,
): boolean {
  const { startDay, duration, priceUsd, pricePerDayUsd } = dates;
  for (let date = from; date < to; date += 1) {
    const day = startDay[date]!;
    if (day < bounds.fromDay || day > bounds.toDay) continue;
    const days = duration[date]!;
    const inDays = days >= bounds.daysMin && days <= bounds.daysMax;
    const price = priceUsd[date]!;
    const perDay = pricePerDayUsd[date]!;
    const inPrice =
      price >= bounds.priceMin &&
      price <= bounds.priceMax &&
      perDay >= bounds.perDayMin &&
      perDay <= bounds.perDayMax;
    if (inDays && inPrice) return true;
    if (eitherRange && (inDays || inPrice)) return true;
  }
  return false;
}

/** The list columns a filter reads (`TourIndex`'s ragged columns but the languages' codes). */
const LIST_COLUMNS = [
  'countries',
  'regions',
  'cities',
  'restKinds',
  'collections',
  'showplaces',
  'worldParts',
  'waterObjects',
  'cruiseTypes',
  'cruiseStartCities',
  'ships',
  'cabinsCapacities',
  'returningCruises',
  'tacks',
] as const satisfies readonly (keyof TourIndex)[];
type ListColumn = (typeof LIST_COLUMNS)[number];

/**
 * A tour as one index holds it, in the values a search compares: no positions and no dictionary
 * codes (texts instead), so a filter compiled once tests tours read out of any index. Only tours
 * some search walks (in a segment: not past) are read.
 */
export interface CountedTour {
  id: number;
  /** The segment that holds it (`segmentKey`): only searches of that segment count it. */
  segment: string;
  /** The day of the index it was read from: date filters start at it. */
  today: string;
  maxGroupSize: number;
  childAgeFrom: number;
  childAgeTo: number;
  maxRiderWeight: number;
  heavyRiderWeight: number;
  /** `TourIndex.heavyDates`: whether none, some or all of its dates have a heavier horse free. */
  heavyDates: number;
  x: number;
  y: number;
  z: number;
  lists: Readonly<Record<ListColumn, Int32Array>>;
  languages: readonly string[];
  comfort: string;
  accommodation: string;
  operatorType: string;
  difficulty: number;
  riderLevel: number;
  halfHoursLongestDay: number;
  welfareMask: number;
  organizer: number;
  /** A bookable date or a price: what a search without date filters asks of it. */
  bookable: boolean;
  dates: TourDates;
}

const valuesOf = (column: RaggedColumn, tour: number) =>
  column.values.subarray(column.offsets[tour]!, column.offsets[tour + 1]!);

/** The tour at `tour` (a position of `index`), read out of it. */
function readTour(index: TourIndex, tour: number, segment: string): CountedTour {
  const lists = {} as Record<ListColumn, Int32Array>;
  for (const name of LIST_COLUMNS) lists[name] = valuesOf(index[name], tour);
  const from = index.dateOffsets[tour]!;
  const to = index.dateOffsets[tour + 1]!;
  const { dates } = index;
  return {
    id: index.ids[tour]!,
    segment,
    today: index.today,
    maxGroupSize: index.maxGroupSize[tour]!,
    childAgeFrom: index.childAgeFrom[tour]!,
    childAgeTo: index.childAgeTo[tour]!,
    maxRiderWeight: index.maxRiderWeight[tour]!,
    heavyRiderWeight: index.heavyRiderWeight[tour]!,
    heavyDates: index.heavyDates[tour]!,
    x: index.x[tour]!,
    y: index.y[tour]!,
    z: index.z[tour]!,
    lists,
    languages: Array.from(valuesOf(index.languages, tour), (code) => {
      return index.languageDictionary.values[code]!;
    }),
    comfort: index.comfortDictionary.values[index.comfort[tour]!]!,
    accommodation: index.accommodationDictionary.values[index.accommodation[tour]!]!,
    operatorType: index.operatorTypeDictionary.values[index.operatorType[tour]!]!,
    difficulty: index.difficulty[tour]!,
    riderLevel: index.riderLevel[tour]!,
    halfHoursLongestDay: index.halfHoursLongestDay[tour]!,
    welfareMask: index.welfareMask[tour]!,
    organizer: index.organizer[tour]!,
    bookable: from < to || index.fromPrice[tour] !== NONE,
    dates: {
      startDay: dates.startDay.subarray(from, to),
      duration: dates.duration.subarray(from, to),
      priceUsd: dates.priceUsd.subarray(from, to),
      pricePerDayUsd: dates.pricePerDayUsd.subarray(from, to),
    },
  };
}

/**
 * The tours `tourIds` as `index` holds them, those some search walks (ids it does not hold, and
 * past tours, count in nothing). A few reads per tour: the id → position table is built before
 * the index serves (`prepareIndex`).
 */
export function countedToursOf(index: TourIndex, tourIds: readonly number[]): CountedTour[] {
  const tours: CountedTour[] = [];
  for (const id of tourIds) {
    const tour = positionOfId(index, id);
    if (tour === -1) continue;
    const segment = segmentKey(index.type[tour]!, index.isCruise[tour] === 1);
    const walked = index.segments.get(segment);
    if (walked && inSegment(walked, tour)) tours.push(readTour(index, tour, segment));
  }
  return tours;
}

type TourTest = (tour: CountedTour) => boolean;

/** Holds one of `values` in its list column `name`. */
function holdsAny(name: ListColumn, values: readonly number[]): TourTest {
  if (values.length === 1) {
    const only = values[0]!;
    return (tour) => tour.lists[name].includes(only);
  }
  const wanted = new Set(values);
  return (tour) => {
    const list = tour.lists[name];
    for (let k = 0; k < list.length; k += 1) if (wanted.has(list[k]!)) return true;
    return false;
  };
}

/** A value from 0 to `last` (an "at most" filter on a column of small values). */
const atMost = (last: number) => (value: number) => value >= 0 && value <= last;

/**
 * The filters of `compileFacets` (query-index.ts), kind by kind, on a `CountedTour`: the same
 * values pass (a dictionary code stands for its text there, so texts compare here).
 */
function facetTests(filter: SearchFilters): TourTest[] {
  const tests: TourTest[] = [];
  const inSet = <Value>(values: readonly Value[], read: (tour: CountedTour) => Value) => {
    const wanted = new Set(values);
    tests.push((tour) => wanted.has(read(tour)));
  };
  if (filter.countries) tests.push(holdsAny('countries', filter.countries));
  if (filter.regions) tests.push(holdsAny('regions', filter.regions));
  if (filter.cities) tests.push(holdsAny('cities', filter.cities));
  if (filter.restKinds) tests.push(holdsAny('restKinds', filter.restKinds));
  if (filter.collections) tests.push(holdsAny('collections', filter.collections));
  if (filter.languages) {
    const wanted = new Set<string>(filter.languages);
    tests.push((tour) => tour.languages.some((code) => wanted.has(code)));
  }
  if (filter.comfort) inSet<string>(filter.comfort, (tour) => tour.comfort);
  if (filter.accommodation !== 'any') {
    const kinds =
      filter.accommodation === 'tourist-base'
        ? TOURIST_BASE_ACCOMMODATIONS
        : [filter.accommodation];
    inSet<string>(kinds, (tour) => tour.accommodation);
  }
  if (filter.difficulty) inSet<number>(filter.difficulty, (tour) => tour.difficulty);
  if (filter.riderLevel !== undefined) {
    const levels = atMost(riderLevelRank(filter.riderLevel));
    tests.push((tour) => levels(tour.riderLevel));
  }
  if (filter.tack)
    tests.push(
      holdsAny(
        'tacks',
        filter.tack.map((tack) => TACKS.indexOf(tack)),
      ),
    );
  if (filter.maxHours !== undefined) {
    const halfHours = atMost(filter.maxHours * 2);
    tests.push((tour) => halfHours(tour.halfHoursLongestDay));
  }
  if (filter.welfare) {
    const wanted = welfareMaskOf(filter.welfare);
    tests.push((tour) => (tour.welfareMask & wanted) === wanted);
  }
  if (filter.organizer !== undefined) {
    const organizer = filter.organizer;
    tests.push((tour) => tour.organizer === organizer);
  }
  const operatorTypes = requiredOperatorTypes(filter);
  if (operatorTypes.length > 0) {
    tests.push((tour) => operatorTypes.every((type) => tour.operatorType === type));
  }
  if (filter.continent !== undefined) tests.push(holdsAny('worldParts', [filter.continent]));
  if (filter.showplace !== undefined) tests.push(holdsAny('showplaces', [filter.showplace]));
  if (filter.waterObject !== undefined) tests.push(holdsAny('waterObjects', [filter.waterObject]));
  if (filter.cruisesType !== undefined) tests.push(holdsAny('cruiseTypes', [filter.cruisesType]));
  if (filter.cruisesStartCity !== undefined) {
    tests.push(holdsAny('cruiseStartCities', [filter.cruisesStartCity]));
  }
  if (filter.ships) tests.push(holdsAny('ships', filter.ships));
  if (filter.cruisesCabinsCapacity !== undefined) {
    // "At least N": the capacities from N up to the largest any tour has.
    const least = filter.cruisesCabinsCapacity;
    tests.push((tour) => tour.lists.cabinsCapacities.some((capacity) => capacity >= least));
  }
  if (filter.onlyReturningCruises) tests.push(holdsAny('returningCruises', [1]));
  return tests;
}

/** The tests of `compileCommon` (query-index.ts) on a `CountedTour`. */
function commonTests(filter: SearchFilters, place: Place | undefined): TourTest[] {
  const tests: TourTest[] = [];
  const { maxGroupSize, minAge, riderWeight } = filter;
  if (maxGroupSize !== undefined) tests.push((tour) => tour.maxGroupSize <= maxGroupSize);
  if (minAge > 0) {
    tests.push((tour) => tour.childAgeFrom <= minAge && minAge <= tour.childAgeTo);
  }
  if (riderWeight !== undefined) {
    tests.push(
      (tour) =>
        riderWeight <= tour.maxRiderWeight ||
        (riderWeight <= tour.heavyRiderWeight && tour.heavyDates !== HEAVY_NONE),
    );
  }
  if (place) {
    const radius = compileRadius(place);
    tests.push((tour) => insideRadius(radius, tour.x, tour.y, tour.z));
  }
  return tests;
}

/**
 * The filter fields `tourCountingOf` reads, with those no index test reads (the page, the sort,
 * the slug, the place's name and coordinates, which arrive as `place`). A field outside both is
 * one it does not know: counting-tours.test.ts fails until it does.
 */
export const COUNTED_FIELDS = {
  read: [
    'organizer',
    'accommodation',
    'comfort',
    'maxGroupSize',
    'difficulty',
    'riderLevel',
    'tack',
    'maxHours',
    'riderWeight',
    'welfare',
    'priceMin',
    'priceMax',
    'pricePerDayMin',
    'pricePerDayMax',
    'minAge',
    'dateFrom',
    'dateTo',
    'daysMin',
    'daysMax',
    'restKinds',
    'cities',
    'regions',
    'countries',
    'continent',
    'collections',
    'languages',
    'showplace',
    'isCruisesSearch',
    'cruisesType',
    'cruisesStartCity',
    'cruisesCabinsCapacity',
    'onlyReturningCruises',
    'ships',
    'waterObject',
    'isAuthorTourSearch',
    'operatorType',
    'type',
  ],
  unread: ['slug', 'placeName', 'radius', 'lat', 'lng', 'page', 'sort'],
} as const satisfies Record<string, readonly (keyof SearchFilters)[]>;

/** A search's filter, compiled once, testing changed tours of any index (decision 150). */
export interface TourCounting {
  /** The segment it walks (`segmentKey`): tours of another segment count in nothing. */
  readonly segment: string;
  /**
   * Whether any of `tours` may count in the answer: its total, its page, or with facets its
   * facets. Never false for a tour that counts.
   */
  counts(tours: readonly CountedTour[]): boolean;
}

export interface TourCountingOptions {
  toUsdMinor: ToUsdMinor;
  place?: Place | undefined;
  withFacets: boolean;
  /** The day whose date bounds are worked out at once (another day's, on first use). */
  today?: string | undefined;
}

/** The segment a search of `filter` walks (`segmentKey`): only its tours can count in it. */
export const segmentKeyOf = (filter: SearchFilters): string =>
  segmentKey(filter.type, isCruiseSearch(filter));

/** `filter` (as `compileIndexQuery` takes it) compiled once into a test of `CountedTour`s. */
export function tourCountingOf(
  filter: SearchFilters,
  { toUsdMinor, place, withFacets, today }: TourCountingOptions,
): TourCounting {
  const segment = segmentKeyOf(filter);
  const common = commonTests(filter, place);
  const facets = facetTests(filter);
  // Date bounds start at the index's day (`compileIndexQuery`): kept for the last day asked.
  let bounds: { today: string; dates: DateBounds } | undefined;
  const boundsOn = (day: string): DateBounds => {
    if (bounds?.today !== day) {
      bounds = { today: day, dates: dateBoundsOf(filter, { today: day, toUsdMinor }) };
    }
    return bounds.dates;
  };
  if (today !== undefined) boundsOn(today);

  function tourCounts(tour: CountedTour): boolean {
    if (tour.segment !== segment) return false;
    for (const test of common) if (!test(tour)) return false;
    // Without facets a tour must pass every facet filter; with them, a tour failing one still
    // counts for that kind's values.
    let failing = 0;
    for (const test of facets) {
      if (!test(tour) && ++failing > (withFacets ? 1 : 0)) return false;
    }
    const dates = boundsOn(tour.today);
    if (!dates.any) return tour.bookable;
    const eitherRange = withFacets && failing === 0;
    return hasDateCounting(tour.dates, 0, tour.dates.startDay.length, dates, eitherRange);
  }

  return {
    segment,
    counts(tours) {
      for (let k = 0; k < tours.length; k += 1) if (tourCounts(tours[k]!)) return true;
      return false;
    },
  };
}

/** Whether the tour at `tour` (a position) may count in the answer of `query`. */
function tourCountsIn(index: TourIndex, query: IndexQuery, tour: number, withFacets: boolean) {
  if (!inSegment(query.segment, tour)) return false;
  for (const test of query.common) if (!test(tour)) return false;
  let failing = 0;
  for (const facet of query.facets) {
    if (!facet.test(tour) && ++failing > (withFacets ? 1 : 0)) return false;
  }
  const bounds = query.dates;
  const from = index.dateOffsets[tour]!;
  const to = index.dateOffsets[tour + 1]!;
  if (!bounds.any) return from < to || index.fromPrice[tour] !== NONE;
  return hasDateCounting(index.dates, from, to, bounds, withFacets && failing === 0);
}

/**
 * Whether any of `tourIds`, as `index` holds them, may count in the answer of `query` (compiled
 * for `index`): its total, its page, or with `withFacets` its facets. Ids the index does not
 * hold count in nothing. Never false for a tour that counts.
 */
export function anyTourCounts(
  index: TourIndex,
  query: IndexQuery,
  tourIds: readonly number[],
  withFacets: boolean,
): boolean {
  for (const id of tourIds) {
    const tour = positionOfId(index, id);
    if (tour !== -1 && tourCountsIn(index, query, tour, withFacets)) return true;
  }
  return false;
}
