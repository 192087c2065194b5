/**
 * Reviews by link (spec section 2.1, `/review/{uuid}`): a traveller whose paid tour has ended
 * reviews it through the link key of their booking. One review per booking; it is published at
 * once and the tour's and organizer's ratings follow.
 */
import { and, avg, count, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { organizers, reviews, tourDates, tours } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { createRateLimiter, type RateLimiter } from '#src/http/rate-limit.ts';
import {
  findRequestByUuid,
  toBookingRequest,
  type RequestRow,
} from '#src/modules/bookings/records.ts';
import { bumpCatalogVersion } from '#src/modules/catalog/cache/catalog-version.ts';
import { todayIso } from '#src/modules/catalog/tour-card.ts';
import { requestCurrency } from '#src/modules/money/request-currency.ts';
import type { RatesCache } from '#src/modules/money/rates.ts';
import { uploadedImageUrl } from '#src/modules/uploads/records.ts';
import { attachReviewPhotos, reviewPhotos } from '#src/modules/uploads/review-photos.ts';
import { toReview } from './queries.ts';

export interface ReviewInvitationDeps {
  db: Database;
  rates: RatesCache;
  publicWriteLimit?: number | undefined;
  limiter?: RateLimiter;
  now?: () => Date;
}

const TOO_MANY = {
  message: 'Too many requests. Please confirm you are not a robot.',
  type: 'captcha',
};
/** Statuses whose tour can be reviewed once it has ended: prepaid (shown as complete after). */
const REVIEWABLE_STATUSES = new Set([3, 4]);
const NOT_YET = 'You can review this tour once it has ended';

const oneDecimal = (average: string | null) => Math.round(Number(average) * 10) / 10;

/** "Maya Hart" -> "Maya H.": reviews show a first name and an initial. */
export function reviewAuthorName(contactName: string): string {
  const [first = contactName, ...rest] = contactName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

export function reviewInvitationHandlers(
  deps: ReviewInvitationDeps,
): Pick<ServiceHandlers, 'getReviewByUuid' | 'submitReview'> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter =
    deps.limiter ??
    createRateLimiter({ limit: deps.publicWriteLimit ?? 10, windowMs: 15 * 60_000 });

  /** The booking behind a review link: 404 unknown, 410 cancelled, 422-like 404 before the end. */
  async function reviewableBooking(uuid: string): Promise<RequestRow> {
    const booking = await findRequestByUuid(db, uuid);
    if (!booking) throw notFound('Review link not found');
    if (!REVIEWABLE_STATUSES.has(booking.status)) {
      throw new HttpError(410, 'This booking was cancelled, so it cannot be reviewed');
    }
    const [date] =
      booking.tourDateId === null
        ? []
        : await db
            .select({ endDate: tourDates.endDate })
            .from(tourDates)
            .where(eq(tourDates.id, booking.tourDateId));
    if (!date || date.endDate >= todayIso(now())) throw notFound(NOT_YET);
    return booking;
  }

  async function invitation(request: FastifyRequest, booking: RequestRow) {
    const rates = await deps.rates.get();
    const shown = await toBookingRequest(db, booking, {
      currency: requestCurrency(request, rates),
      rates,
      now: now(),
    });
    const [review] = await db.select().from(reviews).where(eq(reviews.uuid, booking.uuid));
    return {
      uuid: booking.uuid,
      tour: shown.tour,
      submitted: review !== undefined,
      ...(review ? { review: toReview(review, true) } : {}),
    };
  }

  function limited(request: FastifyRequest, reply: FastifyReply) {
    if (limiter.allow(`submitReview:${request.ip}`)) return undefined;
    return reply.code(429).send(TOO_MANY);
  }

  return {
    async getReviewByUuid(request) {
      return invitation(request, await reviewableBooking(request.query.uuid));
    },

    async submitReview(request, reply) {
      const tooMany = limited(request, reply);
      if (tooMany) return tooMany;
      const body = request.body;
      const booking = await reviewableBooking(body.uuid);
      const text = body.text.trim();
      if (!text) throw unprocessable('Required field', { text: ['Required field'] });
      const photos = await reviewPhotos(db, body.image_ids ?? [], {
        ip: request.ip,
        userId: booking.userId,
      });
      const authorName = reviewAuthorName(booking.contactName);
      const [tour] = await db
        .select({ organizerId: tours.organizerId })
        .from(tours)
        .where(eq(tours.id, booking.tourId));
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reviews)
          .values({
            uuid: booking.uuid,
            tourId: booking.tourId,
            organizerId: tour!.organizerId,
            authorName,
            rating: body.rating,
            text,
            images: photos.map((photo) => ({
              scene: 'upload',
              seed: photo.id,
              alt: `Photo by ${authorName}`,
              url: uploadedImageUrl(photo),
            })),
            createdAt: new Date(),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        await attachReviewPhotos(tx, photos, row.id);
        // The cards and pages show these aggregates.
        const [forTour] = await tx
          .select({ rating: avg(reviews.rating), total: count() })
          .from(reviews)
          .where(and(eq(reviews.tourId, booking.tourId), eq(reviews.isPublished, true)));
        await tx
          .update(tours)
          .set({ rating: oneDecimal(forTour!.rating), reviewsCount: forTour!.total })
          .where(eq(tours.id, booking.tourId));
        const [forOrganizer] = await tx
          .select({ rating: avg(reviews.rating), total: count() })
          .from(reviews)
          .where(and(eq(reviews.organizerId, tour!.organizerId), eq(reviews.isPublished, true)));
        await tx
          .update(organizers)
          .set({
            rating: oneDecimal(forOrganizer!.rating),
            reviewsCount: forOrganizer!.total,
          })
          .where(eq(organizers.id, tour!.organizerId));
        return row;
      });
      if (!created) throw unprocessable('This tour has already been reviewed');
      await bumpCatalogVersion(db);
      return toReview(created, true);
    },
  };
}
