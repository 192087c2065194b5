/**
 * Reviews by link (docs/product.md, Routes, `/review/{uuid}`): a traveller whose paid tour has
 * ended reviews it through the link key of their booking. One review per booking; it is published
 * at once and the tour's and organizer's ratings follow.
 */
import type { components } from '@gallop/api-client';
import { CANCELED_STATUSES, STATUS } from '@gallop/booking-rules';
import { levelRank } from '@gallop/rider-fit';
import { and, avg, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  organizerMembers,
  organizers,
  outbox,
  reviews,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { forbidden, HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
  TOO_MANY_REQUESTS,
} from '#src/http/rate-limit.ts';
import {
  findRequestByUuid,
  toBookingRequest,
  type RequestRow,
} from '#src/modules/bookings/index.ts';
import { toReview } from '#src/modules/catalog/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { attachReviewPhotos, reviewPhotos, uploadedImageUrl } from '#src/modules/uploads/index.ts';

export interface ReviewInvitationDeps {
  db: Database;
  rates: RatesCache;
  publicWriteLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  /** The site's address, for the link in the organizer's notice; none: the path alone. */
  publicUrl?: string | undefined;
  now?: () => Date;
}

/** Words of a review an organizer's notice quotes at most (the tour page has the rest). */
const QUOTED_CHARS = 600;

/**
 * The organizer's e-mail about a new review of one of their tours: who, how many stars, the words
 * (cut at `QUOTED_CHARS`), the horses' condition when rated, and where to read it.
 */
export function reviewNotice(review: {
  organizerEmail: string;
  organizerName: string;
  tourName: string;
  tourSlug: string;
  authorName: string;
  rating: number;
  text: string;
  horseCondition: number | null;
  publicUrl: string | undefined;
}): typeof outbox.$inferInsert {
  const quoted =
    review.text.length > QUOTED_CHARS
      ? `${review.text.slice(0, QUOTED_CHARS).trimEnd()}…`
      : review.text;
  const horses =
    review.horseCondition === null ? '' : ` The horses' condition: ${review.horseCondition} of 5.`;
  const link = `${review.publicUrl ?? ''}/${review.tourSlug}#reviews`;
  return {
    kind: 'organizer-review-notice',
    channel: 'email',
    recipient: review.organizerEmail,
    subject: `New review of "${review.tourName}": ${review.rating} of 5`,
    body: `Hello ${review.organizerName},\n\n${review.authorName} reviewed "${review.tourName}" after their trip: ${review.rating} of 5.${horses}\n\n"${quoted}"\n\nIt is on the tour page: ${link}\n\nThe Gallop team`,
    payload: { tourSlug: review.tourSlug },
  };
}

/** Statuses whose tour can be reviewed once it has ended: prepaid, and complete (`completion.ts`). */
const REVIEWABLE_STATUSES = new Set<number>([STATUS.madePrepayment, STATUS.tourComplete]);
const NOT_YET = 'You can review this tour once it has ended';
const OWN_TOUR = "The organizer's own staff cannot review its tours";

type ReviewNotYet = components['schemas']['ReviewNotYet'];

/** The day after `day` (YYYY-MM-DD). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const oneDecimal = (average: string | null) => Math.round(Number(average) * 10) / 10;

/**
 * The ratings and horse-condition ratings of a tour's or organizer's published reviews, as the
 * cards and pages show them; the same figures `db/aggregates.ts` recomputes daily.
 */
async function reviewAggregates(tx: Database, scope: SQL | undefined) {
  const [row] = await tx
    .select({
      rating: avg(reviews.rating),
      total: count(),
      horseRating: avg(reviews.horseCondition),
      horseTotal: count(reviews.horseCondition),
    })
    .from(reviews)
    .where(and(scope, eq(reviews.isPublished, true)));
  return {
    rating: row!.rating === null ? null : oneDecimal(row!.rating),
    reviewsCount: Number(row!.total),
    horseConditionRating: row!.horseRating === null ? null : oneDecimal(row!.horseRating),
    horseConditionCount: Number(row!.horseTotal),
  };
}

/** `YYYY-MM` of a day or a month. */
const monthOf = (day: string) => day.slice(0, 7);

/**
 * The month a reviewer rode, stored as its first day (decision 115): the month they gave, or the
 * month their booking's tour started. A month after this one, or before the booking's first day,
 * is refused.
 */
export function rideMonthOf(
  given: string | undefined,
  startDay: string | undefined,
  today: string,
): string | null {
  const month = given ?? (startDay === undefined ? undefined : monthOf(startDay));
  if (month === undefined) return null;
  if (month > monthOf(today)) {
    throw unprocessable('The month you rode cannot be in the future', {
      ride_month: ['The month you rode cannot be in the future'],
    });
  }
  if (startDay !== undefined && month < monthOf(startDay)) {
    throw unprocessable('The month you rode cannot be before your booking started', {
      ride_month: ['The month you rode cannot be before your booking started'],
    });
  }
  return `${month}-01`;
}

/** What a review shows when the contact name holds nothing but an address or a number. */
const ANONYMOUS_AUTHOR = 'Traveller';

/**
 * "Maya Hart" -> "Maya H.": reviews show a first name and an initial. Words with an `@` or a
 * digit are left out: a contact name typed as an e-mail address or a phone number is never shown.
 */
export function reviewAuthorName(contactName: string): string {
  const words = contactName
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && !/[@\d]/.test(word));
  const [first, ...rest] = words;
  if (first === undefined) return ANONYMOUS_AUTHOR;
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

/** Control characters but tab and line breaks: nothing a reader sees, some a terminal obeys. */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** A letter, digit, mark, punctuation or symbol: text a reader sees (not spaces, not format). */
const VISIBLE = /[\p{L}\p{N}\p{M}\p{P}\p{S}]/u;

/** The review's words as stored: trimmed, without control characters; '' when nothing is visible. */
export function reviewText(text: string): string {
  const kept = text.replace(CONTROL_CHARACTERS, '').trim();
  return VISIBLE.test(kept) ? kept : '';
}

export function reviewInvitationHandlers(
  deps: ReviewInvitationDeps,
): Pick<ServiceHandlers, 'getReviewByUuid' | 'submitReview'> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter =
    deps.limiter ??
    createRateLimiter({
      name: 'review-submissions',
      limit: deps.publicWriteLimit ?? 10,
      windowMs: 15 * 60_000,
      limits: deps.rateLimits,
    });

  /**
   * The booking behind a review link: 404 unknown, 410 cancelled (or never paid), and before the
   * tour has ended the day reviewing opens (the handlers answer it as a 409).
   */
  async function reviewableBooking(uuid: string): Promise<RequestRow | ReviewNotYet> {
    const booking = await findRequestByUuid(db, uuid);
    if (!booking) throw notFound('Review link not found');
    if ((CANCELED_STATUSES as readonly number[]).includes(booking.status)) {
      throw new HttpError(410, 'This booking was cancelled, so it cannot be reviewed');
    }
    if (await bookedByOrganizerStaff(booking)) {
      throw forbidden(OWN_TOUR);
    }
    if (booking.status === STATUS.tourComplete) return booking;
    const [date] =
      booking.tourDateId === null
        ? []
        : await db
            .select({ endDate: tourDates.endDate })
            .from(tourDates)
            .where(eq(tourDates.id, booking.tourDateId));
    const ended = date !== undefined && date.endDate < todayIso(now());
    if (!ended) {
      return date
        ? { message: NOT_YET, opens_on: dayAfter(date.endDate), ends_on: date.endDate }
        : { message: NOT_YET };
    }
    if (!REVIEWABLE_STATUSES.has(booking.status)) {
      // Unpaid when its tour started: the booking job cancels it.
      throw new HttpError(410, 'This booking was not paid, so it cannot be reviewed');
    }
    return booking;
  }

  /**
   * Whether the booking's account works for the tour's organizer: its verified review would be
   * the organizer praising itself.
   */
  async function bookedByOrganizerStaff(booking: RequestRow): Promise<boolean> {
    if (booking.userId === null) return false;
    const [member] = await db
      .select({ userId: organizerMembers.userId })
      .from(organizerMembers)
      .innerJoin(tours, eq(tours.organizerId, organizerMembers.organizerId))
      .where(and(eq(tours.id, booking.tourId), eq(organizerMembers.userId, booking.userId)))
      .limit(1);
    return member !== undefined;
  }

  /** The first day of the booking's tour date; undefined for a tour on request without one. */
  async function bookingStartDay(booking: RequestRow): Promise<string | undefined> {
    if (booking.tourDateId === null) return undefined;
    const [date] = await db
      .select({ startDate: tourDates.startDate })
      .from(tourDates)
      .where(eq(tourDates.id, booking.tourDateId));
    return date?.startDate;
  }

  async function invitation(request: FastifyRequest, booking: RequestRow) {
    const rates = await deps.rates.get();
    const shown = await toBookingRequest(db, booking, {
      reader: 'traveller',
      currency: requestCurrency(request, rates),
      rates,
      now: now(),
    });
    const [[review], startDay] = await Promise.all([
      db.select().from(reviews).where(eq(reviews.uuid, booking.uuid)),
      bookingStartDay(booking),
    ]);
    return {
      uuid: booking.uuid,
      ride_month: startDay === undefined ? null : monthOf(startDay),
      tour: shown.tour,
      submitted: review !== undefined,
      // Written through this booking's link: a verified trip.
      ...(review ? { review: toReview({ ...review, isVerified: true }, true) } : {}),
    };
  }

  function limited(request: FastifyRequest, reply: FastifyReply) {
    return limitCall(limiter, `submitReview:${request.ip}`, request, reply, TOO_MANY_REQUESTS);
  }

  return {
    async getReviewByUuid(request, reply) {
      const booking = await reviewableBooking(request.query.uuid);
      if (!('uuid' in booking)) return reply.code(409).send(booking);
      return invitation(request, booking);
    },

    async submitReview(request, reply) {
      const tooMany = await limited(request, reply);
      if (tooMany) return reply;
      const body = request.body;
      const booking = await reviewableBooking(body.uuid);
      if (!('uuid' in booking)) return reply.code(409).send(booking);
      const text = reviewText(body.text);
      if (!text) throw unprocessable('Required field', { text: ['Required field'] });
      const photos = await reviewPhotos(db, body.image_ids ?? [], {
        ip: request.ip,
        userId: booking.userId,
      });
      const authorName = reviewAuthorName(booking.contactName);
      const [[tour], startDay] = await Promise.all([
        db
          .select({
            organizerId: tours.organizerId,
            tourName: tours.name,
            tourSlug: tours.slug,
            organizerName: organizers.name,
            organizerEmail: organizers.email,
          })
          .from(tours)
          .innerJoin(organizers, eq(organizers.id, tours.organizerId))
          .where(eq(tours.id, booking.tourId)),
        bookingStartDay(booking),
      ]);
      const rideMonth = rideMonthOf(body.ride_month, startDay, todayIso(now()));
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
            riderLevel: body.rider_level === undefined ? null : levelRank(body.rider_level),
            rideMonth,
            horseCondition: body.horse_condition ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        // Refused (and rolled back) when another review took one of the photos meanwhile.
        await attachReviewPhotos(tx, photos, row.id);
        // The cards and pages show these aggregates. Each row is locked before its reviews are
        // counted: the count then runs after any review sent at the same moment has committed,
        // so neither overwrites the other's count (tour, then organizer, in every review). `no
        // key update` as the update itself takes: a plain `for update` waits on the key-share lock
        // every review's insert holds on both rows, and two reviews deadlocked (409).
        await tx
          .select({ id: tours.id })
          .from(tours)
          .where(eq(tours.id, booking.tourId))
          .for('no key update');
        await tx
          .update(tours)
          .set(await reviewAggregates(tx, eq(reviews.tourId, booking.tourId)))
          .where(eq(tours.id, booking.tourId));
        await tx
          .select({ id: organizers.id })
          .from(organizers)
          .where(eq(organizers.id, tour!.organizerId))
          .for('no key update');
        await tx
          .update(organizers)
          .set(await reviewAggregates(tx, eq(reviews.organizerId, tour!.organizerId)))
          .where(eq(organizers.id, tour!.organizerId));
        // The organizer hears of it with the review, never without it (decision 091).
        if (tour!.organizerEmail) {
          await tx.insert(outbox).values(
            reviewNotice({
              ...tour!,
              organizerEmail: tour!.organizerEmail,
              authorName,
              rating: body.rating,
              text,
              horseCondition: body.horse_condition ?? null,
              publicUrl: deps.publicUrl,
            }),
          );
        }
        return row;
      });
      if (!created) throw unprocessable('This tour has already been reviewed');
      // The tour's and organizer's new ratings reach search through the change log (decision 110).
      return toReview({ ...created, isVerified: true }, true);
    },
  };
}
