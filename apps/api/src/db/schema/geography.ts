import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Continents as the search filter's `continent` and the destinations list group them. */
export const worldParts = pgTable('world_parts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  position: smallint().notNull().default(0),
});

export const countries = pgTable(
  'countries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    worldPartId: integer()
      .notNull()
      .references(() => worldParts.id),
    name: text().notNull(),
    slug: text().notNull().unique(),
    isoCode: text().notNull().unique(),
    phoneCode: text().notNull(),
    currency: text().notNull(),
    /** Shown in the phone input's country list without a search term. */
    isPrimary: boolean().notNull().default(false),
    isMetric: boolean().notNull().default(true),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    description: text().notNull().default(''),
    imageSeed: integer().notNull(),
    /** The landscape profile its pictures are drawn with (media module); null draws anywhere. */
    landscape: text(),
  },
  (table) => [index('countries_world_part_idx').on(table.worldPartId)],
);

export const regions = pgTable(
  'regions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    name: text().notNull(),
    slug: text().notNull().unique(),
    imageSeed: integer().notNull(),
    /** The landscape profile its pictures are drawn with (media module); null draws anywhere. */
    landscape: text(),
  },
  (table) => [index('regions_country_idx').on(table.countryId)],
);

export const cities = pgTable(
  'cities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    regionId: integer().references(() => regions.id),
    name: text().notNull(),
    slug: text().notNull().unique(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    /** Cities a cruise can start from carry the flag, for the cruise start-city filter. */
    isPort: boolean().notNull().default(false),
  },
  (table) => [
    index('cities_country_idx').on(table.countryId),
    index('cities_region_idx').on(table.regionId),
    index('cities_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

export const showplaces = pgTable(
  'showplaces',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    cityId: integer().references(() => cities.id),
    name: text().notNull(),
    slug: text().notNull().unique(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
  },
  (table) => [index('showplaces_country_idx').on(table.countryId)],
);

/** Rivers, lakes and seas: cruises sail on them (the `waterObject` filter). */
export const waterObjects = pgTable('water_objects', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  kind: text({ enum: ['river', 'lake', 'sea'] }).notNull(),
});

/** Monthly climate normals per destination (country, region or city) for the weather page. */
export const climateNormals = pgTable(
  'climate_normals',
  {
    destinationKind: text({ enum: ['country', 'region', 'city'] }).notNull(),
    destinationId: integer().notNull(),
    month: smallint().notNull(),
    temperatureMin: real().notNull(),
    temperatureMax: real().notNull(),
    precipitationMm: real().notNull(),
    sunnyDays: smallint().notNull(),
  },
  (table) => [
    uniqueIndex('climate_normals_pk').on(table.destinationKind, table.destinationId, table.month),
  ],
);
