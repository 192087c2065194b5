// zod/mini: the same schemas as classic zod at a fraction of the bytes.
import { z } from 'zod/mini';
import {
  ACCOMMODATION_FILTERS,
  COMFORT_LEVELS,
  DIFFICULTY_LEVELS,
  FILTER_LIMITS,
  OPERATOR_TYPES,
  SORT_VALUES,
  TOUR_TYPES,
  WELFARE_COMMITMENTS,
} from './constants';
import { RIDER_LEVELS, TACKS } from '@gallop/rider-fit';
import { FIELD_READERS, reconcileFields, type SearchFilters } from './fields';
import type { Reader } from './readers';

// The casts only restate what the pipe does for the type checker, which cannot see through
// `Awaited<Out>` of a generic transform: a reader's value, checked by `type`, optional in `field`.
function field<Out>(read: Reader<Out>, type: z.ZodMiniType<Out, Out>) {
  const schema = z.catch(
    z.pipe(z.transform<unknown, unknown>(read), z.optional(type as z.ZodMiniType)),
    undefined,
  );
  return schema as unknown as z.ZodMiniOptional<z.ZodMiniType<Out, unknown>>;
}

function withDefault<Out>(read: (value: unknown) => Out, type: z.ZodMiniType<Out, Out>) {
  return z.pipe(
    z.transform<unknown, unknown>(read),
    type as z.ZodMiniType,
  ) as unknown as z.ZodMiniType<Out, unknown>;
}

const id = z.int().check(z.positive());
const ids = z.array(id);
const sortType = z.enum(SORT_VALUES);
const operatorTypeType = z.enum(OPERATOR_TYPES);
const accommodationType = z.enum(ACCOMMODATION_FILTERS);
const tourTypeType = z.literal(TOUR_TYPES);

const readers = FIELD_READERS;

/** Each field by its reader. */
const fieldsSchema = z.object({
  /** The search page's slug (`/{slug}`). */
  slug: field(readers.slug, z.string()),
  organizer: field(readers.organizer, id),
  accommodation: withDefault(readers.accommodation, accommodationType),
  comfort: field(readers.comfort, z.array(z.enum(COMFORT_LEVELS))),
  maxGroupSize: field(readers.maxGroupSize, id),
  difficulty: field(readers.difficulty, z.array(z.literal(DIFFICULTY_LEVELS))),
  riderLevel: field(readers.riderLevel, z.enum(RIDER_LEVELS)),
  tack: field(readers.tack, z.array(z.enum(TACKS))),
  maxHours: field(readers.maxHours, z.number()),
  riderWeight: field(readers.riderWeight, z.int()),
  welfare: field(readers.welfare, z.array(z.enum(WELFARE_COMMITMENTS))),
  priceMin: field(readers.priceMin, z.number()),
  priceMax: field(readers.priceMax, z.number()),
  pricePerDayMin: field(readers.pricePerDayMin, z.number()),
  pricePerDayMax: field(readers.pricePerDayMax, z.number()),
  minAge: withDefault(
    readers.minAge,
    z.int().check(z.minimum(0), z.maximum(FILTER_LIMITS.adultAge - 1)),
  ),
  dateFrom: field(readers.dateFrom, z.string()),
  dateTo: field(readers.dateTo, z.string()),
  daysMin: field(readers.daysMin, z.number()),
  daysMax: field(readers.daysMax, z.number()),
  restKinds: field(readers.restKinds, ids),
  cities: field(readers.cities, ids),
  regions: field(readers.regions, ids),
  countries: field(readers.countries, ids),
  /** A world part (direction kind `world_parts`). */
  continent: field(readers.continent, id),
  collections: field(readers.collections, ids),
  languages: field(readers.languages, z.array(z.string())),
  showplace: field(readers.showplace, id),
  isCruisesSearch: field(readers.isCruisesSearch, z.boolean()),
  cruisesType: field(readers.cruisesType, id),
  cruisesStartCity: field(readers.cruisesStartCity, id),
  cruisesCabinsCapacity: field(readers.cruisesCabinsCapacity, id),
  onlyReturningCruises: field(readers.onlyReturningCruises, z.boolean()),
  ships: field(readers.ships, ids),
  waterObject: field(readers.waterObject, id),
  /** A free-text place searched around `lat`/`lng` within `radius` kilometres. */
  placeName: field(readers.placeName, z.string()),
  radius: field(readers.radius, z.number()),
  lat: field(readers.lat, z.number()),
  lng: field(readers.lng, z.number()),
  page: withDefault(readers.page, z.int().check(z.minimum(1))),
  sort: withDefault(readers.sort, sortType),
  isAuthorTourSearch: field(readers.isAuthorTourSearch, z.boolean()),
  operatorType: withDefault(readers.operatorType, operatorTypeType),
  type: withDefault(readers.type, tourTypeType),
});

/**
 * The tour search filter (docs/product.md, Entities) with the normalisation of Validation built in:
 * parsing any input gives the normalised filters (never throws for an object), as
 * {@link normalizeFilters} does, the rules between fields included. Use it as a router's
 * `validateSearch` or call {@link normalizeFilters}.
 */
export const searchFiltersSchema = z.pipe(
  fieldsSchema,
  z.transform((filters) => reconcileFields(filters as SearchFilters)),
);

// The zod schema states exactly the filters the readers produce.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesReaders: Equal<z.output<typeof fieldsSchema>, SearchFilters> = true;
void schemaMatchesReaders;
