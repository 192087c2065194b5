import type { GallopClient } from '@gallop/api-client';
import {
  getContactsQueryOptions,
  getMessengersQueryOptions,
  getSeoPagesSitemapQueryOptions,
  getStatsQueryOptions,
  getWorkTimeQueryOptions,
  listCountryOptionsQueryOptions,
  listDestinationsQueryOptions,
  listSocialLinksQueryOptions,
} from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchSiteInfo, siteInfoQueryOptions } from '../../lib/site-info';

/** Site configuration (contacts, socials, sitemap) changes by deployment: 10 minutes is fresh. */
const CONFIG_STALE_MS = 10 * 60_000;

const fresh = <T extends object>(options: T) => ({ ...options, staleTime: CONFIG_STALE_MS });

/** The calls of the informational pages, so loaders and components ask for the same keys. */
export const infoQueries = {
  /** Support contacts; with the visitor's country its local phones come first. */
  contacts: (api: GallopClient<true>, countryId: number | undefined) =>
    fresh(
      getContactsQueryOptions(api, {
        query: countryId === undefined ? {} : { country_id: countryId },
      }),
    ),
  /** Every phone, local ones of every country included (`all=1`). */
  allContacts: (api: GallopClient<true>) =>
    fresh(getContactsQueryOptions(api, { query: { all: 1 } })),
  countryNames: (api: GallopClient<true>) => fresh(listCountryOptionsQueryOptions(api)),
  workTime: (api: GallopClient<true>) => getWorkTimeQueryOptions(api),
  messengers: (api: GallopClient<true>) => fresh(getMessengersQueryOptions(api)),
  socialLinks: (api: GallopClient<true>) => fresh(listSocialLinksQueryOptions(api)),
  stats: (api: GallopClient<true>) => getStatsQueryOptions(api),
  countries: (api: GallopClient<true>) =>
    fresh(listDestinationsQueryOptions(api, { query: { kind: 'country' } })),
  seoSitemap: (api: GallopClient<true>) => fresh(getSeoPagesSitemapQueryOptions(api)),
};

/**
 * The visitor's country as the site knows it (`/spa/info`), for local phone numbers; undefined
 * when the API cannot say.
 */
async function visitorCountryId(
  queryClient: QueryClient,
  api: GallopClient<true>,
): Promise<number | undefined> {
  await prefetchSiteInfo(queryClient, api);
  return queryClient.getQueryData(siteInfoQueryOptions(api).queryKey)?.country?.id;
}

/** The contacts page's data; returns the country its local phones are for. */
export async function ensureContactsPage(queryClient: QueryClient, api: GallopClient<true>) {
  const countryId = await visitorCountryId(queryClient, api);
  await Promise.all([
    queryClient.ensureQueryData(infoQueries.contacts(api, countryId)),
    queryClient.ensureQueryData(infoQueries.allContacts(api)),
    queryClient.ensureQueryData(infoQueries.countryNames(api)),
    queryClient.ensureQueryData(infoQueries.workTime(api)),
    queryClient.ensureQueryData(infoQueries.messengers(api)),
    queryClient.ensureQueryData(infoQueries.socialLinks(api)),
  ]);
  return { countryId };
}

/** About and join pages: the catalogue in numbers. */
export async function ensureAboutPage(queryClient: QueryClient, api: GallopClient<true>) {
  await Promise.all([
    queryClient.ensureQueryData(infoQueries.stats(api)),
    queryClient.ensureQueryData(infoQueries.countries(api)),
  ]);
}

export async function ensureSitemapPage(queryClient: QueryClient, api: GallopClient<true>) {
  await Promise.all([
    queryClient.ensureQueryData(infoQueries.seoSitemap(api)),
    queryClient.ensureQueryData(infoQueries.countries(api)),
  ]);
}
