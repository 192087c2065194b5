/**
 * Following a tour starts when its inbox says so (double opt-in, security probe 2026-12-07: one
 * visitor subscribed a stranger's address to 15 tours in seconds). A visitor who follows a tour
 * with an address they have not proven (no signed-in account owning it, confirmed) gets one short
 * e-mail with a link; the follow, its programme and the new-date e-mails start when that link's
 * page is confirmed with a click (`/follow?token=…` on the web: a mail scanner that opens the link
 * follows nothing). The link carries a signed token naming the tour, the address and what the
 * follow asked for; it expires after `FOLLOW_LINK_TTL_MS` and is signed with the secret of the
 * unfollow links (another `use`, so neither token stands for the other).
 */
import { randomUUID } from 'node:crypto';
import { unprocessable } from '#src/http/http-error.ts';
import { enqueueMessage } from '#src/modules/notifications/index.ts';
import {
  normalizeEmail,
  signServiceToken,
  verifyServiceToken,
  type UserRow,
} from '#src/modules/sessions/index.ts';
import { tourUrl } from './messages.ts';
import {
  followTour,
  programmeCurrency,
  type FollowRequest,
  type ProgrammeOrdering,
  type SubscribedFollow,
  type VisitorCurrency,
} from './programme-orders.ts';
import { publishedTour, UNKNOWN_TOUR } from './published-tour.ts';
import { isFollowing } from './unfollow.ts';

/** What the token is for, so a token signed for something else never follows. */
const USE = 'follow';
/** How long the link of a follow confirmation works. */
export const FOLLOW_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
const LINK_DAYS = FOLLOW_LINK_TTL_MS / (24 * 60 * 60_000);

/** The follow a confirmation link stands for. */
export interface PendingFollow extends FollowRequest {
  tourId: number;
}

/** Whether the signed-in caller's account owns `email` and has confirmed it. */
export function ownsAddress(user: UserRow | undefined, email: string): boolean {
  return (
    user !== undefined &&
    user.email !== null &&
    user.emailConfirmedAt !== null &&
    normalizeEmail(user.email) === normalizeEmail(email)
  );
}

export function followToken(secret: string, follow: PendingFollow, now = Date.now()): string {
  const { tourId, email, currency, subscriberId, individualTourUuid } = follow;
  const payload: Record<string, string | number> = { use: USE, tour: tourId, email };
  if (currency !== undefined) payload['currency'] = currency;
  if (subscriberId !== undefined) payload['subscriber'] = subscriberId;
  if (individualTourUuid !== undefined) payload['uuid'] = individualTourUuid;
  return signServiceToken(secret, payload, FOLLOW_LINK_TTL_MS, now).token;
}

const optionalText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The follow of a token this secret signed that has not expired, or undefined. */
export function readFollowToken(
  secret: string,
  token: string,
  now = Date.now(),
): PendingFollow | undefined {
  const payload = verifyServiceToken(secret, token, now);
  const { use, tour, email } = payload ?? {};
  if (!payload || use !== USE || typeof email !== 'string' || email === '') return undefined;
  if (typeof tour !== 'number' || !Number.isSafeInteger(tour) || tour < 1) return undefined;
  return {
    tourId: tour,
    email,
    currency: optionalText(payload['currency']),
    subscriberId: optionalText(payload['subscriber']),
    individualTourUuid: optionalText(payload['uuid']),
  };
}

/**
 * The follow a confirmation link stands for, as `readFollowToken` read its token (once a request:
 * the handler's rate limit is keyed on the same reading); 422 for a forged or expired one.
 */
function openFollowLink(follow: PendingFollow | undefined): PendingFollow {
  if (!follow) {
    throw unprocessable('This follow link is not valid', {
      token: [`The link is incomplete, was not sent by Gallop, or is older than ${LINK_DAYS} days`],
    });
  }
  return follow;
}

/** The web page of the link: `/follow?token=…` on the public site. */
function followUrl(publicUrl: string, token: string): string {
  const url = new URL('/follow', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

function followConfirmationMessage(
  tour: { name: string; slug: string },
  links: { publicUrl: string; followUrl: string },
): { subject: string; body: string } {
  // No text the visitor typed goes into it: only the tour's name and Gallop's links.
  return {
    subject: `Confirm that you want to follow ${tour.name}`,
    body: [
      'Hello,',
      '',
      `Someone asked Gallop, with this address, to send the programme of ${tour.name} and to write when it gets new dates.`,
      '',
      `To start, open this link and press Follow: ${links.followUrl}`,
      `The link works for ${LINK_DAYS} days.`,
      '',
      'If it was not you, ignore this e-mail: we will not write about this tour.',
      '',
      `The tour: ${tourUrl(links.publicUrl, tour.slug)}`,
    ].join('\n'),
  };
}

/**
 * Asks the address to confirm a follow: one short e-mail with the link that starts it, counted
 * against the recipient's caps; nothing is stored. The currency is fixed now, as the visitor saw
 * the tour.
 */
async function askToFollow(
  ordering: ProgrammeOrdering,
  visitorCurrency: VisitorCurrency,
  tourId: number,
  { email, currency, individualTourUuid, subscriberId }: SubscribedFollow,
): Promise<void> {
  // An unknown tour or currency is refused before anything is counted or sent.
  const tour = await publishedTour(ordering.db, tourId);
  const prices = await programmeCurrency(ordering.rates, visitorCurrency, currency);
  await ordering.mailLimits.beforeSending(email);
  const follow = { tourId, email, currency: prices.currency, subscriberId, individualTourUuid };
  const link = followUrl(ordering.publicUrl, followToken(ordering.followerSecret(), follow));
  await enqueueMessage(ordering.db, {
    kind: 'tour-follow-confirm',
    channel: 'email',
    recipient: email,
    ...followConfirmationMessage(tour, { publicUrl: ordering.publicUrl, followUrl: link }),
    payload: { tourId },
  });
}

/**
 * Follows a tour for an address: at once when its owner proved it (`followTour`), else by asking
 * the address to confirm from its inbox (`askToFollow`). Answers the visitor's subscriber id,
 * kept or given.
 */
export async function startFollowing(
  ordering: ProgrammeOrdering,
  visitorCurrency: VisitorCurrency,
  tourId: number,
  request: FollowRequest,
  { proven }: { proven: boolean },
): Promise<string> {
  const follow = { ...request, subscriberId: request.subscriberId ?? randomUUID() };
  await (proven ? followTour : askToFollow)(ordering, visitorCurrency, tourId, follow);
  return follow.subscriberId;
}

/**
 * What a confirmation link is about (`readFollowToken` of its token), read without changing
 * anything (its page asks first).
 */
export async function readFollowLink(ordering: ProgrammeOrdering, read: PendingFollow | undefined) {
  const follow = openFollowLink(read);
  const { id, name, slug } = await publishedTour(ordering.db, follow.tourId, UNKNOWN_TOUR.notFound);
  return { follow, tour: { id, name, slug } };
}

/**
 * Starts the follow of a confirmation link (`readFollowToken` of its token): the subscription and
 * the programme, as a proven address gets at once (`followTour`). An address that follows the
 * tour already is sent nothing again (a second click, a link opened twice).
 */
export async function confirmFollow(
  ordering: ProgrammeOrdering,
  visitorCurrency: VisitorCurrency,
  read: PendingFollow | undefined,
) {
  const { follow, tour } = await readFollowLink(ordering, read);
  if (!(await isFollowing(ordering.db, follow))) {
    await startFollowing(ordering, visitorCurrency, tour.id, follow, { proven: true });
  }
  return tour;
}
