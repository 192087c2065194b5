/**
 * Reviewing a finished tour through the link of its booking (docs/product.md, Routes,
 * `/review/{uuid}`).
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getReviewByUuidQueryOptions } from '@gallop/api-client/query';
import { notFound } from '@tanstack/react-router';

export type ReviewInvitation = components['schemas']['ReviewInvitation'];
export type Review = components['schemas']['Review'];

export const reviewInvitationQuery = (api: GallopClient<true>, uuid: string) => ({
  ...getReviewByUuidQueryOptions(api, { query: { uuid } }),
  retry: false,
});

/** The API's 409 before the tour has ended: the tour's last day and when reviewing opens. */
export type ReviewNotYet = components['schemas']['ReviewNotYet'];

export type LoadedReview =
  { invitation: ReviewInvitation } | { unavailable: string } | { notYet: ReviewNotYet | undefined };

/** Said when a refusal comes without its reason. */
const CANNOT_REVIEW = 'This booking cannot be reviewed';

/**
 * What the review page opens with: the invitation, or why there is none. A booking that cannot be
 * reviewed (410: cancelled or never paid; 403: booked by the organizer's own staff) is explained
 * with the API's reason, and a tour that has not ended (409, with its last day) too; an unknown
 * link is the 404 page.
 */
export async function loadReviewInvitation(
  load: () => Promise<ReviewInvitation>,
): Promise<LoadedReview> {
  try {
    return { invitation: await load() };
  } catch (error) {
    if (isApiError(error) && (error.status === 410 || error.status === 403)) {
      const reason = (error.body as { message?: unknown } | undefined)?.message;
      return { unavailable: typeof reason === 'string' && reason ? reason : CANNOT_REVIEW };
    }
    // The page reads the answer: the loader ships in the first load, so it stays small here.
    if (isApiError(error) && error.status === 409)
      return { notYet: error.body as ReviewNotYet | undefined };
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

export async function submitReview(
  api: GallopClient<true>,
  review: components['schemas']['ReviewSubmit'],
): Promise<Review> {
  const { data } = await api.POST('/crm/api/review/submit', { body: review });
  return data;
}
