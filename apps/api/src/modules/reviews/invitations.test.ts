import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tourDates, tours, users } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { reviewAuthorName } from './invitations.ts';

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
 * same time on a shared database, add draft tours).
 */
async function booking({ status = 3, ended = true } = {}) {
  const [found] = await db
    .select({ date: tourDates })
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tourId))
    .where(
      and(
        eq(tours.isPublished, true),
        ended
          ? lt(tourDates.endDate, sql`current_date`)
          : gt(tourDates.startDate, sql`current_date`),
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
      paid: status === 3 ? date!.price : 0,
      seats: 1,
      contactName: 'Maya van Hart',
      contactEmail: user!.email!,
      contactPhone: '+14155550199',
    })
    .returning();
  return row!;
}

describe('reviews by link', () => {
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
    expect(sent.body).toMatchObject({ rating: 5, author_name: 'Maya H.', tour_id: row.tourId });
    const after = (await db.select().from(tours).where(eq(tours.id, row.tourId)))[0]!;
    expect(after.reviewsCount).toBe(before.reviewsCount + 1);

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
    expect(reopened.body).toMatchObject({ submitted: true, review: { rating: 5 } });
    const listed = await call('getTourReviews', 'GET', `/spa/tour-reviews?id=${row.tourId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.some((item: Json) => item.id === sent.body.id)).toBe(true);
  });

  it('refuses tours that have not ended (404), cancelled bookings (410) and unknown links', async () => {
    const ahead = await booking({ ended: false });
    const early = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${ahead.uuid}`,
    );
    expect(early.status).toBe(404);
    expect(early.body.message).toBe('You can review this tour once it has ended');
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
