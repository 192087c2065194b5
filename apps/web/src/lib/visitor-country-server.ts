/**
 * The visitor's country (decisions 145 and 153), in this order:
 *
 * 1. the one they chose (the `country_id` cookie), when the API knows it;
 * 2. the one the edge in front of the site names (`COUNTRY_IP_HEADER`, e.g. `CF-IPCountry`), when
 *    the visitor's request carried the header and the API's `/spa/info` answered that country (a
 *    code the API does not know, `XX` or Tor's `T1`, tells nothing);
 * 3. the region of the browser's most preferred language that has one (`Accept-Language`, q-values
 *    respected: `de-DE,de;q=0.9,en-US;q=0.8` -> DE, `de,en-GB;q=0.5` -> GB), when the API knows it;
 * 4. the default country (the US, `/spa/info`'s answer without the header).
 *
 * It decides the page's units (pounds, miles and °F in the three countries that are not metric),
 * a phone field's first country, and the currency of a visitor who chose none: their country's
 * when the site offers it, else USD.
 *
 * The server's render works it out before anything renders, so the first HTML is already in the
 * visitor's units and currency, and hands it to the browser with the page (`VisitorPreferences`);
 * the page reads it with `useVisitorCountry` (`visitor-country.ts`). What told it goes along
 * (`countryFrom`): the browser keeps only a cookie's or the edge's country (its cookie, a signed-in
 * account's country), never a guess (decision 161). Server only: none of this is in the browser's
 * first load.
 */
import type { GallopClient, components, operations } from '@gallop/api-client';
import { defaultCurrencyFor } from '@gallop/currency';
import { parseAcceptLanguage } from '@gallop/i18n';
import type { QueryClient } from '@tanstack/react-query';
import { countryIdFromCookies } from './country-cookie';
import { prefetchSiteInfo, siteInfoQueryOptions } from './site-info';
import type { VisitorCountrySource, VisitorPreferences } from './visitor';

type LocaleCountry = components['schemas']['LocaleCountry'];
type CountryQuery = NonNullable<operations['getCountrySchedule']['parameters']['query']>;

/**
 * For the server's render: loads the site info into the page's queries (the shell reads it from
 * there) and works out the visitor's country and default currency from it and their request.
 * Asks the API for a country only when the cookie names another than the site info's, or when
 * the browser's language decides. Never fails: without the API, the country stays unknown and
 * the currency USD.
 *
 * `countryIpHeader`: the header a trusted edge puts the visitor's country in (`COUNTRY_IP_HEADER`),
 * undefined or empty when the site has none.
 */
export async function resolveVisitorCountry(
  queryClient: QueryClient,
  api: GallopClient<true>,
  request: Request,
  countryIpHeader: string | undefined,
): Promise<Pick<VisitorPreferences, 'country' | 'countryFrom' | 'defaultCurrency'>> {
  const answered = await prefetchSiteInfo(queryClient, api);
  // Without an answer the shell shows the last one this process had: another visitor's country.
  const info = answered ? queryClient.getQueryData(siteInfoQueryOptions(api).queryKey) : undefined;
  const { country, from } = await visitorCountry(api, info?.country, request, countryIpHeader);
  // The same offer as the header's currency switch (an empty list: the site's supported ones).
  const offered = info?.currencies.length ? info.currencies : undefined;
  const defaultCurrency = defaultCurrencyFor({
    localeCurrency: country?.currency,
    available: offered,
  });
  return {
    ...(country
      ? { country: { id: country.id, iso_code: country.iso_code }, countryFrom: from }
      : {}),
    defaultCurrency,
  };
}

/**
 * The visitor's country by the order above, and what told it. `detected`: the site info's country
 * (the edge's, else the default), undefined when the API did not answer.
 */
async function visitorCountry(
  api: GallopClient<true>,
  detected: LocaleCountry | undefined,
  request: Request,
  countryIpHeader: string | undefined,
): Promise<{ country: LocaleCountry | undefined; from: VisitorCountrySource }> {
  const chosen = countryIdFromCookies(request.headers.get('cookie'));
  if (chosen !== undefined) {
    const country =
      chosen === detected?.id ? detected : await findCountry(api, { country_id: chosen });
    if (country) return { country, from: 'cookie' };
  }
  const edgeCode = countryIpHeader ? request.headers.get(countryIpHeader) : null;
  if (detected && edgeCode?.trim().toUpperCase() === detected.iso_code) {
    return { country: detected, from: 'edge' };
  }
  const region = preferredRegion(request.headers.get('accept-language'));
  if (region !== undefined) {
    const country =
      region === detected?.iso_code ? detected : await findCountry(api, { iso_code: region });
    if (country) return { country, from: 'language' };
  }
  return { country: detected, from: 'default' };
}

/**
 * The region of the most preferred `Accept-Language` tag that names one, upper-case: `de-DE` ->
 * `DE`, `zh-Hant-TW` -> `TW`. Tags without a region (`de`) are passed over, so `de,en-GB;q=0.5`
 * gives GB: the region is the one hint of a country the browser sends. A numeric region
 * (`es-419`, Latin America) names no country. Undefined for none or a malformed header.
 */
export function preferredRegion(acceptLanguage: string | null | undefined): string | undefined {
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const region = regionOf(tag);
    if (region !== undefined) return region;
  }
  return undefined;
}

/** A BCP 47 tag's two-letter region: after the language, its extensions and its script. */
function regionOf(tag: string): string | undefined {
  const [language = '', ...subtags] = tag.split('-');
  if (!/^[a-z]{2,3}$/i.test(language)) return undefined;
  let next = 0;
  while (next < 3 && /^[a-z]{3}$/i.test(subtags[next] ?? '')) next += 1; // extended language
  if (/^[a-z]{4}$/i.test(subtags[next] ?? '')) next += 1; // script
  const region = subtags[next] ?? '';
  return /^[a-z]{2}$/i.test(region) ? region.toUpperCase() : undefined;
}

/**
 * A country by its id (the visitor's cookie) or ISO code (their browser's region); undefined when
 * the API does not know it (an old cookie, a region such as `EU`) or is unreachable.
 */
async function findCountry(
  api: GallopClient<true>,
  query: CountryQuery,
): Promise<LocaleCountry | undefined> {
  try {
    const { data } = await api.GET('/spa/country-schedule', { params: { query } });
    return data.country;
  } catch {
    return undefined;
  }
}
