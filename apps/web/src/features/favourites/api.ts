import type { GallopClient } from '@gallop/api-client';
import { operationKeys, operationQueryKey, type GetData } from '@gallop/api-client/query';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { favouriteTourIdsFromCookieHeader } from '@gallop/session';

/**
 * The most ids one `get-by-ids` call takes (its `maxItems` in openapi/paths/catalog.yaml), while
 * an account keeps more saved tours (up to 500 carried at a sign-in, more hearted one by one).
 */
export const CARDS_PER_CALL = 100;

type ToursByIds = GetData<'/crm/api/tour/get-by-ids'>;

/** `ids` cut into the calls that ask for them, at most `CARDS_PER_CALL` each, in order. */
function idsInCalls(ids: readonly number[]): number[][] {
  const calls: number[][] = [];
  for (let start = 0; start < ids.length; start += CARDS_PER_CALL) {
    calls.push(ids.slice(start, start + CARDS_PER_CALL));
  }
  return calls;
}

/**
 * The cards of the saved tours (`/crm/api/tour/get-by-ids`), with alt texts: one call per
 * `CARDS_PER_CALL` ids, all at once, answered as one list in the ids' order. The key is the
 * call's own (`['get', path, params]`), so what invalidates `get-by-ids` reaches it. One call
 * failing fails them all: a part of the answer would take the other calls' tours for gone and
 * drop them from the saved list.
 */
export function favouriteToursQueryOptions(api: GallopClient<true>, ids: readonly number[]) {
  const query = { ids: [...ids], with_alt: 1 as const };
  return queryOptions({
    queryKey: operationQueryKey(operationKeys.getToursByIds, { query }),
    queryFn: async ({ signal }): Promise<ToursByIds> => {
      const answers = await Promise.all(
        idsInCalls(ids).map(async (part) => {
          const { data } = await api.GET('/crm/api/tour/get-by-ids', {
            params: { query: { ids: part, with_alt: 1 } },
            signal,
          });
          return data;
        }),
      );
      return { items: answers.flatMap((answer) => answer.items) };
    },
  });
}

/**
 * The ids the favourites page shows: on the server those read from the request's cookie; in the
 * browser the cookie as it is now (the heart buttons write it), not the one of the first load.
 */
export function favouriteIdsToLoad(serverIds: readonly number[]): readonly number[] {
  return typeof document === 'undefined'
    ? serverIds
    : favouriteTourIdsFromCookieHeader(document.cookie);
}

/** Tours by ids that failed to load are an empty list, logged quietly (docs/product.md, Errors). */
export function logFailedFavouriteTours(error: unknown): void {
  console.warn('Favourites: the saved tours did not load', error);
}

/**
 * Loader: fills the cache with the saved tours' cards; no call when nothing is saved. Never
 * throws: a failure is logged and yields an empty list (docs/product.md, Errors), not the error
 * page.
 */
export async function ensureFavouriteTours(
  queryClient: QueryClient,
  api: GallopClient<true>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const options = favouriteToursQueryOptions(api, ids);
  try {
    await queryClient.ensureQueryData(options);
  } catch (error) {
    logFailedFavouriteTours(error);
    // The empty list is what renders (on the server too); stale at once, so the browser asks again.
    queryClient.setQueryData(options.queryKey, { items: [] }, { updatedAt: 0 });
  }
}

/**
 * The ids whose cards the page asks for: those it asked for already while they cover every
 * saved id (removing a heart asks nothing), else the saved ids (a sign-in brought others).
 */
export function cardIdsToRequest(
  requested: readonly number[],
  saved: readonly number[],
): readonly number[] {
  const asked = new Set(requested);
  return saved.every((id) => asked.has(id)) ? requested : saved;
}
