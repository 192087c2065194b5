import type { GallopClient } from '@gallop/api-client';
import { gallopQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchSiteInfo } from '../../lib/site-info';

/** Social links change with the site's configuration: keep them for 10 min. */
export function socialLinksQueryOptions(api: GallopClient<true>) {
  return { ...gallopQueryOptions(api, '/spa/social-links'), staleTime: 10 * 60_000 };
}

/**
 * Keeps the social links the server sent for the page's life. The footer that shows them
 * hydrates from a chunk of its own, and until then nothing observes that query: react-query would
 * drop it after 5 min, and the footer would no longer match the server's HTML.
 */
export function keepSocialLinks(queryClient: QueryClient, api: GallopClient<true>) {
  queryClient.setQueryDefaults(socialLinksQueryOptions(api).queryKey, {
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What the shell shows on every page: the site info (currencies, contacts, messengers) and the
 * social links. Never fails: the shell and the error pages render without them (API down).
 */
export async function prefetchShellData(queryClient: QueryClient, api: GallopClient<true>) {
  await Promise.all([
    prefetchSiteInfo(queryClient, api),
    queryClient.prefetchQuery({ ...socialLinksQueryOptions(api), retry: false }),
  ]);
}
