/**
 * The account's passports leave the cache at sign-out: weights are private. Apart from
 * `./rider-passport.ts` because sign-out is in every page's first load and the passport is not.
 */
import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';

export function forgetAccountPassports(
  queryClient: Pick<QueryClient, 'removeQueries'>,
  api: Parameters<typeof getRiderPassportQueryOptions>[0],
): void {
  queryClient.removeQueries({ queryKey: getRiderPassportQueryOptions(api).queryKey });
}
