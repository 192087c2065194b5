import { quietly } from '../../lib/quiet-query';
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import {
  getHubOrganizerPageQueryOptions,
  getOrganizerPublicInfoQueryOptions,
  getOrganizerVerificationInfoQueryOptions,
  getStatsQueryOptions,
  listOrganizerReviewsQueryOptions,
  listToursQueryOptions,
} from '@gallop/api-client/query';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { UNVERIFIED } from './format';

export type Organizer = components['schemas']['Organizer'];
export type VerificationInfo = components['schemas']['VerificationInfo'];
export type Review = components['schemas']['Review'];
export type TourSummary = components['schemas']['TourSummary'];

/** Organizer reviews come 5 at a time (docs/product.md, Constants). */
export const ORGANIZER_REVIEWS_PAGE_SIZE = 5;

/** Providers per hub page ('Show more' adds the next one). */
const HUB_PAGE_SIZE = 12;

/** The provider page's address (docs/product.md, Routes). */
export const organizerPath = (id: number) => `/tour-provider/${id}`;

const NUMERIC_ID = /^[1-9]\d{0,9}$/;

/** The id in `/tour-provider/{id}`, or undefined when it is not a plain positive number. */
export function parseOrganizerId(param: string): number | undefined {
  if (!NUMERIC_ID.test(param)) return undefined;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : undefined;
}

export const organizerQueries = {
  profile: (api: GallopClient<true>, id: number) =>
    getOrganizerPublicInfoQueryOptions(api, { query: { id } }),
  verification: (api: GallopClient<true>, id: number) => verificationQueryOptions(api, id),
  /** A page of the organizer's reviews (`/spa/organizer-reviews`, 5 per page). */
  reviews: (api: GallopClient<true>, id: number, page: number) =>
    listOrganizerReviewsQueryOptions(api, {
      query: { id, limit: ORGANIZER_REVIEWS_PAGE_SIZE, page },
    }),
  /** A page of the organizer's tours: the search with the `organizer` filter. */
  tours: (api: GallopClient<true>, id: number, page: number) =>
    listToursQueryOptions(api, { query: page > 1 ? { organizer: id, page } : { organizer: id } }),
  hub: (api: GallopClient<true>, page: number) =>
    getHubOrganizerPageQueryOptions(api, { query: { page, limit: HUB_PAGE_SIZE } }),
  stats: (api: GallopClient<true>) => getStatsQueryOptions(api),
};

/**
 * The verification flags. A failed load counts as all three flags false and is logged quietly
 * (docs/product.md, Errors), so the page still shows (with no trust badges earned).
 */
function verificationQueryOptions(api: GallopClient<true>, id: number) {
  const options = getOrganizerVerificationInfoQueryOptions(api, { query: { id } });
  return queryOptions({
    ...options,
    // An unknown provider is the profile's 404 to report, not a provider without checks.
    queryFn: quietly(
      options.queryFn,
      UNVERIFIED,
      'Organizer verification info could not be loaded',
      (error) => isApiError(error) && error.status === 404,
    ),
  });
}

/**
 * Waits for every call before answering: a failure while others are still in flight would leave
 * them pending in the dehydrated cache. The first failure is thrown.
 */
async function settleAll(calls: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(calls);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Loads the provider page for its loader: profile, verification, the first reviews and tours.
 * An unknown or unpublished provider (the API's 404) is the 404 page; other failures pass through.
 */
export async function ensureOrganizerPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  id: number,
): Promise<Organizer> {
  const profile = queryClient.ensureQueryData(organizerQueries.profile(api, id));
  try {
    await settleAll([
      profile,
      queryClient.ensureQueryData(organizerQueries.verification(api, id)),
      queryClient.ensureQueryData(organizerQueries.reviews(api, id, 1)),
      queryClient.ensureQueryData(organizerQueries.tours(api, id, 1)),
    ]);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
  return profile;
}

/**
 * Hub pages 1 to `lastPage` ('Show more' keeps the earlier ones on screen), never past the last
 * page there is: an address with `?page=500` asks for what exists, not 500 calls.
 */
export function hubPages(lastPage: number, pageCount: number): number[] {
  const shown = Math.max(1, Math.min(lastPage, pageCount));
  return Array.from({ length: shown }, (_, index) => index + 1);
}

/** Loads the providers hub: the catalogue's stats and every page shown. */
export async function ensureProvidersHub(
  queryClient: QueryClient,
  api: GallopClient<true>,
  lastPage: number,
): Promise<void> {
  const stats = queryClient.ensureQueryData(organizerQueries.stats(api));
  const first = queryClient.ensureQueryData(organizerQueries.hub(api, 1));
  await settleAll([stats, first]);
  const { page_count } = (await first).pagination;
  await settleAll(
    hubPages(lastPage, page_count)
      .slice(1)
      .map((page) => queryClient.ensureQueryData(organizerQueries.hub(api, page))),
  );
}
