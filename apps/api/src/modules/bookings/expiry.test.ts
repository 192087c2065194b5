import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte, isNull, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, payments, tourDates, tours } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { signUp } from '#src/testing/sign-up.ts';
import {
  bookingPayments,
  sandboxProvider,
  type PaymentProvider,
} from '#src/modules/payments/index.ts';
import { expireUnpaidBookings } from './expiry.ts';

let testApp: TestApp;
let db: Database;

let provider: PaymentProvider;

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_WRITE_LIMIT: '1000' });
  db = testApp.database.db;
  provider = sandboxProvider(db);
});
afterAll(() => testApp.close());

const HOUR = 3_600_000;

/**
 * A signed-in traveller's booking of one rider on a guaranteed date (status 2, nothing paid). The date has no
 * other booking: on a shared database (PostgreSQL in CI) another test's unpaid hold on the same
 * date would expire in the same run and give its seat back too.
 */
async function confirmedBooking() {
  const [row] = await db
    .select()
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tourId))
    .where(
      and(
        gt(tourDates.startDate, sql`current_date + 60`),
        eq(tourDates.isBusy, false),
        eq(tourDates.notGuaranteed, false),
        gte(tourDates.numberOfFreeSeats, 8),
        isNull(tourDates.variantName),
        eq(tours.isPublished, true),
        eq(tours.minAge, 0),
        notExists(
          db
            .select({ id: bookingRequests.id })
            .from(bookingRequests)
            .where(eq(bookingRequests.tourDateId, tourDates.id)),
        ),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  const date = row!.tour_dates;
  const email = `holder-${randomUUID()}@example.com`;
  const { token } = await signUp(testApp.app, { email, firstName: 'Ada', lastName: 'Holt' });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/crm/api/request/create',
    headers: { 'x-authorization': `Bearer ${token}` },
    payload: {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: [{ first_name: 'Ada', last_name: 'Holt' }],
      contact: { name: 'Ada Holt', email, phone: '+14155550111' },
    },
  });
  const booking = response.json() as { id: number; status: number };
  expect(booking.status).toBe(2);
  return { id: booking.id, dateId: date.id, email };
}

const free = async (dateId: number) =>
  (await db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.numberOfFreeSeats;
const statusOf = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;

describe('releasing unpaid holds', () => {
  it('cancels an unpaid confirmed booking after the hold, gives the seat back and says so', async () => {
    const booking = await confirmedBooking();
    const held = await free(booking.dateId);
    const publicUrl = 'http://web.test';
    // Still inside the hold: nothing happens to it.
    await expireUnpaidBookings(db, {
      now: new Date(Date.now() + 71 * HOUR),
      holdHours: 72,
      publicUrl,
      payments: bookingPayments(db, provider),
    });
    expect((await statusOf(booking.id)).status).toBe(2);

    await expireUnpaidBookings(db, {
      now: new Date(Date.now() + 73 * HOUR),
      holdHours: 72,
      publicUrl,
      payments: bookingPayments(db, provider),
    });
    expect(await statusOf(booking.id)).toMatchObject({ status: 7, contractStatus: 3 });
    expect(await free(booking.dateId)).toBe(held + 1);
    const [message] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, booking.email))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(message).toMatchObject({ kind: 'booking-expired' });

    // A second run changes nothing more (the seat is not given back twice).
    await expireUnpaidBookings(db, {
      now: new Date(Date.now() + 74 * HOUR),
      holdHours: 72,
      publicUrl,
      payments: bookingPayments(db, provider),
    });
    expect(await free(booking.dateId)).toBe(held + 1);
  });

  it('waits while a payment is on the provider’s page, and never touches paid bookings', async () => {
    const inFlight = await confirmedBooking();
    const now = new Date(Date.now() + 73 * HOUR);
    await db.insert(payments).values({
      requestId: inFlight.id,
      amount: 100,
      currency: 'USD',
      paymentType: 'full',
      paymentMethod: 'card',
      providerId: 4,
      providerPaymentId: `sbx_${randomUUID()}`,
      createdAt: new Date(now.getTime() - 5 * 60_000),
    });
    const paid = await confirmedBooking();
    await db
      .update(bookingRequests)
      .set({ paid: 100, status: 3 })
      .where(eq(bookingRequests.id, paid.id));

    await expireUnpaidBookings(db, {
      now,
      holdHours: 72,
      publicUrl: 'http://web.test',
      payments: bookingPayments(db, provider),
    });
    expect((await statusOf(inFlight.id)).status).toBe(2);
    expect((await statusOf(paid.id)).status).toBe(3);
  });
});
