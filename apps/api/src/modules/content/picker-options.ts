/** The countries and languages the site's pickers offer. */
import type { components } from '@gallop/api-client';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { countries, languages } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';

type Schemas = components['schemas'];

/** The interface speaks English only (docs/product.md, Who it is for). */
const INTERFACE_LANGUAGES = ['en'];

const languageColumns = { id: languages.id, code: languages.code, name: languages.name };

/**
 * Every country, by name in English collation ("Côte d'Ivoire" after "Costa Rica"), sorted here
 * rather than in SQL so PGlite and PostgreSQL, whose collations differ, give the same order.
 */
export async function listCountryOptions(db: Database): Promise<Schemas['CountryOption'][]> {
  const rows = await db.select({ id: countries.id, name: countries.name }).from(countries);
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
}

/**
 * The tours' languages by name; with `onlyWithTours`, those of at least one tour a traveller can
 * open (`publicTour`: published, of an organizer not hidden; decision 194).
 */
export function listLanguageOptions(
  db: Database,
  onlyWithTours: boolean,
): Promise<Schemas['Language'][]> {
  // `exists` per language probes the GIN index on tours.language_codes.
  return db
    .select(languageColumns)
    .from(languages)
    .where(
      onlyWithTours
        ? sql`exists (select 1 from tours where ${publicTour()}
            and tours.language_codes @> array[${languages.code}])`
        : undefined,
    )
    .orderBy(asc(languages.name), asc(languages.id));
}

/** The languages the interface is offered in. */
export function listInterfaceLanguages(db: Database): Promise<Schemas['Language'][]> {
  return db
    .select(languageColumns)
    .from(languages)
    .where(inArray(languages.code, INTERFACE_LANGUAGES));
}
