/**
 * The tour-selection call (`GET /spa/tour-selection`, decision 102): the tours an organizer or
 * support selected for a traveller's request, opened by the link token.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getTourSelectionQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';

export type TourSelection = components['schemas']['TourSelection'];

export function tourSelectionQueryOptions(api: GallopClient<true>, token: string) {
  return {
    ...getTourSelectionQueryOptions(api, { query: { token, with_alt: 1 } }),
    // An unknown token stays unknown; other failures are retried by the app's defaults.
    retry: (failureCount: number, error: unknown) => !isGone(error) && failureCount < 2,
  };
}

/** The token opens no selection (any more). */
export function isGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * Loader: fills the cache when the token is known. Never throws: the page tells a gone selection
 * and a failed load apart (docs/product.md, Errors: failed loads are logged quietly).
 */
export async function ensureTourSelection(
  queryClient: QueryClient,
  api: GallopClient<true>,
  token: string | undefined,
): Promise<void> {
  if (!token) return;
  try {
    await queryClient.ensureQueryData(tourSelectionQueryOptions(api, token));
  } catch (error) {
    if (!isGone(error)) console.warn('Tour selection: did not load', error);
  }
}
