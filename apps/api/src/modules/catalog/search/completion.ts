/**
 * The search box's suggestions (`/spa/tours-filter-completion`) and the city autocomplete
 * (`/spa/cities-by-query`). Both match `lower(...)` expressions that have GIN trigram indexes,
 * with conditions that index serves: the text starts with the phrase, a word of it does, or it
 * holds a part similar to the phrase (pg_trgm's word similarity `%>`, threshold 0.6, which forgives
 * a typo). Order: whole-text prefix first, then word similarity, similarity, weight.
 *
 * Why not pg_trgm's `%`: on PGlite with cube and earthdistance loaded (as here) the `%` operator
 * answers no rows and then hangs the database; `%>`, `like` and `similarity()` work on both.
 */
import type { components } from '@gallop/api-client';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRows, textArray } from './sql.ts';

export type CompletionItem = components['schemas']['CompletionItem'];
export type CompletionType = CompletionItem['type'];
export type City = components['schemas']['City'];

export const COMPLETION_TYPES = [
  'country',
  'region',
  'city',
  'rest_kind',
  'collection',
  'tour',
  'showplace',
  'organizer',
] as const satisfies readonly CompletionType[];

/** Lower-cased, trimmed, inner spaces collapsed; empty when there is nothing to match. */
export function normalizePhrase(phrase: string | undefined): string {
  return (phrase ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** LIKE's own wildcards escaped. */
function escapeLike(phrase: string): string {
  return phrase.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** How well `text` (a lower-cased SQL expression) matches `phrase`: the condition and the order. */
export function phraseMatch(text: SQL, phrase: string): { where: SQL; order: SQL } {
  const isPrefix = sql`${text} like ${`${escapeLike(phrase)}%`}`;
  const wordPrefix = sql`${text} like ${`% ${escapeLike(phrase)}%`}`;
  return {
    where: sql`(${isPrefix} or ${wordPrefix} or ${text} %> ${phrase})`,
    order: sql`${isPrefix} desc, word_similarity(${phrase}, ${text}) desc, similarity(${text}, ${phrase}) desc`,
  };
}

/** Where a suggestion leads on the site. */
function urlOf(type: CompletionType, id: number, slug: string | null): string | undefined {
  if (type === 'organizer') return `/tour-provider/${id}`;
  return slug ? `/${slug}` : undefined;
}

/** Places are suggested in both searches; other kinds only where they lead to results. */
const PLACE_TYPES = ['country', 'region', 'city', 'showplace'] as const;

/**
 * `is_cruise` marks phrases that lead to cruises (port cities, cruise kinds, cruise tours). A
 * cruise search suggests only those; the tour search suggests everything but cruise-only
 * suggestions (cruise tours and kinds), since cruises are not in its results.
 */
function cruiseScope(isCruisesSearch: boolean) {
  return isCruisesSearch
    ? sql`search_phrases.is_cruise`
    : sql`(not search_phrases.is_cruise or search_phrases.kind = any(${textArray(PLACE_TYPES)}))`;
}

export interface CompletionOptions {
  phrase: string | undefined;
  limit: number;
  /** Types to keep (none: all). */
  only?: readonly string[] | undefined;
  /** Types to leave out. */
  exclude?: readonly string[] | undefined;
  /** Cruise search (see `cruiseScope`). */
  isCruisesSearch: boolean;
}

function allowedTypes({ only, exclude }: CompletionOptions): CompletionType[] {
  const kept = only && only.length > 0 ? only : COMPLETION_TYPES;
  return COMPLETION_TYPES.filter((type) => kept.includes(type) && !exclude?.includes(type));
}

export async function completeTourFilter(
  db: Database,
  options: CompletionOptions,
): Promise<CompletionItem[]> {
  const phrase = normalizePhrase(options.phrase);
  const types = allowedTypes(options);
  if (phrase === '' || types.length === 0) return [];
  const match = phraseMatch(sql`lower(search_phrases.text)`, phrase);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select search_phrases.kind, search_phrases.text, search_phrases.ref_id, search_phrases.slug
    from search_phrases
    where ${match.where}
      and search_phrases.kind = any(${textArray(types)})
      and ${cruiseScope(options.isCruisesSearch)}
    order by ${match.order}, search_phrases.weight desc,
      search_phrases.id
    limit ${options.limit}`,
  );
  return rows.map((row) => {
    const type = row['kind'] as CompletionType;
    const id = Number(row['ref_id']);
    const slug = (row['slug'] as string | null) ?? null;
    const url = urlOf(type, id, slug);
    return {
      type,
      text: String(row['text']),
      id,
      ...(slug ? { slug } : {}),
      ...(url ? { url } : {}),
    };
  });
}

export interface CitySearchOptions {
  query: string | undefined;
  limit: number;
  countryId?: number | undefined;
}

/** Cities whose name starts with or resembles the query, with their region and country names. */
export async function searchCities(db: Database, options: CitySearchOptions): Promise<City[]> {
  const query = normalizePhrase(options.query);
  if (query === '') return [];
  const match = phraseMatch(sql`lower(cities.name)`, query);
  const inCountry =
    options.countryId === undefined ? sql`true` : sql`cities.country_id = ${options.countryId}`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select cities.id, cities.name, regions.name as region, countries.name as country,
      cities.lat, cities.lng
    from cities
    join countries on countries.id = cities.country_id
    left join regions on regions.id = cities.region_id
    where ${match.where} and ${inCountry}
    order by ${match.order}, cities.name, cities.id
    limit ${options.limit}`,
  );
  return rows.map((row) => ({
    id: Number(row['id']),
    name: String(row['name']),
    region: (row['region'] as string | null) ?? null,
    country: (row['country'] as string | null) ?? null,
    lat: Number(row['lat']),
    lng: Number(row['lng']),
  }));
}
