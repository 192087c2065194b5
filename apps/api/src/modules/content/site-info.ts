/**
 * What the site tells a visitor about itself and their place: their country (from a trusted edge
 * header), the configuration the client reads at start, and a country's support schedule (by id,
 * or by ISO code for the web's render of a visitor known by their browser's language only).
 */
import type { components, operations } from '@gallop/api-client';
import { SUPPORTED_CURRENCIES } from '@gallop/currency';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { countries } from '#src/db/schema/index.ts';
import { HttpError, notFound } from '#src/http/http-error.ts';
import { findCountry, resolveVisitorCountry, toLocaleCountry } from '#src/shared/countries.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { loadContacts } from './contacts.ts';
import { listPublishedLegalKinds } from './legal.ts';
import { orderMessengers } from './messengers.ts';
import { listInterfaceLanguages } from './picker-options.ts';
import { readSiteSettings } from './site-settings.ts';
import { supportWorkTime } from './work-time.ts';

type Schemas = components['schemas'];
type Headers = Record<string, string | string[] | undefined>;

/** Currencies the site configuration offers: the same list the web's picker uses. */
const SITE_CURRENCIES: readonly Schemas['SiteCurrency'][] = SUPPORTED_CURRENCIES;

/** Where a visitor's country comes from: a trusted edge's header (lower-case), else a default. */
export interface CountrySource {
  header: string | undefined;
  defaultCountryIso: string;
}

/** The visitor's country: the edge header's, when one is configured and sent, else the default. */
export function visitorCountry(
  db: Database,
  headers: Headers,
  { header, defaultCountryIso }: CountrySource,
): Promise<Schemas['LocaleCountry']> {
  const value = header ? headers[header] : undefined;
  return resolveVisitorCountry(db, Array.isArray(value) ? value[0] : value, defaultCountryIso);
}

/** The configuration the client reads at start, for the visitor's country. */
export async function siteInfo(
  db: Database,
  rates: RatesCache,
  headers: Headers,
  countrySource: CountrySource,
): Promise<Schemas['SiteInfo']> {
  const [table, interfaceLanguages, country, settings, legalDocuments] = await Promise.all([
    rates.get(),
    listInterfaceLanguages(db),
    visitorCountry(db, headers, countrySource),
    readSiteSettings(db, ['messengers', 'landing_videos']),
    listPublishedLegalKinds(db),
  ]);
  return {
    currencies: SITE_CURRENCIES.filter((code) => table.has(code)),
    default_currency: 'USD',
    languages: interfaceLanguages,
    country,
    contacts: await loadContacts(db, { countryId: country.id }),
    messengers: orderMessengers(settings.messengers),
    landing_videos: settings.landing_videos,
    legal_documents: legalDocuments,
  };
}

/** How `/spa/country-schedule` names its country: by id or by ISO code (decision 153). */
export type CountryScheduleQuery = NonNullable<
  operations['getCountrySchedule']['parameters']['query']
>;

/**
 * A country's support hours and contacts, the country named by exactly one of its id and its ISO
 * code (either case): 400 for both or neither, 404 for an unknown one.
 */
export async function countrySchedule(
  db: Database,
  query: CountryScheduleQuery,
  now: Date,
): Promise<Schemas['CountrySchedule']> {
  const country = await findScheduleCountry(db, query);
  if (!country) throw notFound('Country not found');
  const [work_time, contacts] = await Promise.all([
    supportWorkTime(db, now),
    loadContacts(db, { countryId: country.id }),
  ]);
  return { country: toLocaleCountry(country), work_time, contacts };
}

async function findScheduleCountry(db: Database, { country_id, iso_code }: CountryScheduleQuery) {
  if (country_id !== undefined && iso_code === undefined) return findCountry(db, country_id);
  if (iso_code !== undefined && country_id === undefined) {
    const [row] = await db
      .select()
      .from(countries)
      .where(eq(countries.isoCode, iso_code.toUpperCase()));
    return row;
  }
  const problem = ['Give exactly one of country_id and iso_code'];
  throw new HttpError(400, 'Give exactly one of country_id and iso_code', {
    country_id: problem,
    iso_code: problem,
  });
}
