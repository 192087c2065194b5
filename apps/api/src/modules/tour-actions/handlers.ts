/**
 * What a visitor can send about a tour without an account (docs/product.md, Calls, "Tour and
 * program actions"): a complaint, the programme by email or WhatsApp (when the site tokens offer
 * it), a subscription to it (and its end, from the link of the follower e-mails), and a request for
 * help choosing. Each is stored, and what must reach someone goes through the outbox; the programme
 * travels as a PDF attached to its message.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  helpRequests,
  outbox,
  tourComplaints,
  tourProgramRequests,
  tourPrograms,
  tours,
} from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { todayIso } from '#src/shared/dates.ts';
import { loadTourPage } from '#src/modules/catalog/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import { isSupportedCurrency, type RatesCache } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import { enqueueMessage, type OutboxAttachment } from '#src/modules/notifications/index.ts';
import { newestDateId } from './followers.ts';
import { programmeMessage, tourUrl, type ProgrammeTour } from './messages.ts';
import { programmeFileName, renderProgrammePdf } from './programme-pdf.ts';
import {
  isFollowing,
  readUnfollowToken,
  refollow,
  unfollow,
  unfollowToken,
  unfollowUrl,
  type Following,
} from './unfollow.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
} from '#src/http/rate-limit.ts';

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
}

/** The transaction handle `db.transaction` passes to its callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type TourActionOperation =
  | 'complainAboutTour'
  | 'subscribeTourProgram'
  | 'getTourFollowing'
  | 'unsubscribeTourProgram'
  | 'orderTourProgramViaEmail'
  | 'orderTourProgramViaWhatsapp'
  | 'submitHelpRequest';

const TOO_MANY = 'Too many requests. Please confirm you are not a robot.';
/** The answer to a WhatsApp order where the site tokens offer the programme by e-mail only. */
export const NO_WHATSAPP = 'The programme is sent by e-mail only: leave your e-mail address';
const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

/** How a call answers an unknown tour: 404 where the contract has it, else a field error (422). */
const UNKNOWN_TOUR = {
  notFound: () => notFound('Tour not found'),
  field: () => unprocessable('Tour not found', { tour_id: ['Tour not found'] }),
};

async function publishedTour(
  db: Database,
  id: number,
  unknown: () => Error = UNKNOWN_TOUR.field,
): Promise<ProgrammeTour & { id: number }> {
  const [tour] = await db
    .select({
      id: tours.id,
      name: tours.name,
      slug: tours.slug,
      duration: tours.duration,
      days: tourPrograms.days,
    })
    .from(tours)
    .leftJoin(tourPrograms, eq(tourPrograms.tourId, tours.id))
    .where(and(eq(tours.id, id), eq(tours.isPublished, true)))
    .limit(1);
  if (!tour) throw unknown();
  return { ...tour, days: tour.days ?? [] };
}

export function tourActionsHandlers(
  deps: TourActionsDeps,
): Pick<ServiceHandlers, TourActionOperation> {
  const { db } = deps;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const { followerSecret } = deps;
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
    return limitCall(limiter, `${operation}:${request.ip}`, request, reply, TOO_MANY);
  }

  /**
   * Stores a visitor's report with `store` and, in the same transaction, queues an email about
   * it to the support team (when the site has a support address).
   */
  async function storeForSupport(
    store: (tx: Transaction) => Promise<number>,
    message: (id: number) => { kind: string; subject: string; body: string; payload: object },
  ): Promise<void> {
    const support = (await readSiteSettings(db, ['support_email'])).support_email;
    await db.transaction(async (tx) => {
      const id = await store(tx);
      if (!support) return;
      const { payload, ...text } = message(id);
      await tx.insert(outbox).values({
        channel: 'email',
        recipient: support,
        ...text,
        payload: payload as Record<string, unknown>,
      });
    });
  }

  /** The tour and address of an unfollow link's token, with the tour; 422 for a forged one. */
  async function followingOf(token: string) {
    const following = readUnfollowToken(followerSecret(), token);
    if (!following) {
      throw unprocessable('This unfollow link is not valid', {
        token: ['The link is incomplete or was not sent by Gallop'],
      });
    }
    const [tour] = await db
      .select({ id: tours.id, name: tours.name, slug: tours.slug })
      .from(tours)
      .where(eq(tours.id, following.tourId))
      .limit(1);
    if (!tour) throw notFound('Tour not found');
    return { following, tour };
  }

  /**
   * The currency the programme's prices are in: the one the order names, else the visitor's
   * (`X-Currency`); 422 for one the rates table does not know.
   */
  async function programmeCurrency(request: FastifyRequest, named: string | undefined) {
    const table = await deps.rates.get();
    if (named === undefined) return { currency: requestCurrency(request, table), rates: table };
    if (!isSupportedCurrency(table, named)) {
      throw unprocessable(`Currency ${named} is not supported`, {
        currency: ['Choose a currency the site offers'],
      });
    }
    return { currency: named, rates: table };
  }

  /** The programme as the traveller's PDF: the tour page's facts, dates and prices, days, policy. */
  async function programmePdf(
    request: FastifyRequest,
    tourId: number,
    named: string | undefined,
  ): Promise<OutboxAttachment> {
    const prices = await programmeCurrency(request, named);
    const [row] = await db.select().from(tours).where(eq(tours.id, tourId)).limit(1);
    if (!row) throw UNKNOWN_TOUR.field();
    const today = todayIso();
    const page = await loadTourPage(db, row, {
      ...prices,
      today,
      withAlt: false,
      format: 'full',
      expandProgram: true,
      expandReviews: false,
    });
    return {
      filename: programmeFileName(row.slug),
      contentType: 'application/pdf',
      content: await renderProgrammePdf(page, { publicUrl, today }),
    };
  }

  /**
   * Queues the programme of a published tour, with its PDF, to one address; answers the stored
   * request's id. The PDF is rendered before the transaction, which then only writes.
   */
  async function orderProgramme(
    request: FastifyRequest,
    tourId: number,
    order: {
      channel: 'email' | 'whatsapp' | 'subscription';
      email?: string | undefined;
      phone?: string | undefined;
      currency?: string | undefined;
      subscriberId?: string | undefined;
      individualTourUuid?: string | undefined;
      bookingRequestId?: number | undefined;
      seenDateId?: number | undefined;
    },
  ): Promise<number> {
    const tour = await publishedTour(db, tourId);
    const pdf = await programmePdf(request, tour.id, order.currency);
    // A follower's copy carries the link that unfollows the tour.
    const following: Following | undefined =
      order.channel === 'subscription' && order.email
        ? { tourId: tour.id, email: order.email }
        : undefined;
    const unsubscribeUrl =
      following && unfollowUrl(publicUrl, unfollowToken(followerSecret(), following));
    const message = programmeMessage(tour, publicUrl, unsubscribeUrl);
    return db.transaction(async (tx) => {
      // Following again turns the new-date e-mails back on.
      if (following) await refollow(tx, following);
      const [stored] = await tx
        .insert(tourProgramRequests)
        .values({ tourId: tour.id, ...order })
        .returning({ id: tourProgramRequests.id });
      const recipient = order.channel === 'whatsapp' ? order.phone : order.email;
      if (recipient) {
        await enqueueMessage(
          tx,
          {
            kind: 'tour-program',
            channel: order.channel === 'whatsapp' ? 'whatsapp' : 'email',
            recipient,
            ...message,
            payload: {
              tourId: tour.id,
              requestId: stored!.id,
              currency: order.currency ?? null,
              // The SMTP transport sends it as List-Unsubscribe (decision 060).
              ...(unsubscribeUrl && { unsubscribeUrl }),
            },
          },
          [pdf],
        );
      }
      return stored!.id;
    });
  }

  return {
    async complainAboutTour(request, reply) {
      const tooMany = await limited('complainAboutTour', request, reply);
      if (tooMany) return reply;
      const text = request.body.text.trim();
      if (text === '') throw new HttpError(400, 'Invalid complaint', { text: ['Required field'] });
      const tour = await publishedTour(db, request.body.tour_id, UNKNOWN_TOUR.notFound);
      await storeForSupport(
        async (tx) => {
          const [stored] = await tx
            .insert(tourComplaints)
            .values({ tourId: tour.id, text })
            .returning({ id: tourComplaints.id });
          return stored!.id;
        },
        (complaintId) => ({
          kind: 'tour-complaint',
          subject: `Complaint about ${tour.name}`,
          body: `${text}\n\nTour: ${tourUrl(publicUrl, tour.slug)}`,
          payload: { tourId: tour.id, complaintId },
        }),
      );
      return { result: true };
    },

    async orderTourProgramViaEmail(request, reply) {
      const tooMany = await limited('orderTourProgramViaEmail', request, reply);
      if (tooMany) return reply;
      const { email, phone, currency, tour_id: tourId } = request.body;
      const order = { channel: 'email', email, phone, currency } as const;
      return { result: true, request_id: await orderProgramme(request, tourId, order) };
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
      const { site_tokens: tokens } = await readSiteSettings(db, ['site_tokens']);
      if (!tokens.send_tour_program_in_pdf_via_whatsapp) {
        throw unprocessable(NO_WHATSAPP, { phone: [NO_WHATSAPP] });
      }
      const order = { channel: 'whatsapp', email, phone, currency, bookingRequestId } as const;
      return { result: true, request_id: await orderProgramme(request, tourId, order) };
    },

    async subscribeTourProgram(request, reply) {
      const tooMany = await limited('subscribeTourProgram', request, reply);
      if (tooMany) return reply;
      const { email, currency, uuid, tour_id: tourId } = request.body;
      // The visitor's subscriber id (cookie `subscriber_id`, docs/product.md, Entities) is kept, or
      // given.
      const subscriberId = request.body.subscriber_id ?? randomUUID();
      await orderProgramme(request, tourId, {
        channel: 'subscription',
        email,
        currency,
        subscriberId,
        individualTourUuid: uuid,
        // Dates the tour has now are not news to the follower (`followers.ts`).
        seenDateId: await newestDateId(db, tourId),
      });
      return { result: true, subscriber_id: subscriberId };
    },

    async getTourFollowing(request) {
      const { following, tour } = await followingOf(request.query.token);
      return { tour, email: following.email, following: await isFollowing(db, following) };
    },

    async unsubscribeTourProgram(request, reply) {
      const tooMany = await limited('unsubscribeTourProgram', request, reply);
      if (tooMany) return reply;
      const { following, tour } = await followingOf(request.body.token);
      await unfollow(db, following);
      return { result: true, tour };
    },

    async submitHelpRequest(request, reply) {
      const tooMany = await limited('submitHelpRequest', request, reply);
      if (tooMany) return reply;
      const {
        name,
        email,
        phone,
        message,
        tour_id: tourId,
        request_id: bookingRequestId,
      } = request.body;
      // Support must be able to answer: an email or a phone is needed.
      if (!email && !phone) {
        throw unprocessable('Leave an e-mail or a phone so that we can answer', {
          email: ['Required field'],
          phone: ['Required field'],
        });
      }
      const tour = tourId === undefined ? undefined : await publishedTour(db, tourId);
      await storeForSupport(
        async (tx) => {
          const [stored] = await tx
            .insert(helpRequests)
            .values({ name, email, phone, message, tourId: tour?.id, bookingRequestId })
            .returning({ id: helpRequests.id });
          return stored!.id;
        },
        (helpRequestId) => ({
          kind: 'help-request',
          subject: `Help request${name ? ` from ${name}` : ''}`,
          body: [
            message,
            '',
            `Contact: ${[email, phone].filter(Boolean).join(', ')}`,
            ...(tour ? [`Tour: ${tourUrl(publicUrl, tour.slug)}`] : []),
          ].join('\n'),
          payload: { helpRequestId, tourId: tour?.id ?? null },
        }),
      );
      return { result: true };
    },
  };
}
