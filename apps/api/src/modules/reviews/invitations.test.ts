import { randomUUID } from 'node:crypto';
import { and, eq, exists, gt, lt, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  organizers,
  outbox,
  reviews,
  tourDates,
  tours,
  users,
} from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { reviewAuthorName, reviewNotice, rideMonthOf } from './invitations.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_WRITE_LIMIT: '1000' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const inject = contractCaller(() => testApp.app);
const call = (operationId: OperationId, method: 'GET' | 'POST', url: string, payload?: object) =>
  inject(operationId, method, url, payload ? { payload } : {});

/**
 * A booking of `status` on a date that ended (or, with `ended: false`, is still ahead), of a
 * published tour: the tour's public review list must exist (other test files, running at the
 * same time on a shared database, add draft tours). With `tourPage`, the tour also has a date
 * ahead, so its page answers 200 rather than the 410 of a tour whose dates have all passed.
 */
async function booking({
  status = 3,
  ended = true,
  tourPage = false,
  on,
}: {
  status?: number;
  ended?: boolean;
  tourPage?: boolean;
  /** This tour date, rather than a random one. */
  on?: typeof tourDates.$inferSelect;
} = {}) {
  const ahead = alias(tourDates, 'ahead');
  const [found] = on
    ? [{ date: on }]
    : await db
        .select({ date: tourDates })
        .from(tourDates)
        .innerJoin(tours, eq(tours.id, tourDates.tourId))
        .where(
          and(
            eq(tours.isPublished, true),
            ended
              ? lt(tourDates.endDate, sql`current_date`)
              : gt(tourDates.startDate, sql`current_date`),
            tourPage
              ? exists(
                  db
                    .select({ id: ahead.id })
                    .from(ahead)
                    .where(and(eq(ahead.tourId, tours.id), gt(ahead.startDate, sql`current_date`))),
                )
              : undefined,
          ),
        )
        .orderBy(sql`random()`)
        .limit(1);
  const date = found?.date;
  const [user] = await db
    .insert(users)
    .values({ firstName: 'Maya', lastName: 'Hart', email: `reviewer-${randomUUID()}@example.com` })
    .returning();
  const [row] = await db
    .insert(bookingRequests)
    .values({
      userId: user!.id,
      tourId: date!.tourId,
      tourDateId: date!.id,
      status,
      currency: date!.currency,
      price: date!.price,
      paid: status === 3 || status === 4 ? date!.price : 0,
      seats: 1,
      contactName: 'Maya van Hart',
      contactEmail: user!.email!,
      contactPhone: '+14155550199',
    })
    .returning();
  return row!;
}

describe('what helps the next rider (decision 115)', () => {
  it('defaults the ride month to the booking start, refuses future or earlier months', () => {
    expect(rideMonthOf(undefined, '2026-06-28', '2026-12-04')).toBe('2026-06-01');
    expect(rideMonthOf('2026-07', '2026-06-28', '2026-12-04')).toBe('2026-07-01');
    expect(rideMonthOf('2026-12', undefined, '2026-12-04')).toBe('2026-12-01');
    expect(rideMonthOf(undefined, undefined, '2026-12-04')).toBeNull();
    expect(() => rideMonthOf('2027-01', '2026-06-28', '2026-12-04')).toThrow(/future/);
    expect(() => rideMonthOf('2026-05', '2026-06-28', '2026-12-04')).toThrow(/before/);
  });

  it('keeps the level, month and horse condition, and averages the horse condition', async () => {
    const row = await booking({ tourPage: true });
    const [date] = await db.select().from(tourDates).where(eq(tourDates.id, row.tourDateId!));
    const send = (extra: object) =>
      call('submitReview', 'POST', '/crm/api/review/submit', {
        uuid: row.uuid,
        rating: 4,
        text: 'Sound, well-shod horses.',
        ...extra,
      });
    const invite = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${row.uuid}`,
    );
    expect(invite.body.ride_month).toBe(date!.startDate.slice(0, 7));
    for (const bad of [
      { rider_level: 'expert' },
      { ride_month: '2026-13' },
      { ride_month: '2026-6' },
      { horse_condition: 0 },
      { horse_condition: 6 },
      { horse_condition: 2.5 },
    ]) {
      const refused = await send(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    const future = await send({ ride_month: '2999-01' });
    expect(future.status).toBe(422);
    expect(future.body.errors).toHaveProperty('ride_month');
    const early = await send({ ride_month: '2000-01' });
    expect(early.status).toBe(422);

    const sent = await send({ rider_level: 'strong-intermediate', horse_condition: 2 });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      rider_level: 'strong-intermediate',
      ride_month: date!.startDate.slice(0, 7),
      horse_condition: 2,
    });
    const [stored] = await db.select().from(reviews).where(eq(reviews.uuid, row.uuid));
    expect(stored).toMatchObject({ riderLevel: 3, rideMonth: `${date!.startDate.slice(0, 7)}-01` });
    const [tour] = await db.select().from(tours).where(eq(tours.id, row.tourId));
    const [expected] = await db
      .select({
        average: sql<string>`round(avg(${reviews.horseCondition})::numeric, 1)`,
        count: sql<number>`count(${reviews.horseCondition})::int`,
      })
      .from(reviews)
      .where(and(eq(reviews.tourId, row.tourId), eq(reviews.isPublished, true)));
    expect(tour!.horseConditionCount).toBe(Number(expected!.count));
    expect(tour!.horseConditionCount).toBeGreaterThan(0);
    expect(tour!.horseConditionRating).toBeCloseTo(Number(expected!.average), 5);

    const page = await call('getTour', 'GET', `/spa/tour?slug=${tour!.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.horse_condition).toEqual({
      rating: tour!.horseConditionRating,
      count: tour!.horseConditionCount,
    });
  });
});

describe('reviews by link', () => {
  it('quotes a long review in the organizer’s notice up to 600 characters', () => {
    const notice = reviewNotice({
      organizerEmail: 'team@steppe.example',
      organizerName: 'Steppe Riders',
      tourName: 'Gobi Crossing',
      tourSlug: 'gobi-crossing-7',
      authorName: 'Maya H.',
      rating: 4,
      text: 'x'.repeat(700),
      horseCondition: 5,
      publicUrl: 'https://gallop.example',
    });
    expect(notice.body).toContain(`"${'x'.repeat(600)}…"`);
    expect(notice.body).toContain("The horses' condition: 5 of 5.");
    expect(notice.body).toContain('https://gallop.example/gobi-crossing-7#reviews');
  });

  it('names the author by first name and initial', () => {
    expect(reviewAuthorName('Maya van Hart')).toBe('Maya H.');
    expect(reviewAuthorName('Cher')).toBe('Cher');
  });

  it('invites, takes one review, and moves the tour rating', async () => {
    const row = await booking();
    const invite = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${row.uuid}`,
    );
    expect(invite.status).toBe(200);
    expect(invite.body).toMatchObject({ uuid: row.uuid, submitted: false });
    expect(invite.body.tour.id).toBe(row.tourId);

    const before = (await db.select().from(tours).where(eq(tours.id, row.tourId)))[0]!;
    const blank = await call('submitReview', 'POST', '/crm/api/review/submit', {
      uuid: row.uuid,
      rating: 5,
      text: '   ',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ text: ['Required field'] });

    const sent = await call('submitReview', 'POST', '/crm/api/review/submit', {
      uuid: row.uuid,
      rating: 5,
      text: 'Gentle horses and a guide who knew every trail.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      rating: 5,
      author_name: 'Maya H.',
      tour_id: row.tourId,
      is_verified: true,
    });
    const after = (await db.select().from(tours).where(eq(tours.id, row.tourId)))[0]!;
    expect(after.reviewsCount).toBe(before.reviewsCount + 1);
    // The organizer hears of it once, with the stars, the words and the link.
    const [organizer] = await db
      .select()
      .from(organizers)
      .where(eq(organizers.id, after.organizerId));
    const told = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'organizer-review-notice'),
          sql`${outbox.payload}->>'tourSlug' = ${after.slug}`,
          sql`${outbox.body} like ${'%Gentle horses and a guide%'}`,
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      recipient: organizer!.email,
      subject: `New review of "${after.name}": 5 of 5`,
    });
    expect(told[0]!.body).toContain('Maya H. reviewed');
    expect(told[0]!.body).toContain('"Gentle horses and a guide who knew every trail."');
    expect(told[0]!.body).toContain(`/${after.slug}#reviews`);

    const again = await call('submitReview', 'POST', '/crm/api/review/submit', {
      uuid: row.uuid,
      rating: 1,
      text: 'Second thoughts',
    });
    expect(again.status).toBe(422);
    const reopened = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${row.uuid}`,
    );
    expect(reopened.body).toMatchObject({
      submitted: true,
      review: { rating: 5, is_verified: true },
    });
    const listed = await call('getTourReviews', 'GET', `/spa/tour-reviews?id=${row.tourId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((item: Json) => item.id === sent.body.id)).toMatchObject({
      is_verified: true,
    });
  });

  it('marks only reviews written through a booking link as verified trips', async () => {
    // A tour whose reviews were all imported (the seeded ones): no booking stands behind them.
    const [tour] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(
        and(
          eq(tours.isPublished, true),
          exists(
            db
              .select({ id: reviews.id })
              .from(reviews)
              .where(and(eq(reviews.tourId, tours.id), eq(reviews.isPublished, true))),
          ),
          notExists(
            db
              .select({ id: reviews.id })
              .from(reviews)
              .innerJoin(bookingRequests, eq(bookingRequests.uuid, reviews.uuid))
              .where(eq(reviews.tourId, tours.id)),
          ),
        ),
      )
      .orderBy(sql`random()`)
      .limit(1);
    const listed = await call('getTourReviews', 'GET', `/spa/tour-reviews?id=${tour!.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.length).toBeGreaterThan(0);
    expect(listed.body.items.every((item: Json) => item.is_verified === false)).toBe(true);
  });

  it('takes a review of a completed booking (status 4)', async () => {
    const row = await booking({ status: 4 });
    const invite = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${row.uuid}`,
    );
    expect(invite.status).toBe(200);
    const sent = await call('submitReview', 'POST', '/crm/api/review/submit', {
      uuid: row.uuid,
      rating: 4,
      text: 'Long days in the saddle, worth every one.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.is_verified).toBe(true);
  });

  it('says when reviewing opens before the tour ends (409), refuses cancelled bookings (410) and unknown links', async () => {
    const ahead = await booking({ ended: false });
    const [date] = await db.select().from(tourDates).where(eq(tourDates.id, ahead.tourDateId!));
    const dayAfterEnd = new Date(Date.parse(`${date!.endDate}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const early = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${ahead.uuid}`,
    );
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      message: 'You can review this tour once it has ended',
      ends_on: date!.endDate,
      opens_on: dayAfterEnd,
    });
    const tooSoon = await call('submitReview', 'POST', '/crm/api/review/submit', {
      uuid: ahead.uuid,
      rating: 5,
      text: 'Can not wait',
    });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.opens_on).toBe(dayAfterEnd);
    // A confirmed booking not yet paid is told the same: it is reviewed once it took place.
    const unpaid = await booking({ status: 2, ended: false });
    const unpaidEarly = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${unpaid.uuid}`,
    );
    expect(unpaidEarly.status).toBe(409);
    const cancelled = await booking({ status: 5 });
    const gone = await call('submitReview', 'POST', '/crm/api/review/submit', {
      uuid: cancelled.uuid,
      rating: 4,
      text: 'Nice',
    });
    expect(gone.status).toBe(410);
    const unknown = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${randomUUID()}`,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('reviews sent together', () => {
  /** An ended date of each of two published tours of one organizer (a date only if none has two). */
  async function endedDatesOfOneOrganizer() {
    const ended = await db
      .select({ date: tourDates, organizerId: tours.organizerId })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tourId))
      .where(and(eq(tours.isPublished, true), lt(tourDates.endDate, sql`current_date`)))
      .orderBy(sql`random()`);
    const firstOfOrganizer = new Map<number, typeof tourDates.$inferSelect>();
    for (const { date, organizerId } of ended) {
      const first = firstOfOrganizer.get(organizerId);
      if (!first) firstOfOrganizer.set(organizerId, date);
      else if (first.tourId !== date.tourId) return [first, date];
    }
    return [ended[0]!.date];
  }

  /** The published reviews' count and average, as the tour's or organizer's row must show them. */
  async function countedFrom(scope: SQL) {
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        rating: sql<number>`round(avg(${reviews.rating})::numeric, 1)::real`,
      })
      .from(reviews)
      .where(and(scope, eq(reviews.isPublished, true)));
    return { reviewsCount: row!.count, rating: row!.rating };
  }

  it("counts every review in the tour's and the organizer's rating, 3 rounds of 10 at once", async () => {
    for (let round = 0; round < 3; round += 1) {
      const dates = await endedDatesOfOneOrganizer();
      const rows = await Promise.all(
        Array.from({ length: 10 }, (_, index) => booking({ on: dates[index % dates.length] })),
      );
      const sent = await Promise.all(
        rows.map((row, index) =>
          call('submitReview', 'POST', '/crm/api/review/submit', {
            uuid: row.uuid,
            rating: 1 + (index % 5),
            text: `Review ${index} of round ${round}`,
          }),
        ),
      );
      expect(sent.map((answer) => answer.status)).toEqual(rows.map(() => 200));
      for (const tourId of new Set(rows.map((row) => row.tourId))) {
        const [tour] = await db
          .select({ reviewsCount: tours.reviewsCount, rating: tours.rating })
          .from(tours)
          .where(eq(tours.id, tourId));
        expect(tour).toEqual(await countedFrom(eq(reviews.tourId, tourId)));
      }
      const [first] = await db.select().from(tours).where(eq(tours.id, rows[0]!.tourId));
      const [organizer] = await db
        .select({ reviewsCount: organizers.reviewsCount, rating: organizers.rating })
        .from(organizers)
        .where(eq(organizers.id, first!.organizerId));
      expect(organizer).toEqual(await countedFrom(eq(reviews.organizerId, first!.organizerId)));
    }
  });
});
