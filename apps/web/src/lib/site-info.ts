import type { GallopClient, components } from '@gallop/api-client';
import { gallopQueryOptions } from '@gallop/api-client/query';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useApi } from './api';

/** Site configuration changes by deployment, not by visit: ask the API at most every 10 min. */
const SITE_INFO_STALE_MS = 10 * 60_000;

/** `GET /spa/info`: currencies, languages, country, contacts, messengers, landing videos. */
export function siteInfoQueryOptions(api: GallopClient<true>) {
  return { ...gallopQueryOptions(api, '/spa/info'), staleTime: SITE_INFO_STALE_MS };
}

type SiteInfo = components['schemas']['SiteInfo'];

// The last answer this process got: the 503 page still shows the support contacts when the API
// has gone down since (spec: error page 503 'with the main phone, email and messenger buttons').
let lastKnown: SiteInfo | undefined;

/** Forgets the last answer, as a fresh process starts: for tests, which share the module. */
export function forgetLastKnownSiteInfo(): void {
  lastKnown = undefined;
}

/**
 * Loads the site info for the shell without ever failing the page: the shell and the error pages
 * must render when the API is down. Falls back to the last answer this process saw (another
 * visitor's: its `country` is not this visitor's). True when the API answered this request.
 */
export async function prefetchSiteInfo(
  queryClient: QueryClient,
  api: GallopClient<true>,
): Promise<boolean> {
  const options = siteInfoQueryOptions(api);
  try {
    // No retries: the shell must not hold a navigation while the API is down.
    lastKnown = await queryClient.ensureQueryData({ ...options, retry: false });
    return true;
  } catch {
    if (lastKnown && !queryClient.getQueryData(options.queryKey)) {
      queryClient.setQueryData(options.queryKey, lastKnown);
    }
    return false;
  }
}

/**
 * The currencies the site offers, from the site info in the page's queries: undefined before it
 * has come, or when it names none (then the site's supported list stands).
 */
export function offeredCurrencies(
  queryClient: QueryClient,
  api: GallopClient<true>,
): readonly string[] | undefined {
  const currencies = queryClient.getQueryData(siteInfoQueryOptions(api).queryKey)?.currencies;
  return currencies?.length ? currencies : undefined;
}

/** The site info when loaded (undefined while the API is unreachable). */
export function useSiteInfo() {
  const api = useApi();
  // `useQuery`: optional everywhere it is read; pages render without it.
  return useQuery({ ...siteInfoQueryOptions(api), retry: false }).data;
}
