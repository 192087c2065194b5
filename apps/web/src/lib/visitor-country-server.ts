/**
 * The visitor's country (decision 145): the one they chose (the `country_id` cookie), else the
 * one the edge in front of the site tells the API (`/spa/info`'s `country`, from
 * `COUNTRY_IP_HEADER`), else the default country (the US). It decides the page's units (pounds,
 * miles and °F in the three countries that are not metric), a phone field's first country, and
 * the currency of a visitor who chose none: their country's when the site offers it, else USD.
 *
 * The server's render works it out before anything renders, so the first HTML is already in the
 * visitor's units and currency, and hands it to the browser with the page (`VisitorPreferences`);
 * the page reads it with `useVisitorCountry` (`visitor-country.ts`). Server only: none of this is
 * in the browser's first load.
 */
import type { GallopClient, components } from '@gallop/api-client';
import { defaultCurrencyFor } from '@gallop/currency';
import type { QueryClient } from '@tanstack/react-query';
import { countryIdFromCookies } from './country-cookie';
import { prefetchSiteInfo, siteInfoQueryOptions } from './site-info';
import type { VisitorPreferences } from './visitor';

type LocaleCountry = components['schemas']['LocaleCountry'];

/**
 * For the server's render: loads the site info into the page's queries (the shell reads it from
 * there) and works out the visitor's country and default currency from it and their cookies.
 * Never fails: without the API, the country stays unknown and the currency USD.
 */
export async function resolveVisitorCountry(
  queryClient: QueryClient,
  api: GallopClient<true>,
  cookieHeader: string | null | undefined,
): Promise<Pick<VisitorPreferences, 'country' | 'defaultCurrency'>> {
  const answered = await prefetchSiteInfo(queryClient, api);
  // Without an answer the shell shows the last one this process had: another visitor's country.
  const info = answered ? queryClient.getQueryData(siteInfoQueryOptions(api).queryKey) : undefined;
  const detected = info?.country;
  const chosen = countryIdFromCookies(cookieHeader);
  const country =
    chosen === undefined || chosen === detected?.id
      ? detected
      : ((await countryById(api, chosen)) ?? detected);
  // The same offer as the header's currency switch (an empty list: the site's supported ones).
  const offered = info?.currencies.length ? info.currencies : undefined;
  const defaultCurrency = defaultCurrencyFor({
    localeCurrency: country?.currency,
    available: offered,
  });
  return {
    ...(country ? { country: { id: country.id, iso_code: country.iso_code } } : {}),
    defaultCurrency,
  };
}

/** A country the visitor chose, or undefined when it is unknown (an old cookie) or unreachable. */
async function countryById(
  api: GallopClient<true>,
  countryId: number,
): Promise<LocaleCountry | undefined> {
  try {
    const { data } = await api.GET('/spa/country-schedule', {
      params: { query: { country_id: countryId } },
    });
    return data.country;
  } catch {
    return undefined;
  }
}
