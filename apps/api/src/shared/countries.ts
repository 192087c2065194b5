/**
 * The countries table, read by accounts (a profile's country) and content (the visitor's country,
 * contacts): reference data no module owns, so it lives here and imports no module.
 */
import type { components } from '@gallop/api-client';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { countries } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';

type LocaleCountry = components['schemas']['LocaleCountry'];
type CountryRow = typeof countries.$inferSelect;

export function toLocaleCountry(row: CountryRow): LocaleCountry {
  return {
    id: row.id,
    iso_code: row.isoCode,
    currency: row.currency,
    name: row.name,
    is_metric: row.isMetric,
  };
}

/** Edge codes that name no country: Cloudflare's unknown (`XX`) and Tor (`T1`). */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

/** `"de"` -> `"DE"`; anything that is not a two-letter country code -> undefined. */
function normalizeIsoCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : undefined;
}

/**
 * The visitor's country (decisions: geography): the ISO code a trusted edge header carries when
 * one is configured, else the configured default; a code the catalogue does not know falls back
 * to the default, and a catalogue without the default to its first country.
 */
export async function resolveVisitorCountry(
  db: Database,
  headerValue: string | undefined,
  defaultIso: string,
): Promise<LocaleCountry> {
  const wanted = [normalizeIsoCode(headerValue), normalizeIsoCode(defaultIso)].filter(
    (code): code is string => code !== undefined,
  );
  const found = wanted.length
    ? await db.select().from(countries).where(inArray(countries.isoCode, wanted))
    : [];
  const chosen =
    wanted.map((code) => found.find((row) => row.isoCode === code)).find(Boolean) ??
    (await db.select().from(countries).orderBy(asc(countries.id)).limit(1))[0];
  if (!chosen) throw notFound('No countries are known yet');
  return toLocaleCountry(chosen);
}

export async function findCountry(db: Database, id: number): Promise<CountryRow | undefined> {
  const [row] = await db.select().from(countries).where(eq(countries.id, id));
  return row;
}
