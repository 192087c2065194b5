import type { components } from '@gallop/api-client';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  cities,
  climateNormals,
  collections,
  countries,
  regions,
  restKinds,
  seasons,
  seoPages,
  tours,
  worldParts,
} from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { loadTourCards, toMediaItem } from '#src/modules/catalog/tour-card.ts';
import { todayIso } from '#src/shared/dates.ts';
import { requestCardContext } from '#src/modules/catalog/tour/handlers.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { calendarPeriods, nextSeasonWindow } from './calendar-periods.ts';
import { listedTour } from '../listed.ts';
import {
  countByArrayColumn,
  countByColumn,
  countBySeason,
  type Counts,
  type SeasonWindow,
} from './counts.ts';

export interface ListsDeps {
  db: Database;
  rates: RatesCache;
}

type NamedItem = components['schemas']['NamedItem'];
type Destination = components['schemas']['Destination'];
type DestinationKind = NonNullable<Destination['kind']>;
type Seo = components['schemas']['Seo'];

/** Scenes the generated pictures of catalogue entries are drawn with (see the media module). */
const SCENE = {
  restKind: 'trail',
  collection: 'horse',
  season: 'landscape',
  destination: 'landscape',
} as const;

/** Lists without a `with_alt` switch still describe their pictures. */
const WITH_ALT = true;

/** How many best tours the home page shows. */
export const BEST_TOURS_LIMIT = 12;

/**
 * Accommodation kinds of the contract's `Accommodation` enum in its order; the position is the
 * kind's id. `not-set` is left out: it is the absence of a kind, not a choice.
 */
export const ACCOMMODATION_KINDS = [
  { slug: 'camp-site', name: 'Camp site' },
  { slug: 'guest-house', name: 'Guest house' },
  { slug: 'flat', name: 'Flat' },
  { slug: 'cabin', name: 'Cabin' },
  { slug: 'hotel', name: 'Hotel' },
  { slug: 'tent', name: 'Tent' },
  { slug: 'train', name: 'Train' },
] as const;

interface CatalogueRow {
  id: number;
  name: string;
  slug: string;
  imageSeed: number;
  /** A place's landscape profile: its picture shows that kind of country. */
  landscape?: string | null;
}

function namedItem(row: CatalogueRow, scene: string, counts: Counts): NamedItem {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    tours_count: counts.get(row.id) ?? 0,
    image: toMediaItem({ scene, seed: row.imageSeed, alt: row.name }, WITH_ALT),
  };
}

/**
 * Rest kinds whose own catalogue page (`/{slug}`, where their tiles link) searches cruises: their
 * count is of cruises, the others' of multi-day tours.
 */
async function cruiseKindIds(db: Database): Promise<Set<number>> {
  const rows = await db
    .select({ id: restKinds.id })
    .from(restKinds)
    .innerJoin(seoPages, eq(seoPages.slug, restKinds.slug))
    .where(sql`${seoPages.filters}->>'isCruisesSearch' in ('1', 'true')`);
  return new Set(rows.map((row) => row.id));
}

async function restKindItems(db: Database): Promise<NamedItem[]> {
  const today = todayIso();
  const [rows, tourCounts, cruiseCounts, cruiseKinds] = await Promise.all([
    db.select().from(restKinds).orderBy(asc(restKinds.position), asc(restKinds.id)),
    countByArrayColumn(db, tours.restKindIds, today),
    countByArrayColumn(db, tours.restKindIds, today, 'cruises'),
    cruiseKindIds(db),
  ]);
  return rows.map((row) =>
    namedItem(row, SCENE.restKind, cruiseKinds.has(row.id) ? cruiseCounts : tourCounts),
  );
}

/** A collection's own landing-page SEO texts (`seo_params` of the row), as the contract's `Seo`. */
function collectionSeo(params: Record<string, unknown>): Seo {
  const seo: Seo = {};
  for (const key of ['title', 'description', 'h1', 'canonical'] as const) {
    const value = params[key];
    if (typeof value === 'string') seo[key] = value;
  }
  if (typeof params['noindex'] === 'boolean') seo.noindex = params['noindex'];
  return seo;
}

async function collectionItems(db: Database, withSeo: boolean): Promise<NamedItem[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(collections).orderBy(asc(collections.position), asc(collections.id)),
    countByArrayColumn(db, tours.collectionIds, todayIso()),
  ]);
  return rows.map((row) => ({
    ...namedItem(row, SCENE.collection, counts),
    ...(withSeo && row.isIndividual === 1 ? { seo: collectionSeo(row.seoParams) } : {}),
  }));
}

function toDestination(
  row: CatalogueRow | (Omit<CatalogueRow, 'imageSeed'> & { imageSeed: null }),
  kind: DestinationKind,
  isoCode: string | null,
  counts: Counts,
  withAlt: boolean,
): Destination {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind,
    iso_code: isoCode,
    tours_count: counts.get(row.id) ?? 0,
    // Cities have no picture of their own.
    ...(row.imageSeed === null
      ? {}
      : {
          image: toMediaItem(
            {
              scene: SCENE.destination,
              seed: row.imageSeed,
              alt: row.name,
              ...(row.landscape ? { landscape: row.landscape } : {}),
            },
            withAlt,
          ),
        }),
  };
}

const hasTours = (counts: Counts) => (row: { id: number }) => (counts.get(row.id) ?? 0) > 0;

/**
 * Places are listed by name in English collation, sorted here rather than in SQL so PGlite and
 * PostgreSQL (whose collations differ) give the same order.
 */
export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'en') || a.id - b.id;

/** Countries with at least one active tour, by name, with their world part. */
async function countryDestinations(db: Database, withAlt: boolean, countryId?: number) {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(countries)
      .where(countryId === undefined ? undefined : eq(countries.id, countryId)),
    countByArrayColumn(db, tours.countryIds, todayIso()),
  ]);
  return rows
    .filter(hasTours(counts))
    .sort(byName)
    .map((row) => ({
      worldPartId: row.worldPartId,
      destination: toDestination(row, 'country', row.isoCode, counts, withAlt),
    }));
}

/** Regions with at least one active tour (of one country, if given), by name. */
async function regionDestinations(db: Database, withAlt: boolean, countryId?: number) {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: regions.id,
        name: regions.name,
        slug: regions.slug,
        imageSeed: regions.imageSeed,
        landscape: regions.landscape,
      })
      .from(regions)
      .where(countryId === undefined ? undefined : eq(regions.countryId, countryId)),
    countByArrayColumn(db, tours.regionIds, todayIso()),
  ]);
  return rows
    .filter(hasTours(counts))
    .sort(byName)
    .map((row) => toDestination(row, 'region', null, counts, withAlt));
}

/** Cities with at least one active tour (of one country, if given), by name. */
async function cityDestinations(db: Database, withAlt: boolean, countryId?: number) {
  const [rows, counts] = await Promise.all([
    db
      .select({ id: cities.id, name: cities.name, slug: cities.slug })
      .from(cities)
      .where(countryId === undefined ? undefined : eq(cities.countryId, countryId)),
    countByArrayColumn(db, tours.cityIds, todayIso()),
  ]);
  return rows
    .filter(hasTours(counts))
    .sort(byName)
    .map((row) => toDestination({ ...row, imageSeed: null }, 'city', null, counts, withAlt));
}

/** Contract handlers for the catalogue's lists: kinds, collections, seasons, places, climate. */
export function listsHandlers({
  db,
  rates,
}: ListsDeps): Pick<
  ServiceHandlers,
  | 'listRestKinds'
  | 'listCollections'
  | 'listCalendarPeriods'
  | 'listBestTours'
  | 'listTourAccommodations'
  | 'listAllRestKinds'
  | 'listAllCollections'
  | 'listAllSeasons'
  | 'listWorldPartGroups'
  | 'listDestinations'
  | 'getDestinationClimate'
> {
  return {
    async listRestKinds() {
      return { rest_kinds: await restKindItems(db) };
    },

    async listAllRestKinds() {
      return { items: await restKindItems(db) };
    },

    async listCollections() {
      return { collections: await collectionItems(db, false) };
    },

    async listAllCollections(request) {
      return { items: await collectionItems(db, request.query.with_individual_seo_params === 1) };
    },

    async listAllSeasons() {
      const today = todayIso();
      const rows = await db.select().from(seasons).orderBy(asc(seasons.id));
      // A season without months has no dates to search, so nothing to link to: it is left out.
      const windows: (SeasonWindow & { row: (typeof rows)[number] })[] = rows.flatMap((row) => {
        const window = nextSeasonWindow(today, row);
        return window ? [{ id: row.id, row, ...window }] : [];
      });
      const counts = await countBySeason(db, today, windows);
      return {
        items: windows.map(({ row, date_from, date_to }) => ({
          ...namedItem(row, SCENE.season, counts),
          date_from,
          date_to,
        })),
      };
    },

    async listCalendarPeriods() {
      const rows = await db
        .select({ name: seasons.name, months: seasons.months })
        .from(seasons)
        .orderBy(asc(seasons.id));
      return { items: calendarPeriods(todayIso(), rows) };
    },

    async listTourAccommodations() {
      const counts = await countByColumn(db, tours.accommodation, todayIso());
      return {
        items: ACCOMMODATION_KINDS.map((kind, index) => ({
          id: index + 1,
          name: kind.name,
          slug: kind.slug,
          tours_count: counts.get(kind.slug) ?? 0,
        })),
      };
    },

    async listBestTours(request) {
      const context = await requestCardContext(request, rates, request.query.with_alt === 1);
      const best = await db
        .select({ id: tours.id })
        .from(tours)
        .where(and(listedTour(context.today), eq(tours.isBest, true)))
        .orderBy(desc(tours.popularity), asc(tours.id))
        .limit(BEST_TOURS_LIMIT);
      return {
        items: await loadTourCards(
          db,
          best.map((row) => row.id),
          context,
        ),
      };
    },

    async listWorldPartGroups(request) {
      const { with_alt, show_countries_with_world_parts } = request.query;
      const parts = await db
        .select()
        .from(worldParts)
        .orderBy(asc(worldParts.position), asc(worldParts.id));
      // Without the flag the groups are the world parts alone (their `countries` empty).
      const countryList =
        show_countries_with_world_parts === 1 ? await countryDestinations(db, with_alt === 1) : [];
      return {
        items: parts.map((part) => ({
          id: part.id,
          name: part.name,
          slug: part.slug,
          countries: countryList
            .filter((country) => country.worldPartId === part.id)
            .map((country) => country.destination),
        })),
      };
    },

    async listDestinations(request) {
      const { kind = 'country', country_id, with_alt } = request.query;
      const withAlt = with_alt === 1;
      if (kind === 'region') return { items: await regionDestinations(db, withAlt, country_id) };
      if (kind === 'city') return { items: await cityDestinations(db, withAlt, country_id) };
      const countryList = await countryDestinations(db, withAlt, country_id);
      return { items: countryList.map((country) => country.destination) };
    },

    async getDestinationClimate(request) {
      const { destination_id, kind = 'country' } = request.query;
      const rows = await db
        .select()
        .from(climateNormals)
        .where(
          and(
            eq(climateNormals.destinationKind, kind),
            eq(climateNormals.destinationId, destination_id),
          ),
        )
        .orderBy(asc(climateNormals.month));
      if (rows.length === 0) throw notFound('No climate data for this destination');
      return {
        destination_id,
        months: rows.map((row) => ({
          month: row.month,
          temperature_min: row.temperatureMin,
          temperature_max: row.temperatureMax,
          precipitation_mm: row.precipitationMm,
          sunny_days: row.sunnyDays,
        })),
      };
    },
  };
}
