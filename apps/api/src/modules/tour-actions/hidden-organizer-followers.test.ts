/**
 * Followers of a tour whose organizer is hidden hear of no new dates: the tour has no page
 * (`publicTour`, decision 097), so the notice's link would be a 404. Once the organizer is shown
 * again, the dates added meanwhile are news. On a scratch database: hiding an organizer touches
 * no other test file's catalogue.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { organizers, outbox, tourDates, tourProgramRequests, tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { newestDateId, noticeNewDates } from './followers.ts';

const SECRET = 'follower-secret-for-hidden-organizer-tests';
const publicUrl = 'http://web.test';
let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('hidden_followers', { FOLLOWER_SECRET: SECRET });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const noticesTo = (email: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'tour-new-dates')));

describe("followers of a hidden organizer's tour", () => {
  it('hear of no new date while it is hidden, and of the new ones once it is shown', async () => {
    const [row] = await db
      .select({ tour: tours, date: tourDates })
      .from(tours)
      .innerJoin(tourDates, eq(tourDates.tourId, tours.id))
      .where(publicTour())
      .orderBy(asc(tours.id), desc(tourDates.id))
      .limit(1);
    const { tour, date: template } = row!;
    const email = `follower-${randomUUID()}@example.com`;
    await db.insert(tourProgramRequests).values({
      tourId: tour.id,
      channel: 'subscription',
      email,
      currency: 'EUR',
      seenDateId: await newestDateId(db, tour.id),
    });
    await db
      .update(organizers)
      .set({ isPublishedOnSite: false })
      .where(eq(organizers.id, tour.organizerId));

    // A bookable date a year out: news to the follower, were the tour public.
    const start = new Date(Date.now() + 365 * 86_400_000);
    const end = new Date(start.getTime() + (template.duration - 1) * 86_400_000);
    const { id: _id, ...copy } = template;
    const [fresh] = await db
      .insert(tourDates)
      .values({
        ...copy,
        startDate: start.toISOString().slice(0, 10),
        endDate: end.toISOString().slice(0, 10),
        isBusy: false,
        numberOfFreeSeats: Math.max(1, template.numberOfSeats),
      })
      .returning();

    await noticeNewDates(db, { publicUrl, secret: SECRET });
    expect(await noticesTo(email)).toEqual([]);

    await db
      .update(organizers)
      .set({ isPublishedOnSite: true })
      .where(eq(organizers.id, tour.organizerId));
    await noticeNewDates(db, { publicUrl, secret: SECRET });
    const [notice, ...more] = await noticesTo(email);
    expect(more).toEqual([]);
    expect(notice!.payload).toMatchObject({ tourId: tour.id, dateIds: [fresh!.id] });
  });
});
