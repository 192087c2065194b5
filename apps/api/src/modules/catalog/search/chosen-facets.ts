/**
 * Facets list only values with tours; a value the visitor chose is listed anyway, with its count
 * (0 when the other filters leave it none), so an empty or narrow search still shows the choice
 * and lets the visitor take it back instead of hiding it. Applied to the answer of either path
 * (SQL or the in-process index), after `toFilterFacets`; names come from the database only when a
 * chosen value is missing.
 */
import type { components } from '@gallop/api-client';
import { LEVEL_DEFINITIONS, TACK_LABELS } from '@gallop/rider-fit';
import {
  ACCOMMODATION_LABELS,
  COMFORT_LABELS,
  DIFFICULTY_LABELS,
  MAX_HOURS_OPTIONS,
  OPERATOR_TYPE_LABELS,
  WELFARE_COMMITMENT_LABELS,
} from '@gallop/search-filters';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { maxHoursLabel, NAMED } from './facets.ts';
import type { TourSearchFilter } from './filters.ts';
import { intArray, queryRows, textArray } from './sql.ts';

type FilterFacets = components['schemas']['FilterFacets'];
type FacetOption = components['schemas']['FacetOption'];

/** Kinds whose values are rows of a table named by `name`: every one can be chosen. */
type NamedKind = keyof typeof NAMED;

const one = (value: number | undefined) => (value === undefined ? [] : [value]);

/** The values of each kind the filter chose. */
function chosenValues(filter: TourSearchFilter) {
  return {
    named: {
      countries: filter.countries ?? [],
      regions: filter.regions ?? [],
      cities: filter.cities ?? [],
      rest_kinds: filter.restKinds ?? [],
      collections: filter.collections ?? [],
      languages: filter.languages ?? [],
      organizers: one(filter.organizer),
      world_parts: one(filter.continent),
      showplaces: one(filter.showplace),
      water_objects: one(filter.waterObject),
      cruise_start_cities: one(filter.cruisesStartCity),
      ships: filter.ships ?? [],
    } satisfies Record<NamedKind, readonly (number | string)[]>,
    labelled: {
      comfort: (filter.comfort ?? []).map((value) => [value, COMFORT_LABELS[value]]),
      difficulty: (filter.difficulty ?? []).map((value) => [value, DIFFICULTY_LABELS[value]]),
      rider_level:
        filter.riderLevel === undefined
          ? []
          : [[filter.riderLevel, LEVEL_DEFINITIONS[filter.riderLevel].label]],
      tack: (filter.tack ?? []).map((value) => [value, TACK_LABELS[value]]),
      // Only an option the facet counts (`maxHours` may be any half hour).
      max_hours: MAX_HOURS_OPTIONS.filter((hours) => hours === filter.maxHours).map((hours) => [
        hours,
        maxHoursLabel(hours),
      ]),
      welfare: (filter.welfare ?? []).map((value) => [value, WELFARE_COMMITMENT_LABELS[value]]),
      accommodation:
        filter.accommodation === 'any'
          ? []
          : [[filter.accommodation, ACCOMMODATION_LABELS[filter.accommodation]]],
      operator_types:
        filter.operatorType === 'any'
          ? []
          : [[filter.operatorType, OPERATOR_TYPE_LABELS[filter.operatorType]]],
    } satisfies Record<string, [number | string, string][]>,
  };
}

const listedIn = (facets: FilterFacets, kind: string) =>
  new Set(((facets as Record<string, FacetOption[] | undefined>)[kind] ?? []).map((o) => o.value));

/** The names of the missing chosen values of the named kinds (hidden organizers have none). */
async function namesOf(
  db: Database,
  missing: Partial<Record<NamedKind, (number | string)[]>>,
): Promise<Map<string, string>> {
  const parts: SQL[] = [];
  for (const [kind, values] of Object.entries(missing) as [NamedKind, (number | string)[]][]) {
    const [table, key] = NAMED[kind];
    const list =
      kind === 'languages' ? textArray(values.map(String)) : intArray(values.map(Number));
    const visible = kind === 'organizers' ? sql` and organizers.is_published_on_site` : sql``;
    parts.push(
      sql`select ${kind} as kind, ${sql.raw(`${table}.${key}`)}::text as value, ${sql.raw(`${table}.name`)} as name
        from ${sql.raw(table)} where ${sql.raw(`${table}.${key}`)} = any(${list})${visible}`,
    );
  }
  const rows = await queryRows<{ kind: string; value: string; name: string }>(
    db,
    sql.join(parts, sql` union all `),
  );
  return new Map(rows.map((row) => [`${row.kind}:${row.value}`, row.name]));
}

/** `facets` with every chosen value listed (count 0 where it was not). */
export async function withChosenValues(
  db: Database,
  facets: FilterFacets,
  filter: TourSearchFilter,
): Promise<FilterFacets> {
  const { named, labelled } = chosenValues(filter);
  const added: Record<string, FacetOption[]> = {};
  const missing: Partial<Record<NamedKind, (number | string)[]>> = {};
  for (const [kind, values] of Object.entries(named) as [NamedKind, (number | string)[]][]) {
    const shown = listedIn(facets, kind);
    const absent = values.filter((value) => !shown.has(value));
    if (absent.length > 0) missing[kind] = absent;
  }
  for (const [kind, values] of Object.entries(labelled)) {
    const shown = listedIn(facets, kind);
    for (const [value, text] of values) {
      if (!shown.has(value)) (added[kind] ??= []).push({ value, text, count: 0 });
    }
  }
  if (Object.keys(missing).length > 0) {
    const names = await namesOf(db, missing);
    for (const [kind, values] of Object.entries(missing) as [NamedKind, (number | string)[]][]) {
      for (const value of values) {
        const text = names.get(`${kind}:${value}`);
        // A value that names nothing (an unknown id, a hidden organizer) stays out.
        if (text !== undefined) (added[kind] ??= []).push({ value, text, count: 0 });
      }
    }
  }
  if (Object.keys(added).length === 0) return facets;
  const next: Record<string, unknown> = { ...facets };
  for (const [kind, options] of Object.entries(added)) {
    next[kind] = [...((next[kind] as FacetOption[] | undefined) ?? []), ...options];
  }
  return next as FilterFacets;
}
