import type { components } from '@gallop/api-client';

export type TourGone = components['schemas']['TourGone'];

/**
 * The API's 410 answer for a tour whose dates have passed, when it is one: what the 410 page
 * offers instead (the organizer's other tours, similar ones). Anything else: nothing to offer.
 */
export function goneTour(body: unknown): TourGone | undefined {
  const gone = body as Partial<TourGone> | null | undefined;
  return gone &&
    typeof gone === 'object' &&
    Array.isArray(gone.similar_tours) &&
    Array.isArray(gone.organizer_tours) &&
    typeof gone.similar_search?.url === 'string'
    ? (gone as TourGone)
    : undefined;
}
