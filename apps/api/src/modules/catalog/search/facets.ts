/**
 * `expand=filters`: the values of each filter kind with the number of tours each would give.
 * The usual faceted-search rule: a kind's counts apply every filter except that kind's own, so
 * the count next to a value is the total the visitor gets by choosing that value alone for the
 * kind (with everything else kept). One SQL statement: the tours passing the filters every facet
 * shares are materialised once with a flag per kind-specific condition, then grouped per kind.
 */
import type { components } from '@gallop/api-client';
import {
  LEVEL_DEFINITIONS,
  RIDER_LEVELS,
  TACK_LABELS,
  TACKS,
  type RiderLevel,
  type Tack,
} from '@gallop/rider-fit';
import {
  ACCOMMODATION_LABELS,
  COMFORT_LABELS,
  CRUISE_TYPE_LABELS,
  DIFFICULTY_LABELS,
  FILTER_LIMITS,
  OPERATOR_TYPE_LABELS,
  WELFARE_COMMITMENT_LABELS,
  WELFARE_COMMITMENTS,
  type AccommodationFilter,
  type Comfort,
  type CruiseType,
  type Difficulty,
  type OperatorType,
  type WelfareCommitment,
} from '@gallop/search-filters';
import {
  AT_MOST_FACETS,
  compareByName,
  ORGANIZER_FACET_LIMIT,
  TOUR_FACETS,
  type FacetRow,
  type TourFacet,
} from '@gallop/search-index';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { convertAmount, type Rates } from '#src/shared/money/rates.ts';
import {
  bookableDate,
  CABINS_CAPACITY,
  dateConditions,
  hasMatchingDate,
  type CompiledFilter,
  type DateGroup,
} from './conditions.ts';
import { and, queryRows } from './sql.ts';
import { welfareCommitments } from './welfare.ts';

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
  // Whether the tour's standard horses carry the rider: its dates without a heavier-horse place
  // free then count too (`datesOfBase`).
  const standardHorses = compiled.rider
    ? [sql`${compiled.rider.standard} as f_standard_horses`]
    : [];
  return sql.join(
    [
      sql`select tours.id, tours.country_ids, tours.region_ids, tours.city_ids, tours.rest_kind_ids,
        tours.collection_ids, tours.language_codes, tours.comfort, tours.accommodation,
        tours.difficulty, tours.rider_level, tours.tack, tours.other_tack_on_request,
        tours.hours_longest_day, tours.organizer_id, tours.operator_type, tours.showplace_ids,
        tours.is_cruise, tours.water_object_id, tours.cruise_type, tours.start_city_id,
        tours.ship_id, ${CABINS_CAPACITY} as cabins_capacity, tours.is_returning_cruise,
        ${welfareCommitments} as welfare_commitments, ${hasMatchingDate(compiled)} as f_dates`,
      ...standardHorses,
      ...flagColumns,
    ],
    sql`, `,
  );
}

/**
 * An "at most" kind's options a tour counts for (`AT_MOST_FACETS`): those at or above its own
 * value of `column`, so each option's count is the tours at or below it.
 */
function atMostValues(kind: keyof typeof AT_MOST_FACETS, column: string): string {
  const options = AT_MOST_FACETS[kind].map(({ value, rank }) => `('${value}', ${rank})`);
  return `unnest(array(select o.value from (values ${options.join(', ')}) as o(value, rank) where ${column} <= o.rank))`;
}

/** Every tack when the organizer saddles another on request, else the tour's own. */
const TACKS_OF_TOUR = `unnest(case when base.other_tack_on_request then array[${TACKS.map((tack) => `'${tack}'`).join(', ')}] else array[base.tack] end)`;

/** A cruise's value of a column, as text (no row for another tour, or a cruise without one). */
const cruiseValue = (column: string) =>
  `unnest(case when base.is_cruise and ${column} is not null then array[${column}::text] end)`;

/**
 * Each kind's values of one base tour, as text: the array kinds unnest their column, the others
 * are one value. Kinds whose values are ids of a named table get the name after counting.
 */
const VALUES: Record<TourFacet, string> = {
  countries: 'unnest(base.country_ids)::text',
  regions: 'unnest(base.region_ids)::text',
  cities: 'unnest(base.city_ids)::text',
  rest_kinds: 'unnest(base.rest_kind_ids)::text',
  collections: 'unnest(base.collection_ids)::text',
  languages: 'unnest(base.language_codes)',
  comfort: 'base.comfort',
  accommodation: 'base.accommodation',
  difficulty: 'base.difficulty::text',
  rider_level: atMostValues('rider_level', 'base.rider_level'),
  tack: TACKS_OF_TOUR,
  max_hours: atMostValues('max_hours', 'base.hours_longest_day'),
  welfare: 'unnest(base.welfare_commitments)',
  organizers: 'base.organizer_id::text',
  operator_types: 'base.operator_type',
  // Each world part once, however many of its countries the tour visits.
  world_parts:
    'unnest(array(select distinct countries.world_part_id::text from countries where countries.id = any(base.country_ids)))',
  showplaces: 'unnest(base.showplace_ids)::text',
  water_objects: cruiseValue('base.water_object_id'),
  cruise_types: cruiseValue('base.cruise_type'),
  cruise_start_cities: cruiseValue('base.start_city_id'),
  ships: cruiseValue('base.ship_id'),
  cabins_capacity: cruiseValue('base.cabins_capacity'),
  returning_cruises: cruiseValue('nullif(base.is_returning_cruise, false)::int'),
};

/** The table that names a kind's values, and its key column (joined under the kind's name). */
export const NAMED = {
  countries: ['countries', 'id'],
  regions: ['regions', 'id'],
  cities: ['cities', 'id'],
  rest_kinds: ['rest_kinds', 'id'],
  collections: ['collections', 'id'],
  languages: ['languages', 'code'],
  organizers: ['organizers', 'id'],
  world_parts: ['world_parts', 'id'],
  showplaces: ['showplaces', 'id'],
  water_objects: ['water_objects', 'id'],
  cruise_start_cities: ['cities', 'id'],
  ships: ['ships', 'id'],
} as const satisfies Partial<Record<TourFacet, readonly [table: string, key: string]>>;

/**
 * Every tour-level facet in one pass over `base`: each tour yields a (kind, value) pair per value
 * of each kind whose other filters it passes, one hash aggregate counts them all, and only the
 * counted values (a few hundred) are joined to the tables that name them. Values that name no row
 * are dropped, as an inner join would.
 */
function tourFacetsQuery(compiled: CompiledFilter): SQL {
  const pairs = TOUR_FACETS.map(
    (kind) =>
      sql`select ${literal(kind)} as facet, ${sql.raw(VALUES[kind])} as value where ${othersHold(compiled, kind)}`,
  );
  const named = Object.entries(NAMED) as [TourFacet, readonly [string, string]][];
  const joins = named.map(([kind, [table, key]]) =>
    sql.raw(
      `left join ${table} as ${kind} on counted.facet = '${kind}' and ${kind}.${key}::text = counted.value`,
    ),
  );
  const label = sql.raw(`coalesce(${named.map(([kind]) => `${kind}.name`).join(', ')})`);
  const namedKinds = sql.raw(named.map(([kind]) => `'${kind}'`).join(', '));
  return sql`select counted.facet, counted.value, coalesce(${label}, '') as label, counted.count,
      null::int as low, null::int as high
    from (
      select v.facet, v.value, count(*) as count
      from base cross join lateral (${sql.join(pairs, sql` union all `)}) as v(facet, value)
      where base.f_dates
      group by v.facet, v.value
    ) counted
    ${sql.join(joins, sql` `)}
    where counted.facet not in (${namedKinds}) or ${label} is not null`;
}

/** Dates of the base tours matching the date filters less `omit`, and carrying the rider. */
function datesOfBase(compiled: CompiledFilter, omit: DateGroup): SQL {
  const conditions = [bookableDate(compiled.today), ...dateConditions(compiled, [omit])];
  if (compiled.rider) {
    conditions.push(sql`(base.f_standard_horses or tour_dates.heavy_places_free > 0)`);
  }
  return sql`base join tour_dates on tour_dates.tour_id = base.id and ${and(conditions)}`;
}

function facetsQuery(compiled: CompiledFilter): SQL {
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
    ${sql.join([tourFacetsQuery(compiled), durations, price], sql` union all `)}`;
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
  rider_level: String,
  tack: String,
  max_hours: Number,
  welfare: String,
  organizers: Number,
  operator_types: String,
  world_parts: Number,
  showplaces: Number,
  water_objects: Number,
  cruise_types: Number,
  cruise_start_cities: Number,
  ships: Number,
  cabins_capacity: Number,
  returning_cruises: Number,
  durations: Number,
};

/** A `max_hours` option's text. */
export const maxHoursLabel = (hours: number) => `Up to ${hours} hours`;

function labelOf(facet: TourFacet | 'durations', value: string, label: string | null): string {
  switch (facet) {
    case 'comfort':
      return COMFORT_LABELS[value as Comfort] ?? value;
    case 'accommodation':
      return ACCOMMODATION_LABELS[value as AccommodationFilter] ?? value;
    case 'difficulty':
      return DIFFICULTY_LABELS[Number(value) as Difficulty] ?? value;
    case 'rider_level':
      return LEVEL_DEFINITIONS[value as RiderLevel]?.label ?? value;
    case 'tack':
      return TACK_LABELS[value as Tack] ?? value;
    case 'max_hours':
      return maxHoursLabel(Number(value));
    case 'welfare':
      return WELFARE_COMMITMENT_LABELS[value as WelfareCommitment] ?? value;
    case 'operator_types':
      return OPERATOR_TYPE_LABELS[value as OperatorType] ?? value;
    case 'cruise_types':
      return CRUISE_TYPE_LABELS[Number(value) as CruiseType] ?? value;
    case 'cabins_capacity':
      return value === '1' ? '1 traveller per cabin' : `${value} travellers per cabin`;
    case 'returning_cruises':
      return 'Returns to its start';
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
const ORDERED_BY_VALUE = new Set<string>([
  'difficulty',
  'durations',
  'max_hours',
  'cruise_types',
  'cabins_capacity',
]);
/**
 * Kinds in the order of their scale: comfort lowest first, levels lowest first, tacks, welfare
 * commitments in their own order.
 */
const ORDERED_BY_SCALE: Readonly<Record<string, readonly string[]>> = {
  comfort: Object.keys(COMFORT_LABELS),
  rider_level: RIDER_LEVELS,
  tack: TACKS,
  welfare: WELFARE_COMMITMENTS,
};

/** A facet's option with its name rank, when the counter gave one (`FacetRow.nameRank`). */
interface RankedOption {
  option: FacetOption;
  nameRank: number | undefined;
}

function compareOptions(facet: string) {
  return (
    { option: a, nameRank: rankA }: RankedOption,
    { option: b, nameRank: rankB }: RankedOption,
  ): number => {
    const scale = ORDERED_BY_SCALE[facet];
    if (scale) return scale.indexOf(String(a.value)) - scale.indexOf(String(b.value));
    if (ORDERED_BY_VALUE.has(facet)) return Number(a.value) - Number(b.value);
    if (b.count !== a.count) return b.count - a.count;
    return rankA !== undefined && rankB !== undefined ? rankA - rankB : compareByName(a, b);
  };
}

/** What shapes the organizer facet besides the counts. */
export interface OrganizerFacetOptions {
  /** The `organizer` filter: its option stays listed when it falls outside the top. */
  selectedOrganizer?: number | undefined;
  /** How many organizers to list (`ORGANIZER_FACET_LIMIT`; tests use fewer). */
  organizerLimit?: number | undefined;
}

/**
 * The first `limit` organizers of the sorted list, plus the selected one (last, where the order
 * puts it) when it counted but fell outside.
 */
function topOrganizers(
  sorted: FacetOption[],
  { selectedOrganizer, organizerLimit = ORGANIZER_FACET_LIMIT }: OrganizerFacetOptions,
): FacetOption[] {
  const top = sorted.slice(0, organizerLimit);
  const selected = sorted
    .slice(organizerLimit)
    .find((option) => option.value === selectedOrganizer);
  return selected ? [...top, selected] : top;
}

/** Every facet kind's counted rows of a search, as the port answers them (`toFilterFacets` shapes them). */
export function facetRowsOf(db: Database, compiled: CompiledFilter): Promise<FacetRow[]> {
  return queryRows<FacetRow>(db, facetsQuery(compiled));
}

/**
 * Counted rows (from SQL or from the in-process index) as the contract's `FilterFacets`. Prices
 * (`price_min`, `price_max`) are the cheapest and dearest matching date in `currency`, rounded
 * outwards to whole units (absent when nothing matches). The organizers are cut to the top
 * `organizerLimit` (plus the selected one); `organizers_total` counts them all (an
 * `organizers_total` row says how many when the rows hold only the top).
 */
export function toFilterFacets(
  rows: readonly FacetRow[],
  prices: { currency: string; rates: Rates },
  options: OrganizerFacetOptions = {},
): FilterFacets {
  const facets: Record<string, RankedOption[]> = {};
  for (const kind of [...TOUR_FACETS, 'durations'] as const) facets[kind] = [];
  const out: FilterFacets = {};
  let organizersTotal: number | undefined;
  for (const row of rows) {
    if (row.facet === 'organizers_total') {
      organizersTotal = Number(row.count);
      continue;
    }
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
      option: {
        value: READ_VALUE[row.facet](row.value),
        text: labelOf(row.facet, row.value, row.label),
        count: Number(row.count),
      },
      nameRank: row.nameRank,
    });
  }
  const sorted: Record<string, FacetOption[]> = {};
  for (const [facet, values] of Object.entries(facets)) {
    sorted[facet] = values.sort(compareOptions(facet)).map(({ option }) => option);
  }
  Object.assign(out, sorted);
  out.organizers_total = organizersTotal ?? sorted.organizers!.length;
  out.organizers = topOrganizers(sorted.organizers!, options);
  return out;
}
