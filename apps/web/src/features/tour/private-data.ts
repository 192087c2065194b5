import type { components, GallopClient } from '@gallop/api-client';
import { getTourPrivateDataQueryOptions } from '@gallop/api-client/query';

export type TourPrivateData = components['schemas']['TourPrivateData'];

/**
 * The signed-in traveller's own data on a tour (`/spa/tour-private-data`): their live booking
 * request, their chat with the organizer. A failure is null and logged quietly (docs/product.md,
 * Errors: a private-data failure is null); the page works without it.
 */
export function tourPrivateDataQueryOptions(api: GallopClient<true>, tourId: number) {
  const options = getTourPrivateDataQueryOptions(api, { query: { id: tourId } });
  return {
    queryKey: options.queryKey,
    queryFn: async (): Promise<TourPrivateData | null> => {
      try {
        return (await api.GET('/spa/tour-private-data', { params: { query: { id: tourId } } }))
          .data;
      } catch (error) {
        console.info('Tour: could not load your data on this tour', error);
        return null;
      }
    },
    staleTime: 30_000,
    retry: false,
  };
}
