import type { GallopClient } from '@gallop/api-client';
import { listSocialLinksQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchSiteInfo } from '../../lib/site-info';

/** Social links change with the site's configuration: keep them for 10 min. */
export function socialLinksQueryOptions(api: GallopClient) {
  return { ...listSocialLinksQueryOptions(api), staleTime: 10 * 60_000 };
}

/**
 * What the shell shows on every page: the site info (currencies, contacts, messengers) and the
 * social links. Never fails: the shell and the error pages render without them (API down).
 */
export async function prefetchShellData(queryClient: QueryClient, api: GallopClient) {
  await Promise.all([
    prefetchSiteInfo(queryClient, api),
    queryClient.prefetchQuery({ ...socialLinksQueryOptions(api), retry: false }),
  ]);
}
