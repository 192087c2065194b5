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
import { listedTour } from '../listed.ts';
import { queryRows, textArray } from './sql.ts';
import { suggestionUrls } from './suggestion-urls.ts';

export type CompletionItem = components['schemas']['CompletionItem'];
type CompletionType = CompletionItem['type'];
export type City = components['schemas']['City'];

const COMPLETION_TYPES = [
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

/** A tour's code as a visitor types it: its id, with or without `#` (`1234`, `#1234`). */
const TOUR_CODE = /^#?\s*(\d{1,9})$/;

/** The tour id a phrase names as a code, if it is one. */
function tourCodeOf(phrase: string): number | undefined {
  const match = TOUR_CODE.exec(phrase);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : undefined;
}

/**
 * Suggestions that lead to a page that is there: a tour only while it is listed (its current
 * slug, not the phrase's, which a rename leaves behind), an organizer only while published.
 */
function leadsSomewhere(today: string): SQL {
  return sql`(search_phrases.kind <> 'tour' or (tours.id is not null and ${listedTour(today)}))
    and (search_phrases.kind <> 'organizer' or exists (select 1 from organizers
      where organizers.id = search_phrases.ref_id and organizers.is_published_on_site))`;
}

/** The listed tour a code names, as a suggestion (any kind of trip: a code is exact). */
async function tourByCode(db: Database, id: number, today: string) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select 'tour' as kind, tours.name as text, tours.id as ref_id, tours.slug
      from tours where tours.id = ${id} and ${listedTour(today)}`,
  );
}

export interface CompletionOptions {
  phrase: string | undefined;
  limit: number;
  /** The day tours must have a bookable date from (only listed tours are suggested). */
  today: string;
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
  const code = types.includes('tour') ? tourCodeOf(phrase) : undefined;
  const [byCode, matched] = await Promise.all([
    code === undefined ? [] : tourByCode(db, code, options.today),
    queryRows<Record<string, unknown>>(
      db,
      sql`
      select search_phrases.kind, search_phrases.text, search_phrases.ref_id, tours.slug
      from search_phrases
      left join tours on search_phrases.kind = 'tour' and tours.id = search_phrases.ref_id
      where ${match.where}
        and search_phrases.kind = any(${textArray(types)})
        and ${cruiseScope(options.isCruisesSearch)}
        and ${leadsSomewhere(options.today)}
      order by ${match.order}, search_phrases.weight desc,
        search_phrases.id
      limit ${options.limit}`,
    ),
  ]);
  // A code's tour comes first; the same tour is not suggested twice.
  const rows = [
    ...byCode,
    ...matched.filter((row) => !(row['kind'] === 'tour' && Number(row['ref_id']) === code)),
  ].slice(0, options.limit);
  const found = rows.map((row) => ({
    kind: row['kind'] as CompletionType,
    id: Number(row['ref_id']),
    text: String(row['text']),
    slug: (row['slug'] as string | null) ?? null,
  }));
  const urls = await suggestionUrls(db, found, options.isCruisesSearch);
  return found.map(({ kind, id, text, slug }, index) => ({
    type: kind,
    text,
    id,
    // A tour's slug is its page; a place's own slug is no address on the site (see `url`).
    ...(kind === 'tour' && slug ? { slug } : {}),
    url: urls[index]!,
  }));
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
