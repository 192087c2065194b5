/**
 * The bookings beside a chat keep the traveller's link to the traveller: a booking's uuid opens
 * its riders' details and, after the trip, a verified review in the traveller's name (decisions
 * 093, 165), so the organizer's staff and support read the booking without it.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, organizers, tourDates, tours } from '#src/db/schema/index.ts';
import { chatAccount } from '#src/modules/chat/testing.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { toBookingRequest } from './records.ts';

let testApp: TestApp;
let db: Database;
beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp?.close());

const call = contractCaller(() => testApp.app);

/**
 * A traveller's completed booking (paid, its tour ended: the review link is open) of a published
 * organizer's tour, written directly: an ended date holds no seats to count.
 */
async function completedBooking() {
  const [found] = await db
    .select({ date: tourDates, organizerId: tours.organizerId })
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tourId))
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(
      and(
        eq(tours.isPublished, true),
        eq(organizers.isPublishedOnSite, true),
        lt(tourDates.endDate, sql`current_date`),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!found) throw new Error('the seed has no ended date of a published tour');
  const traveller = await chatAccount(db, 'client');
  const [row] = await db
    .insert(bookingRequests)
    .values({
      userId: traveller.user.id,
      tourId: found.date.tourId,
      tourDateId: found.date.id,
      status: 4,
      currency: found.date.currency,
      price: found.date.price,
      paid: found.date.price,
      seats: 1,
      contactName: 'Maya Hart',
      contactEmail: traveller.user.email!,
      contactPhone: '+14155550199',
    })
    .returning();
  return { traveller, organizerId: found.organizerId, row: row! };
}

async function listedFor(token: string, chatId: number, bookingId: number) {
  const listed = await call(
    'listBookingRequestsForChat',
    'GET',
    `/crm/api/request/list-for-chat?chat_id=${chatId}`,
    { token },
  );
  expect(listed.status).toBe(200);
  const item = (listed.body.items as Json[]).find((each) => each.id === bookingId);
  expect(item).toBeDefined();
  return item!;
}

describe("the booking's link beside a chat", () => {
  it("goes to the traveller, not to the organizer's staff", async () => {
    const { traveller, organizerId, row } = await completedBooking();
    const staff = await chatAccount(db, 'organizer', organizerId);
    const chat = await call(
      'getChatWithOrganizer',
      'POST',
      '/crm/api/chat/get-chat-with-organizer',
      {
        token: traveller.token,
        payload: { organizer_id: organizerId, message: 'A question about my trip' },
      },
    );
    expect(chat.status).toBe(200);

    const own = await listedFor(traveller.token, chat.body.id, row.id);
    expect(own).toMatchObject({ reader: 'traveller', uuid: row.uuid, chat_id: chat.body.id });
    const theirs = await listedFor(staff.token, chat.body.id, row.id);
    expect(theirs).toMatchObject({ reader: 'organizer', id: row.id, chat_id: chat.body.id });
    expect(theirs).not.toHaveProperty('uuid');
    expect(JSON.stringify(theirs)).not.toContain(row.uuid);
  });

  it('goes to the traveller, not to support, in a support chat', async () => {
    const { traveller, row } = await completedBooking();
    const support = await chatAccount(db, 'support');
    const chat = await call('getChatWithSupport', 'GET', '/crm/api/chat/get-chat-with-support', {
      token: traveller.token,
    });
    expect(chat.status).toBe(200);

    expect(await listedFor(traveller.token, chat.body.id, row.id)).toMatchObject({
      uuid: row.uuid,
    });
    const theirs = await listedFor(support.token, chat.body.id, row.id);
    expect(theirs).toMatchObject({ reader: 'support', id: row.id });
    expect(theirs).not.toHaveProperty('uuid');
    expect(JSON.stringify(theirs)).not.toContain(row.uuid);
  });

  it("is in a booking's answer for its traveller's side only (support's cancel answers so too)", async () => {
    const { row } = await completedBooking();
    const rates = await createRatesCache(db).get();
    const view = { currency: 'USD', rates };
    for (const reader of ['traveller', 'link'] as const) {
      expect((await toBookingRequest(db, row, { ...view, reader })).uuid).toBe(row.uuid);
    }
    for (const reader of ['organizer', 'support'] as const) {
      const shown = await toBookingRequest(db, row, { ...view, reader });
      expect(shown).not.toHaveProperty('uuid');
      expect(JSON.stringify(shown)).not.toContain(row.uuid);
    }
  });
});
