/**
 * Who may review a tour, how many times, what the ratings become, what a review takes as input and
 * what it shows: probed as an attacker, a traveller and an organizer would, with reviews sent at
 * once. On PostgreSQL (`api-postgres`) the calls overlap over a pool of connections; on PGlite
 * they run one after another and the same assertions hold.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, lt, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  organizerMembers,
  organizers,
  outbox,
  reviews,
  tourDates,
  tours,
  uploads,
  users,
} from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { reviewAuthorName, reviewText } from './invitations.ts';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_WRITE_LIMIT: '100000' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);
const submit = (payload: object) =>
  call('submitReview', 'POST', '/crm/api/review/submit', { payload });

type TourDate = typeof tourDates.$inferSelect;

/** A random ended date of a published tour. */
async function endedDate(): Promise<TourDate> {
  const [found] = await db
    .select({ date: tourDates })
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tourId))
    .where(and(eq(tours.isPublished, true), lt(tourDates.endDate, sql`current_date`)))
    .orderBy(sql`random()`)
    .limit(1);
  return found!.date;
}

async function futureDate(): Promise<TourDate> {
  const [found] = await db
    .select({ date: tourDates })
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tourId))
    .where(and(eq(tours.isPublished, true), sql`${tourDates.startDate} > current_date`))
    .orderBy(sql`random()`)
    .limit(1);
  return found!.date;
}

async function traveller(role: 'client' | 'organizer' | 'support' = 'client') {
  const [user] = await db
    .insert(users)
    .values({
      role,
      firstName: 'Maya',
      lastName: 'van Hart',
      email: `probe-${randomUUID()}@example.com`,
    })
    .returning();
  return user!;
}

/** A booking of `status` on `date` (paid when prepaid or complete). */
async function booking({
  date,
  status = 3,
  userId,
  contactName = 'Maya van Hart',
}: {
  date: TourDate;
  status?: number;
  userId?: number;
  contactName?: string;
}) {
  const user = userId ?? (await traveller()).id;
  const [row] = await db
    .insert(bookingRequests)
    .values({
      userId: user,
      tourId: date.tourId,
      tourDateId: date.id,
      status,
      currency: date.currency,
      price: date.price,
      paid: status === 3 || status === 4 ? date.price : 0,
      seats: 1,
      contactName,
      contactEmail: `contact-${randomUUID()}@example.com`,
      contactPhone: '+14155550199',
    })
    .returning();
  return row!;
}

const kindOf = (status: number) => Math.floor(status / 100);

/** The published reviews' figures, as the tour's or organizer's row must show them. */
async function recomputed(scope: SQL) {
  const [row] = await db
    .select({
      reviewsCount: sql<number>`count(*)::int`,
      rating: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::real`,
      horseConditionRating: sql<
        number | null
      >`round(avg(${reviews.horseCondition})::numeric, 1)::real`,
      horseConditionCount: sql<number>`count(${reviews.horseCondition})::int`,
    })
    .from(reviews)
    .where(and(scope, eq(reviews.isPublished, true)));
  return row!;
}

async function storedOfTour(tourId: number) {
  const [row] = await db
    .select({
      reviewsCount: tours.reviewsCount,
      rating: tours.rating,
      horseConditionRating: tours.horseConditionRating,
      horseConditionCount: tours.horseConditionCount,
      organizerId: tours.organizerId,
    })
    .from(tours)
    .where(eq(tours.id, tourId));
  return row!;
}

async function storedOfOrganizer(organizerId: number) {
  const [row] = await db
    .select({
      reviewsCount: organizers.reviewsCount,
      rating: organizers.rating,
      horseConditionRating: organizers.horseConditionRating,
      horseConditionCount: organizers.horseConditionCount,
    })
    .from(organizers)
    .where(eq(organizers.id, organizerId));
  return row!;
}

describe('who may review', () => {
  it('refuses links that are unknown, cancelled, unpaid or not yet ended, with a JSON message', async () => {
    const ended = await endedDate();
    const ahead = await futureDate();
    const cases: [string, string][] = [['unknown', randomUUID()]];
    for (const status of [5, 6, 7, 8]) {
      cases.push([`cancelled ${status}`, (await booking({ date: ended, status })).uuid]);
    }
    for (const status of [1, 2]) {
      cases.push([`unpaid ${status}`, (await booking({ date: ended, status })).uuid]);
    }
    cases.push(['paid, ahead', (await booking({ date: ahead, status: 3 })).uuid]);
    for (const [name, uuid] of cases) {
      const answer = await submit({ uuid, rating: 5, text: 'Five stars' });
      expect(kindOf(answer.status), name).toBe(4);
      expect(typeof answer.body.message, name).toBe('string');
    }
    const [{ n }] = (await db
      .select({ n: count() })
      .from(reviews)
      .where(sql`${reviews.uuid} in ${cases.map(([, uuid]) => uuid)}`)) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('the organizer reviewing their own tour', () => {
  it('refuses a review through a booking of the tour organizer’s own staff', async () => {
    const date = await endedDate();
    const [tour] = await db.select().from(tours).where(eq(tours.id, date.tourId));
    const staff = await traveller('organizer');
    await db.insert(organizerMembers).values({ organizerId: tour!.organizerId, userId: staff.id });
    const own = await booking({ date, userId: staff.id });
    const before = await storedOfTour(date.tourId);
    const answer = await submit({ uuid: own.uuid, rating: 5, text: 'Best tour ever' });
    // Not gone, as a cancelled booking is: refused to whoever booked it (decision 211).
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/own staff/);
    expect(typeof answer.body.message).toBe('string');
    expect((await storedOfTour(date.tourId)).reviewsCount).toBe(before.reviewsCount);
    const invitation = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${own.uuid}`,
    );
    expect(invitation.status).toBe(403);
  });
});

describe('one review per booking', () => {
  it('takes one review of a link sent 20 times at once, 3 rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const date = await endedDate();
      const row = await booking({ date });
      const before = await storedOfTour(date.tourId);
      const tag = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          submit({ uuid: row.uuid, rating: 1 + (index % 5), text: `Attempt ${index} ${tag}` }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => kindOf(status) === 4)).toHaveLength(19);
      const stored = await db.select().from(reviews).where(eq(reviews.uuid, row.uuid));
      expect(stored).toHaveLength(1);
      const after = await storedOfTour(date.tourId);
      expect(after.reviewsCount).toBe(before.reviewsCount + 1);
      // The organizer hears of it once.
      const [notices] = await db
        .select({ n: count() })
        .from(outbox)
        .where(
          and(eq(outbox.kind, 'organizer-review-notice'), sql`${outbox.body} like ${`%${tag}%`}`),
        );
      expect(notices!.n).toBe(1);
    }
  });

  it('takes one review per booking, so two of one traveller on one date give two', async () => {
    const date = await endedDate();
    const user = await traveller();
    const first = await booking({ date, userId: user.id });
    const second = await booking({ date, userId: user.id });
    const a = await submit({ uuid: first.uuid, rating: 5, text: 'First' });
    const b = await submit({ uuid: second.uuid, rating: 5, text: 'Second' });
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await submit({ uuid: first.uuid, rating: 1, text: 'Third' });
    expect(again.status).toBe(422);
  });
});

describe('the ratings under reviews sent at once', () => {
  it('counts 20 reviews of one tour sent at once, rating and horse condition', async () => {
    for (let round = 0; round < 2; round += 1) {
      const date = await endedDate();
      const rows = await Promise.all(Array.from({ length: 20 }, () => booking({ date })));
      const answers = await Promise.all(
        rows.map((row, index) =>
          submit({
            uuid: row.uuid,
            rating: 1 + (index % 5),
            text: `Concurrent ${index}`,
            ...(index % 3 === 0 ? {} : { horse_condition: 1 + ((index * 7) % 5) }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(rows.map(() => 200));
      const { organizerId, ...tour } = await storedOfTour(date.tourId);
      expect(tour).toEqual(await recomputed(eq(reviews.tourId, date.tourId)));
      expect(await storedOfOrganizer(organizerId)).toEqual(
        await recomputed(eq(reviews.organizerId, organizerId)),
      );
    }
  });
});

describe('what a review takes', () => {
  it('refuses malformed ratings and texts with a 4xx JSON message', async () => {
    const date = await endedDate();
    const row = await booking({ date });
    const bad: object[] = [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: '5' },
      { rating: null },
      { rating: -1 },
      { text: 'x'.repeat(5001) },
      { text: '' },
      { text: ' \n\t ' },
      { text: 'nul \u0000 inside' },
      { text: 12 },
      { horse_condition: '3' },
      { image_ids: [0] },
      { image_ids: ['1'] },
      { extra: 1 },
    ];
    for (const change of bad) {
      const answer = await submit({ uuid: row.uuid, rating: 4, text: 'Fine', ...change });
      expect(kindOf(answer.status), JSON.stringify(change).slice(0, 80)).toBe(4);
      expect(typeof answer.body.message).toBe('string');
    }
    // Bodies no JSON value stands for: cut short, a number past any column, a NUL escape.
    for (const payload of [
      `{"uuid":"${row.uuid}","rating":4,"text":"x"`,
      `{"uuid":"${row.uuid}","rating":1e400,"text":"x"}`,
      `{"uuid":"${row.uuid}","rating":4,"text":"a\\u0000b"}`,
    ]) {
      const raw = await testApp.app.inject({
        method: 'POST',
        url: '/crm/api/review/submit',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(kindOf(raw.statusCode), payload).toBe(4);
      expect(typeof raw.json().message).toBe('string');
    }
    // Nothing a reader would see: zero-width spaces, control characters, a direction mark.
    for (const text of ['\u200b\u200b', '\u0007\u0008', '\u202e', '\u00a0\ufeff']) {
      const answer = await submit({ uuid: row.uuid, rating: 4, text });
      expect(answer.status, JSON.stringify(text)).toBe(422);
      expect(answer.body.errors).toEqual({ text: ['Required field'] });
    }
    expect(await db.select().from(reviews).where(eq(reviews.uuid, row.uuid))).toHaveLength(0);
  });

  it('keeps HTML as text, shown as it was written', async () => {
    const date = await endedDate();
    const row = await booking({ date });
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const answer = await submit({ uuid: row.uuid, rating: 4, text: `${text}\u0007` });
    expect(answer.status).toBe(200);
    // Stored and answered as written (JSON; the web escapes it), but the bell.
    expect(answer.body.text).toBe(text);
  });
});

describe('what a published review shows', () => {
  it('names the author without an address or a number', () => {
    expect(reviewAuthorName('maya.hart@example.com')).toBe('Traveller');
    expect(reviewAuthorName('Maya maya@example.com')).toBe('Maya');
    expect(reviewAuthorName('+44 7700 900123')).toBe('Traveller');
    expect(reviewAuthorName('Maya Hart +447700900123')).toBe('Maya H.');
    expect(reviewAuthorName('   ')).toBe('Traveller');
  });

  it('keeps the words a reader sees, without control characters', () => {
    expect(reviewText(' Good\u0000 horses\u0007\n\tand trails ')).toBe('Good horses\n\tand trails');
    expect(reviewText('👍')).toBe('👍');
    expect(reviewText('\u200b\u2060\u00a0')).toBe('');
  });

  it('shows no e-mail, phone, surname, booking link or weight of the reviewer', async () => {
    const date = await endedDate();
    const [tour] = await db.select().from(tours).where(eq(tours.id, date.tourId));
    const named = await booking({ date, contactName: 'Maya Quillfeather' });
    const mailed = await booking({ date, contactName: 'maya.quillfeather@example.com' });
    const phoned = await booking({ date, contactName: '+14155550123' });
    const sent = [];
    for (const row of [named, mailed, phoned]) {
      const answer = await submit({ uuid: row.uuid, rating: 5, text: 'Lovely' });
      expect(answer.status).toBe(200);
      sent.push(answer.body);
    }
    expect(sent.map((review: Json) => review.author_name)).toEqual([
      'Maya Q.',
      'Traveller',
      'Traveller',
    ]);
    const pages = [
      await call('listAllTourReviews', 'GET', `/spa/all-tour-reviews?slug=${tour!.slug}&limit=50`),
      await call(
        'listOrganizerReviews',
        'GET',
        `/spa/organizer-reviews?id=${tour!.organizerId}&limit=50`,
      ),
      ...(await Promise.all(
        [named, mailed, phoned].map((row) =>
          call('getReviewByUuid', 'GET', `/crm/api/review/get-by-uuid?uuid=${row.uuid}`),
        ),
      )),
    ];
    for (const page of pages) {
      const text = JSON.stringify(page.body);
      expect(text).not.toContain('Quillfeather');
      expect(text).not.toContain('quillfeather');
      expect(text).not.toContain('@example.com');
      expect(text).not.toContain('4155550');
    }
    for (const page of pages.slice(0, 2)) {
      for (const row of [named, mailed, phoned])
        expect(JSON.stringify(page.body)).not.toContain(row.uuid);
    }
  });
});

describe('review photos', () => {
  it('puts one photo in one review, when two reviews claim it at once', async () => {
    const date = await endedDate();
    const [photo] = await db
      .insert(uploads)
      .values({
        publicId: randomUUID(),
        kind: 'image',
        purpose: 'review',
        originalName: 'horse.png',
        mime: 'image/png',
        extension: 'png',
        size: 10,
        sha256: randomUUID(),
        uploaderIp: '127.0.0.1',
      })
      .returning();
    const rows = await Promise.all(Array.from({ length: 8 }, () => booking({ date })));
    const answers = await Promise.all(
      rows.map((row) =>
        submit({ uuid: row.uuid, rating: 4, text: 'Photo', image_ids: [photo!.id] }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(7);
    const holding = await db
      .select({ n: count() })
      .from(reviews)
      .where(sql`${reviews.images}::text like ${`%${photo!.publicId}%`}`);
    expect(holding[0]!.n).toBe(1);
    // The refused reviews were rolled back: their links are still open.
    expect(
      await db
        .select({ n: count() })
        .from(reviews)
        .where(sql`${reviews.uuid} in ${rows.map((row) => row.uuid)}`),
    ).toEqual([{ n: 1 }]);
  });
});
