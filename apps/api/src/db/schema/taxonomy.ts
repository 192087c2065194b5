import { integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** Kinds of rest (trail riding, horse camps, beach rides ...): the `restKinds` filter. */
export const restKinds = pgTable('rest_kinds', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  imageSeed: integer().notNull(),
  position: smallint().notNull().default(0),
});

/** Curated collections (the `collections` filter); `seoParams` feed their landing pages. */
export const collections = pgTable('collections', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  description: text().notNull().default(''),
  imageSeed: integer().notNull(),
  isIndividual: integer().notNull().default(0),
  seoParams: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  position: smallint().notNull().default(0),
});

export const seasons = pgTable('seasons', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  /** Months 1–12 the season covers; tours starting in them count for the season. */
  months: integer().array().notNull(),
  imageSeed: integer().notNull(),
});

export const languages = pgTable('languages', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

export const ships = pgTable('ships', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  cabinsCapacity: smallint().notNull(),
});
