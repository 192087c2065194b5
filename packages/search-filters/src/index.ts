export {
  ACCOMMODATIONS,
  ACCOMMODATION_FILTERS,
  COMFORT_LEVELS,
  CRUISE_TYPES,
  DEFAULT_SORT,
  DIFFICULTY_LEVELS,
  DIRECTION_KINDS,
  FILTER_KINDS,
  FILTER_LIMITS,
  MAX_HOURS_OPTIONS,
  OPERATOR_TYPES,
  SORT_VALUES,
  TOUR_TYPES,
  WELFARE_COMMITMENTS,
} from './constants';
export {
  ACCOMMODATION_LABELS,
  COMFORT_LABELS,
  CRUISE_TYPE_LABELS,
  DIFFICULTY_LABELS,
  OPERATOR_TYPE_LABELS,
  TOUR_TYPE_LABELS,
  WELFARE_COMMITMENT_LABELS,
} from './labels';
export { SORT_LABELS } from './sort-labels';
export type {
  Accommodation,
  AccommodationFilter,
  Comfort,
  CruiseType,
  Difficulty,
  DirectionKind,
  FilterKind,
  OperatorType,
  Sort,
  TourType,
  WelfareCommitment,
} from './constants';
// The values the `riderLevel` and `tack` filters take, as @gallop/rider-fit defines them.
export { RIDER_LEVELS, TACKS, type RiderLevel, type Tack } from '@gallop/rider-fit';
export { clamp, normalizeMinAge, normalizePage, toNumber } from './limits';
export { QUERY_BOUNDS } from './bounds';
export {
  FILTER_DEFAULTS,
  FILTER_FIELDS,
  FILTER_RANGES,
  normalizeFilters,
  readFilterFields,
} from './fields';
export type { FilterField, PriceCurrency, SearchFilters } from './fields';
export { searchFiltersSchema } from './schema';
export { filtersToQuery, queryToFilters } from './query';
export type { FilterQuery } from './query';
export {
  CRUISE_ONLY_FIELDS,
  DIRECTION_KIND_FIELDS,
  FILTER_KIND_FIELDS,
  clearFilterKind,
  isCruiseSearch,
} from './kinds';
export {
  APPROXIMATE_USD_RATES,
  FILTER_CAPS,
  SLIDER_LIMITS,
  SPEC_SLIDER_LIMITS,
  UNCAPPED_SLIDER_LIMITS,
  deriveSliderLimits,
  withinFilterCaps,
  sliderLimitsFor,
} from './slider';
export type { SliderLimits } from './slider';
export { LARGEST_FILTER_CAPS, filterCapsFor } from './caps';
export type { FilterCaps } from './caps';
