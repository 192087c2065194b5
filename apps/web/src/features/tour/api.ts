import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import {
  getTourQueryOptions,
  getToursCitiesQueryOptions,
  listAllTourReviewsQueryOptions,
} from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { HttpError } from '../../lib/http-error';
import { goneTour } from './gone-tour';
import type { ReviewSearch } from './review-search';

export type Tour = components['schemas']['Tour'];

export type Review = components['schemas']['Review'];

/** Reviews per 'Show more' (docs/product.md, Constants: tour reviews 3 by default). */
export const TOUR_REVIEWS_PAGE_SIZE = 3;

/** The tour page call: with the program, the latest reviews and alt texts. */
export function tourQueryOptions(api: GallopClient<true>, slug: string) {
  return getTourQueryOptions(api, {
    query: { slug, expand_program: 1, expand_reviews: 1, with_alt: 1 },
  });
}

/**
 * A page of the tour's reviews (`/spa/all-tour-reviews`, 3 per page), of the riders and ratings
 * the view keeps, in its order (decision 115).
 */
export function tourReviewsQueryOptions(
  api: GallopClient<true>,
  slug: string,
  page: number,
  view: ReviewSearch = {},
) {
  return listAllTourReviewsQueryOptions(api, {
    query: {
      slug,
      limit: TOUR_REVIEWS_PAGE_SIZE,
      page,
      ...(view.reviewLevel ? { rider_level: view.reviewLevel } : {}),
      ...(view.reviewRating ? { min_rating: view.reviewRating } : {}),
      ...(view.reviewSort ? { sort: view.reviewSort } : {}),
    },
  });
}

/** The cities a tour passes through, for its route preview. */
export function tourCitiesQueryOptions(api: GallopClient<true>, tourId: number) {
  return getToursCitiesQueryOptions(api, { query: { tour_id: tourId } });
}

/** A moved tour: the browser and crawlers go to its current address for good. */
const MOVED_PERMANENTLY = 301;

function isRedirectAnswer(data: unknown): data is { type: 'redirect'; url: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'redirect' &&
    typeof (data as { url?: unknown }).url === 'string'
  );
}

/**
 * Loads a tour page for a loader. The API's answers become the router's: a moved slug redirects
 * with 301 to the current one, a tour whose dates have all passed is the 410 page, an unknown or
 * hidden tour is the 404 page. Other failures pass through (the error page picks their status).
 */
export async function ensureTourPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  slug: string,
): Promise<Tour> {
  let data: unknown;
  try {
    data = await queryClient.ensureQueryData(tourQueryOptions(api, slug));
  } catch (error) {
    if (isApiError(error)) {
      if (error.kind === 'redirect' && error.url) {
        throw redirect({ href: error.url, statusCode: MOVED_PERMANENTLY });
      }
      if (error.status === 404) throw notFound();
      // The 410 page offers the organizer's other tours and similar ones (`TourGone`).
      if (error.status === 410) throw new HttpError(410, error.message, goneTour(error.body));
    }
    throw error;
  }
  // With redirects allowed the client answers the redirect instead of failing.
  if (isRedirectAnswer(data)) throw redirect({ href: data.url, statusCode: MOVED_PERMANENTLY });
  return data as Tour;
}
