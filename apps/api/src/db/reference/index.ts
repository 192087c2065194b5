/**
 * Reference data (decision 163): facts every deployment needs, demo or not. The world parts, the
 * countries with their ISO codes, calling codes and currencies, and the languages. Loaded at every
 * start (`prepareDatabase`), idempotently: a row already there, by id, is left as it is, so an
 * operator's edit (a country's description, its picture) survives. The demo seed builds on it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { countries, languages, worldParts } from '#src/db/schema/index.ts';
import { NON_METRIC_ISO_CODES, REFERENCE_COUNTRIES, WORLD_PARTS } from './countries.ts';
import { REFERENCE_LANGUAGES } from './languages.ts';
import { slugify } from '#src/shared/slug.ts';

/** The tables it fills: their identity sequences move past the ids it inserts. */
const TABLES = ['world_parts', 'countries', 'languages'] as const;

export async function loadReferenceData(db: Database): Promise<void> {
  await db
    .insert(worldParts)
    .values(
      WORLD_PARTS.map((name, index) => ({
        id: index + 1,
        name,
        slug: slugify(name),
        position: index,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(countries)
    .values(
      REFERENCE_COUNTRIES.map((country) => ({
        id: country.id,
        worldPartId: WORLD_PARTS.indexOf(country.worldPart) + 1,
        name: country.name,
        slug: slugify(country.name),
        isoCode: country.iso,
        phoneCode: country.phoneCode,
        currency: country.currency,
        isPrimary: country.isPrimary,
        isMetric: !NON_METRIC_ISO_CODES.has(country.iso),
        lat: country.lat,
        lng: country.lng,
        imageSeed: country.id * 7 + 3,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(languages)
    .values(REFERENCE_LANGUAGES.map((language, index) => ({ id: index + 1, ...language })))
    .onConflictDoNothing();
  // Explicit ids leave the sequences behind: a row added later by the database gets the next id.
  for (const table of TABLES) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest((SELECT max(id) FROM "${table}"), 1))`,
      ),
    );
  }
}
