/**
 * What a visitor can send about a tour without an account (docs/product.md, Calls, "Tour and
 * program actions"): a complaint, the programme by email or WhatsApp (when the site tokens offer
 * it), a subscription to it (and its end, from the link of the follower e-mails), and a request for
 * help choosing. Each is stored, and what must reach someone goes through the outbox; the programme
 * travels as a PDF attached to its message. The handlers limit the calls per address (the mail
 * they send is capped per recipient too, `accounts/mail-limits.ts`) and map HTTP to the services
 * of `programme-orders.ts`, `follow-confirmation.ts`, `support-reports.ts` and `unfollow.ts`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
  TOO_MANY_REQUESTS,
} from '#src/http/rate-limit.ts';
import { createTourMailLimits, type TourMailLimits } from '#src/modules/accounts/index.ts';
import { findSigned } from '#src/modules/sessions/index.ts';
import type { Rates, RatesCache } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import {
  orderProgramme,
  orderProgrammeByWhatsapp,
  type ProgrammeOrdering,
} from './programme-orders.ts';
import {
  confirmFollow,
  ownsAddress,
  readFollowLink,
  readFollowToken,
  startFollowing,
} from './follow-confirmation.ts';
import { complainAboutTour, requestHelp, type SupportReporting } from './support-reports.ts';
import { isFollowing, openUnfollowLink, readUnfollowToken, unfollow } from './unfollow.ts';

export interface TourActionsDeps {
  db: Database;
  /** Currency rates: the programme's PDF prices the dates in the visitor's currency. */
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  /** Calls per visitor address and operation in 15 minutes (default 10). */
  publicWriteLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  /**
   * Signs the unfollow links of the follower e-mails: FOLLOWER_SECRET, else the database's
   * generated one (decision 061), read when a link is signed or checked.
   */
  followerSecret: () => string;
  /** The outbox channels that reach a typed number: WhatsApp orders need WhatsApp among them. */
  reachableChannels?: ProgrammeOrdering['reachableChannels'];
  /** The caps per recipient of the mail these calls send (default: on `rateLimits`). */
  mailLimits?: TourMailLimits | undefined;
}

type TourActionOperation =
  | 'complainAboutTour'
  | 'subscribeTourProgram'
  | 'getTourFollowing'
  | 'unsubscribeTourProgram'
  | 'getTourFollowConfirmation'
  | 'confirmTourFollow'
  | 'orderTourProgramViaEmail'
  | 'orderTourProgramViaWhatsapp'
  | 'submitHelpRequest';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

export function tourActionsHandlers(
  deps: TourActionsDeps,
): Pick<ServiceHandlers, TourActionOperation> {
  const { db, followerSecret } = deps;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const ordering: ProgrammeOrdering = {
    db,
    rates: deps.rates,
    publicUrl,
    followerSecret,
    reachableChannels: deps.reachableChannels,
    mailLimits: deps.mailLimits ?? createTourMailLimits({ rateLimits: deps.rateLimits }),
  };
  const reporting: SupportReporting = { db, publicUrl };
  const limiter =
    deps.limiter ??
    createRateLimiter({
      name: 'tour-actions',
      limit: deps.publicWriteLimit ?? 10,
      windowMs: 15 * 60_000,
      limits: deps.rateLimits,
    });

  /** Whether the caller may go on; answers 429 when not. */
  function limited(operation: TourActionOperation, request: FastifyRequest, reply: FastifyReply) {
    return limitCall(limiter, `${operation}:${request.ip}`, request, reply, TOO_MANY_REQUESTS);
  }

  /**
   * Limits a call that carries a link's token, checked before it counts: a link Gallop signed
   * counts per link (`linkKey`), since mail clients' one-click posts of many followers all come
   * through the web server and may share an address; anything else is a guess and counts per
   * client address, so bogus tokens never block anyone else's link.
   */
  function limitedLink(
    operation: TourActionOperation,
    linkKey: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (linkKey === undefined) return limited(operation, request, reply);
    return limitCall(limiter, `${operation}:link:${linkKey}`, request, reply, TOO_MANY_REQUESTS);
  }

  /** The key of a signed link's tour and address (lower-cased). */
  const linkKeyOf = (link: { tourId: number; email: string } | undefined) =>
    link && `${link.tourId}:${link.email.toLowerCase()}`;

  /** The visitor's `X-Currency`, for an order that names no currency. */
  const currencyOf = (request: FastifyRequest) => (rates: Rates) => requestCurrency(request, rates);

  return {
    async complainAboutTour(request, reply) {
      const tooMany = await limited('complainAboutTour', request, reply);
      if (tooMany) return reply;
      await complainAboutTour(reporting, request.body.tour_id, request.body.text);
      return { result: true };
    },

    async orderTourProgramViaEmail(request, reply) {
      const tooMany = await limited('orderTourProgramViaEmail', request, reply);
      if (tooMany) return reply;
      const { email, phone, currency, tour_id: tourId } = request.body;
      const order = { channel: 'email', email, phone, currency } as const;
      const id = await orderProgramme(ordering, currencyOf(request), tourId, order);
      return { result: true, request_id: id };
    },

    async orderTourProgramViaWhatsapp(request, reply) {
      const tooMany = await limited('orderTourProgramViaWhatsapp', request, reply);
      if (tooMany) return reply;
      const {
        email,
        phone,
        currency,
        tour_id: tourId,
        request_id: bookingRequestId,
      } = request.body;
      const order = { email, phone, currency, bookingRequestId };
      const id = await orderProgrammeByWhatsapp(ordering, currencyOf(request), tourId, order);
      return { result: true, request_id: id };
    },

    async subscribeTourProgram(request, reply) {
      const tooMany = await limited('subscribeTourProgram', request, reply);
      if (tooMany) return reply;
      const { email, currency, uuid, subscriber_id, tour_id: tourId } = request.body;
      const follow = { email, currency, subscriberId: subscriber_id, individualTourUuid: uuid };
      // The caller's own confirmed address follows at once; any other confirms from its inbox.
      const signed = await findSigned(db, request);
      const following = ownsAddress(signed?.user, email);
      const subscriberId = await startFollowing(ordering, currencyOf(request), tourId, follow, {
        proven: following,
      });
      return { result: true, subscriber_id: subscriberId, following };
    },

    async getTourFollowConfirmation(request) {
      const read = readFollowToken(followerSecret(), request.query.token);
      const { follow, tour } = await readFollowLink(ordering, read);
      return { tour, email: follow.email, following: await isFollowing(db, follow) };
    },

    async confirmTourFollow(request, reply) {
      // The token is verified once: what it reads keys the rate limit and is what is followed.
      const read = readFollowToken(followerSecret(), request.body.token);
      const tooMany = await limitedLink('confirmTourFollow', linkKeyOf(read), request, reply);
      if (tooMany) return reply;
      const tour = await confirmFollow(ordering, currencyOf(request), read);
      return { result: true, tour };
    },

    async getTourFollowing(request) {
      const read = readUnfollowToken(followerSecret(), request.query.token);
      const { following, tour } = await openUnfollowLink(db, read);
      return { tour, email: following.email, following: await isFollowing(db, following) };
    },

    async unsubscribeTourProgram(request, reply) {
      // The token is verified once: what it reads keys the rate limit and is what is unfollowed.
      const read = readUnfollowToken(followerSecret(), request.body.token);
      const tooMany = await limitedLink('unsubscribeTourProgram', linkKeyOf(read), request, reply);
      if (tooMany) return reply;
      const { following, tour } = await openUnfollowLink(db, read);
      await unfollow(db, following);
      return { result: true, tour };
    },

    async submitHelpRequest(request, reply) {
      const tooMany = await limited('submitHelpRequest', request, reply);
      if (tooMany) return reply;
      const { tour_id: tourId, request_id: bookingRequestId, ...help } = request.body;
      const signed = await findSigned(db, request);
      await requestHelp(reporting, { ...help, tourId, bookingRequestId, userId: signed?.user.id });
      return { result: true };
    },
  };
}
