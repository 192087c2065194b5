import type { DirectionKind, FilterKind } from './constants';
import type { FilterField, SearchFilters } from './fields';
import { normalizeFilters } from './fields';

/** The filter field each direction kind fills. */
export const DIRECTION_KIND_FIELDS = {
  cities: 'cities',
  regions: 'regions',
  countries: 'countries',
  world_parts: 'continent',
  showplaces: 'showplace',
  water_objects: 'waterObject',
} as const satisfies Record<DirectionKind, FilterField>;

/** The fields each filter kind controls, for "clear this filter" actions and active-filter chips. */
export const FILTER_KIND_FIELDS = {
  common: ['type', 'operatorType', 'isAuthorTourSearch', 'isCruisesSearch'],
  organizer: ['organizer'],
  direction: [
    'cities',
    'regions',
    'countries',
    'continent',
    'showplace',
    'waterObject',
    'placeName',
    'radius',
    'lat',
    'lng',
  ],
  dates: ['dateFrom', 'dateTo'],
  restKinds: ['restKinds'],
  price: ['priceMin', 'priceMax', 'pricePerDayMin', 'pricePerDayMax'],
  duration: ['daysMin', 'daysMax'],
  accommodation: ['accommodation'],
  minAge: ['minAge'],
  difficulty: ['difficulty'],
  languages: ['languages'],
  collections: ['collections'],
  groupSize: ['maxGroupSize'],
  comfort: ['comfort'],
  riderLevel: ['riderLevel'],
  tack: ['tack'],
  hours: ['maxHours'],
  riderWeight: ['riderWeight'],
  welfare: ['welfare'],
  cruisesType: ['cruisesType'],
  cruisesStartCity: ['cruisesStartCity'],
  cruisesCabinsCapacity: ['cruisesCabinsCapacity'],
  ships: ['ships'],
  onlyReturningCruises: ['onlyReturningCruises'],
} as const satisfies Record<FilterKind, readonly FilterField[]>;

/** The fields only a cruise has: any of them makes a search a cruise search. */
export const CRUISE_ONLY_FIELDS = [
  'cruisesType',
  'cruisesStartCity',
  'cruisesCabinsCapacity',
  'onlyReturningCruises',
  'ships',
  'waterObject',
] as const satisfies readonly FilterField[];

/**
 * Whether filters search cruises: the cruise tab (`isCruisesSearch`), or any cruise-only filter.
 * Cruises and the other tours are never listed together.
 */
export function isCruiseSearch(filters: Partial<SearchFilters>): boolean {
  if (filters.isCruisesSearch === true) return true;
  return CRUISE_ONLY_FIELDS.some((field) =>
    field === 'onlyReturningCruises' ? filters[field] === true : filters[field] !== undefined,
  );
}

/** Clears one filter kind (its fields return to their defaults) and goes back to page 1. */
export function clearFilterKind(filters: Partial<SearchFilters>, kind: FilterKind): SearchFilters {
  const next: Record<string, unknown> = { ...filters, page: 1 };
  for (const field of FILTER_KIND_FIELDS[kind]) delete next[field];
  return normalizeFilters(next);
}
