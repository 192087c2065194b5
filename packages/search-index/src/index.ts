/**
 * @gallop/search-index: the in-process tour search index, built from rows (README.md). The port
 * is the first block; the rest is what its callers name in their own code.
 */

// The port: build from rows, prepare, apply changed tours, search (total, page of ids, facets).
export { TourIndexBuilder, buildTourIndex } from './tour-index';
export { prepareIndex } from './prepare-index';
export { applyChangedTours } from './apply-changes';
export { indexSearch } from './port';
// Whether changed tours count in a cached answer (decision 150): a filter compiled once tests the
// changed tours read out of each index.
export {
  COUNTED_FIELDS,
  anyTourCounts,
  countedToursOf,
  segmentKeyOf,
  tourCountingOf,
} from './counting-tours';
export type { CountedTour, TourCounting, TourCountingOptions } from './counting-tours';
export type { SearchAnswer, SearchPort, SearchRequest } from './port';

// The index's rows and its shape.
export type {
  BuildIndexInput,
  IndexDateRow,
  IndexLabels,
  IndexTourRow,
  TourIndex,
} from './tour-index';
export type { PreparedStructure } from './prepare-index';
export type { ApplyChangesOptions, TourChanges } from './apply-changes';
export type { SliceOptions, SlicedRun } from './steps';

// A search in two steps, for callers that keep the compiled query (its date bounds show cards).
export {
  OPEN_DATE_BOUNDS,
  SHORTCUT_PATHS,
  compileIndexQuery,
  dateBoundsOf,
  searchIndex,
} from './query-index';
export type {
  DateBounds,
  IndexQuery,
  IndexQueryOptions,
  IndexSearchOptions,
  IndexSearchResult,
  ShortcutPath,
} from './query-index';
export { dayNumber } from './tour-index';

// The rules both implementations apply (rules.ts).
export {
  AT_MOST_FACETS,
  ORGANIZER_FACET_LIMIT,
  TOURIST_BASE_ACCOMMODATIONS,
  TOUR_FACETS,
  WELFARE_RULES,
  canRideAt,
  childAgeRange,
  childCanJoin,
  compareByName,
  effectiveDateFrom,
  lowerUsd,
  requiredOperatorTypes,
  riderLevelRank,
  upperUsd,
  welfareCommitmentsOf,
} from './rules';
export type { EffectiveWelfare, FacetRow, Place, ToUsdMinor, TourAges, TourFacet } from './rules';
