/**
 * `expand=filters`: the values of each filter kind with the number of tours each would give.
 * The usual faceted-search rule: a kind's counts apply every filter except that kind's own, so
 * the count next to a value is the total the visitor gets by choosing that value alone for the
 * kind (with everything else kept). One SQL statement: the tours passing the filters every facet
 * shares are materialised once with a flag per kind-specific condition, then grouped per kind.
 */
import type { components } from '@gallop/api-client';
import {
  ACCOMMODATION_LABELS,
  COMFORT_LABELS,
  DIFFICULTY_LABELS,
  FILTER_LIMITS,
  OPERATOR_TYPE_LABELS,
  type AccommodationFilter,
  type Comfort,
  type Difficulty,
  type OperatorType,
} from '@gallop/search-filters';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { convertAmount, type Rates } from '#src/modules/money/rates.ts';
import {
  bookableDate,
  dateConditions,
  hasMatchingDate,
  TOUR_FACETS,
  type CompiledFilter,
  type DateGroup,
  type TourFacet,
} from './conditions.ts';
import { and, queryRows } from './sql.ts';

export type FilterFacets = components['schemas']['FilterFacets'];
type FacetOption = components['schemas']['FacetOption'];

/** Facets computed from `tour_dates` rather than from the tour row. */
type DateFacet = 'durations' | 'price';

/** A facet name as an SQL string literal (names are constants, never input). */
const literal = (name: TourFacet | DateFacet) => sql.raw(`'${name}'`);

const flag = (kind: TourFacet) => sql.raw(`f_${kind}`);

/** Every tour-level flag but `except`, and the date condition less the `omit` groups. */
function othersHold(compiled: CompiledFilter, except: TourFacet | undefined): SQL {
  const flags = TOUR_FACETS.filter((kind) => kind !== except && compiled.facets[kind]).map(flag);
  return and(flags);
}

/** The base: tours passing the shared filters, with one boolean column per set facet filter. */
function baseQuery(compiled: CompiledFilter): SQL {
  const flagColumns = TOUR_FACETS.flatMap((kind) => {
    const condition = compiled.facets[kind];
    return condition ? [sql`(${condition}) as ${flag(kind)}`] : [];
  });
  const dates = dateConditions(compiled);
  return sql.join(
    [
      sql`select tours.id, tours.country_ids, tours.region_ids, tours.city_ids, tours.rest_kind_ids,
        tours.collection_ids, tours.language_codes, tours.comfort, tours.accommodation,
        tours.difficulty, tours.organizer_id, tours.operator_type,
        ${hasMatchingDate(compiled, dates)} as f_dates`,
      ...flagColumns,
    ],
    sql`, `,
  );
}

interface FacetSource {
  /** `value` and `label` expressions and the `from ...` of the grouped rows. */
  value: SQL;
  label: SQL;
  from: SQL;
  group: SQL;
}

const ARRAY_FACETS: Partial<Record<TourFacet, FacetSource>> = {
  countries: named('country_ids', 'countries', 'id'),
  regions: named('region_ids', 'regions', 'id'),
  cities: named('city_ids', 'cities', 'id'),
  rest_kinds: named('rest_kind_ids', 'rest_kinds', 'id'),
  collections: named('collection_ids', 'collections', 'id'),
  languages: named('language_codes', 'languages', 'code'),
};

/** Values of an array column, named by the table they reference. */
function named(column: string, table: string, key: string): FacetSource {
  return {
    value: sql.raw(`v.value::text`),
    label: sql.raw(`${table}.name`),
    from: sql.raw(
      `base cross join lateral unnest(base.${column}) as v(value) join ${table} on ${table}.${key} = v.value`,
    ),
    group: sql.raw(`v.value, ${table}.name`),
  };
}

function scalar(column: string): FacetSource {
  return {
    value: sql.raw(`base.${column}::text`),
    label: sql`''`,
    from: sql`base`,
    group: sql.raw(`base.${column}`),
  };
}

const SOURCES: Record<TourFacet, FacetSource> = {
  ...(ARRAY_FACETS as Record<TourFacet, FacetSource>),
  comfort: scalar('comfort'),
  accommodation: scalar('accommodation'),
  difficulty: scalar('difficulty'),
  operator_types: scalar('operator_type'),
  organizers: {
    value: sql`base.organizer_id::text`,
    label: sql`organizers.name`,
    from: sql`base join organizers on organizers.id = base.organizer_id`,
    group: sql`base.organizer_id, organizers.name`,
  },
};

/** Dates of the base tours matching the date filters less `omit`. */
function datesOfBase(compiled: CompiledFilter, omit: DateGroup): SQL {
  const conditions = [bookableDate(compiled.today), ...dateConditions(compiled, [omit])];
  return sql`base join tour_dates on tour_dates.tour_id = base.id and ${and(conditions)}`;
}

function facetsQuery(compiled: CompiledFilter): SQL {
  const tourFacets = TOUR_FACETS.map((kind) => {
    const source = SOURCES[kind];
    return sql`select ${literal(kind)} as facet, ${source.value} as value, ${source.label} as label,
      count(*) as count, null::int as low, null::int as high
      from ${source.from} where base.f_dates and ${othersHold(compiled, kind)}
      group by ${source.group}`;
  });
  const allTourFlags = othersHold(compiled, undefined);
  const bucket = sql.raw(`least(tour_dates.duration, ${FILTER_LIMITS.daysMax})`);
  // Durations above the days cap share its bucket: `daysMin=20` (the cap) means "20 or more".
  const durations = sql`select ${literal('durations')} as facet,
      ${bucket}::text as value, '' as label,
      count(distinct base.id) as count, null::int as low, null::int as high
      from ${datesOfBase(compiled, 'days')} where ${allTourFlags}
      group by ${bucket}`;
  const price = sql`select ${literal('price')} as facet, null as value, null as label,
      0 as count, min(tour_dates.price_usd) as low, max(tour_dates.price_usd) as high
      from ${datesOfBase(compiled, 'price')} where ${allTourFlags}`;
  return sql`with base as materialized (${baseQuery(compiled)} from tours where ${and(compiled.common)})
    ${sql.join([...tourFacets, durations, price], sql` union all `)}`;
}

interface FacetRow {
  facet: TourFacet | DateFacet;
  value: string | null;
  label: string | null;
  count: number | string;
  low: number | string | null;
  high: number | string | null;
}

/** How each kind's values read (ids and levels are integers, codes are strings). */
const READ_VALUE: Record<TourFacet | 'durations', (value: string) => string | number> = {
  countries: Number,
  regions: Number,
  cities: Number,
  rest_kinds: Number,
  collections: Number,
  languages: String,
  comfort: String,
  accommodation: String,
  difficulty: Number,
  organizers: Number,
  operator_types: String,
  durations: Number,
};

function labelOf(facet: TourFacet | 'durations', value: string, label: string | null): string {
  switch (facet) {
    case 'comfort':
      return COMFORT_LABELS[value as Comfort] ?? value;
    case 'accommodation':
      return ACCOMMODATION_LABELS[value as AccommodationFilter] ?? value;
    case 'difficulty':
      return DIFFICULTY_LABELS[Number(value) as Difficulty] ?? value;
    case 'operator_types':
      return OPERATOR_TYPE_LABELS[value as OperatorType] ?? value;
    case 'durations': {
      const days = Number(value);
      const text = days === 1 ? '1 day' : `${days} days`;
      return days >= FILTER_LIMITS.daysMax ? `${text} or more` : text;
    }
    default:
      return label ?? value;
  }
}

/** Numeric kinds in value order; the others most frequent first, then by name. */
const ORDERED_BY_VALUE = new Set<string>(['difficulty', 'durations', 'comfort']);
const COMFORT_ORDER = Object.keys(COMFORT_LABELS);

function compareOptions(facet: string) {
  return (a: FacetOption, b: FacetOption): number => {
    if (facet === 'comfort') {
      return COMFORT_ORDER.indexOf(String(a.value)) - COMFORT_ORDER.indexOf(String(b.value));
    }
    if (ORDERED_BY_VALUE.has(facet)) return Number(a.value) - Number(b.value);
    return b.count - a.count || a.text.localeCompare(b.text);
  };
}

/**
 * The facets of a search. Prices (`price_min`, `price_max`) are the cheapest and dearest
 * matching date in `currency`, rounded outwards to whole units (absent when nothing matches).
 */
export async function searchFacets(
  db: Database,
  compiled: CompiledFilter,
  prices: { currency: string; rates: Rates },
): Promise<FilterFacets> {
  const rows = await queryRows<FacetRow>(db, facetsQuery(compiled));
  const facets: Record<string, FacetOption[]> = {};
  for (const kind of [...TOUR_FACETS, 'durations'] as const) facets[kind] = [];
  const out: FilterFacets = {};
  for (const row of rows) {
    if (row.facet === 'price') {
      if (row.low !== null && row.high !== null) {
        const toMajor = (minor: number) =>
          convertAmount(minor / 100, 'USD', prices.currency, prices.rates);
        out.price_min = Math.floor(toMajor(Number(row.low)));
        out.price_max = Math.ceil(toMajor(Number(row.high)));
      }
      continue;
    }
    if (row.value === null) continue;
    facets[row.facet]?.push({
      value: READ_VALUE[row.facet](row.value),
      text: labelOf(row.facet, row.value, row.label),
      count: Number(row.count),
    });
  }
  for (const [facet, options] of Object.entries(facets)) {
    (out as Record<string, FacetOption[]>)[facet] = options.sort(compareOptions(facet));
  }
  return out;
}
