/**
 * The two links of a tour's e-mails that change whether an address follows it: `/follow?token=…`
 * confirms a follow with an address nobody proved (decision 195), `/unfollow?token=…` stops the
 * e-mails (decision 058). Each reads what its link is about without changing anything
 * (`GET` of its path); the change is the `POST` of the same path, made only when the visitor
 * clicks. Failures reject with `ApiError`; a link the API did not sign (or a follow link older
 * than 7 days) is a 422.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { gallopQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../../lib/http-error';

export type TourFollowing = components['schemas']['TourFollowing'];

/** Each link's API path, and whether the address follows the tour once its click went through. */
const LINKS = {
  follow: { path: '/spa/confirm-tour-follow', followsAfter: true },
  unfollow: { path: '/spa/unsubscribe-tour-program', followsAfter: false },
} as const;

export type FollowingLink = keyof typeof LINKS;

export function followingLinkQueryOptions(
  api: GallopClient<true>,
  link: FollowingLink,
  token: string,
) {
  return { ...gallopQueryOptions(api, LINKS[link].path, { query: { token } }), retry: false };
}

/**
 * What the link's page shows, loaded with it. No token, or one the API refuses (422, a tour no
 * longer published or gone), is a page that does not exist: a 404 that says what to do.
 */
export async function loadFollowingLink(
  queryClient: QueryClient,
  api: GallopClient<true>,
  link: FollowingLink,
  token: string,
): Promise<void> {
  if (token === '') throw new HttpError(404, `No ${link} token`);
  try {
    await queryClient.ensureQueryData(followingLinkQueryOptions(api, link, token));
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500) {
      throw new HttpError(404, error.message);
    }
    throw error;
  }
}

/**
 * The click: follows (the programme goes out) or stops the e-mails; the page's answer then says
 * whether the address follows the tour.
 */
export async function sendFollowingLink(
  api: GallopClient<true>,
  queryClient: QueryClient,
  link: FollowingLink,
  token: string,
): Promise<void> {
  const { path, followsAfter } = LINKS[link];
  await api.POST(path, { body: { token } });
  queryClient.setQueryData(
    followingLinkQueryOptions(api, link, token).queryKey,
    (known: TourFollowing | undefined) => known && { ...known, following: followsAfter },
  );
}
