import type { components } from '@gallop/api-client';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  cities,
  climateNormals,
  countries,
  regions,
  tours,
  worldParts,
} from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { toMediaItem } from '../tour-card.ts';
import type { CatalogueRow } from './catalogue-items.ts';
import { centreByArrayColumn, countByArrayColumn, type Centre, type Counts } from './counts.ts';

type Destination = components['schemas']['Destination'];
type DestinationKind = NonNullable<Destination['kind']>;

/** The scene a place's generated picture is drawn with (see the media module). */
const DESTINATION_SCENE = 'landscape';

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
              scene: DESTINATION_SCENE,
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
export async function countryDestinations(db: Database, withAlt: boolean, countryId?: number) {
  const today = todayIso();
  const [rows, counts, centres] = await Promise.all([
    db
      .select()
      .from(countries)
      .where(countryId === undefined ? undefined : eq(countries.id, countryId)),
    countByArrayColumn(db, tours.countryIds, today),
    centreByArrayColumn(db, tours.countryIds, today),
  ]);
  return rows
    .filter(hasTours(counts))
    .sort(byName)
    .map((row) => {
      const centre = centres.get(row.id);
      return {
        worldPartId: row.worldPartId,
        destination: {
          ...toDestination(row, 'country', row.isoCode, counts, withAlt),
          ...(centre ? { centre: roundedCentre(centre) } : {}),
        },
      };
    });
}

/** Five decimals: about a metre, plenty for a country's marker, and a shorter answer. */
const roundedCentre = ({ lat, lng }: Centre): Centre => ({
  lat: Math.round(lat * 1e5) / 1e5,
  lng: Math.round(lng * 1e5) / 1e5,
});

/** Regions with at least one active tour (of one country, if given), by name. */
export async function regionDestinations(db: Database, withAlt: boolean, countryId?: number) {
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
export async function cityDestinations(db: Database, withAlt: boolean, countryId?: number) {
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

/** World parts in their order; with `withCountries`, each with its countries that have tours. */
export async function worldPartGroups(db: Database, withCountries: boolean, withAlt: boolean) {
  const parts = await db
    .select()
    .from(worldParts)
    .orderBy(asc(worldParts.position), asc(worldParts.id));
  // Without the flag the groups are the world parts alone (their `countries` empty).
  const countryList = withCountries ? await countryDestinations(db, withAlt) : [];
  return parts.map((part) => ({
    id: part.id,
    name: part.name,
    slug: part.slug,
    countries: countryList
      .filter((country) => country.worldPartId === part.id)
      .map((country) => country.destination),
  }));
}

/** A place's climate normals by month (none when the place has no data). */
export async function destinationClimate(db: Database, kind: DestinationKind, id: number) {
  const rows = await db
    .select()
    .from(climateNormals)
    .where(and(eq(climateNormals.destinationKind, kind), eq(climateNormals.destinationId, id)))
    .orderBy(asc(climateNormals.month));
  return rows.map((row) => ({
    month: row.month,
    temperature_min: row.temperatureMin,
    temperature_max: row.temperatureMax,
    precipitation_mm: row.precipitationMm,
    sunny_days: row.sunnyDays,
  }));
}
