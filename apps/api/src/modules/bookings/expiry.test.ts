/**
 * The booking job releasing unpaid holds, on a scratch database: each round runs with a clock
 * hours or days ahead over every booking, so on the database the other files share (PostgreSQL
 * in CI) it would release their fresh bookings under their assertions. Here the job sees only
 * this file's bookings and the scratch seed's.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  outbox,
  payments,
  refunds,
  sandboxPayments,
  tourDates,
} from '#src/db/schema/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import {
  bookingPayments,
  sandboxProvider,
  type PaymentProvider,
} from '#src/modules/payments/index.ts';
import { expireUnpaidBookings } from './expiry.ts';
import { book, dateWithSeats, signUp } from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

let provider: PaymentProvider;

beforeAll(async () => {
  scratch = await buildScratchApp('expiry', { PUBLIC_WRITE_LIMIT: '1000' });
  db = scratch.scratch.handle.db;
  provider = sandboxProvider(db);
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * A signed-in traveller's booking of one rider on a guaranteed date of its own (status 2,
 * nothing paid): no other booking's seats come back with it.
 */
async function confirmedBooking() {
  const date = await dateWithSeats(db, 10, used);
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, { ...traveller, riders: 1 });
  expect(status).toBe(201);
  expect(body.status).toBe(2);
  return { id: body.id as number, dateId: date.id, ...traveller };
}

/** When the booking's 72-hour hold ends: its creation plus the hold (no `hold_until` here). */
async function holdEndOf(id: number): Promise<Date> {
  const row = await statusOf(id);
  expect(row.holdUntil).toBeNull();
  return new Date(row.createdAt.getTime() + 72 * HOUR);
}

/** One round of the booking job at `now`. */
const runJob = (now: Date) =>
  expireUnpaidBookings(db, {
    now,
    holdHours: 72,
    publicUrl: 'http://web.test',
    payments: bookingPayments(db, provider),
  });

/** The traveller starts a full payment by `method` through the API. */
const startPayment = (booking: { id: number; token: string }, method: 'card' | 'sbp') =>
  app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: { 'x-authorization': `Bearer ${booking.token}` },
    payload: { request_id: booking.id, payment_type: 'full', payment_method: method },
  });

/** An open payment of the booking, as a start at `createdAt` leaves it. */
async function openPayment(requestId: number, createdAt: Date) {
  const [row] = await db
    .insert(payments)
    .values({
      requestId,
      amount: 100,
      currency: 'USD',
      paymentType: 'full',
      paymentMethod: 'card',
      providerId: 4,
      providerPaymentId: `sbx_${randomUUID()}`,
      createdAt,
    })
    .returning();
  return row!;
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

  it('waits while a payment opened within the hold is on the provider’s page, and never touches paid bookings', async () => {
    const inFlight = await confirmedBooking();
    // Opened five minutes before the hold ended; the job runs ten minutes after the end.
    const holdEnd = await holdEndOf(inFlight.id);
    const now = new Date(holdEnd.getTime() + 10 * MINUTE);
    await openPayment(inFlight.id, new Date(holdEnd.getTime() - 5 * MINUTE));
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

  it('ends the hold on time however often a payment is started again, and refuses a start after it', async () => {
    const booking = await confirmedBooking();
    const held = await free(booking.dateId);
    // The hold ends in ten minutes: the traveller may still start a payment, of either kind.
    await db
      .update(bookingRequests)
      .set({ createdAt: new Date(Date.now() - 72 * HOUR + 10 * MINUTE) })
      .where(eq(bookingRequests.id, booking.id));
    const holdEnd = await holdEndOf(booking.id);
    // A bot alternating the kinds: each start voids the open payment and opens a new one.
    for (const method of ['card', 'sbp', 'card'] as const) {
      expect((await startPayment(booking, method)).statusCode).toBe(200);
    }
    // 15 minutes after the end, the last payment (opened before it) may be on the provider's page.
    await runJob(new Date(holdEnd.getTime() + 15 * MINUTE));
    expect((await statusOf(booking.id)).status).toBe(2);
    // 25 minutes after the end, 35 after the last start: the seats go back.
    await runJob(new Date(holdEnd.getTime() + 25 * MINUTE));
    expect(await statusOf(booking.id)).toMatchObject({ status: 7, contractStatus: 3 });
    expect(await free(booking.dateId)).toBe(held + 1);
    const open = await db
      .select()
      .from(payments)
      .where(and(eq(payments.requestId, booking.id), eq(payments.status, 1)));
    expect(open).toEqual([]);

    // Once a hold has ended, no payment starts, of any kind, so none can renew the wait.
    const late = await confirmedBooking();
    await db
      .update(bookingRequests)
      .set({ createdAt: new Date(Date.now() - 73 * HOUR) })
      .where(eq(bookingRequests.id, late.id));
    for (const method of ['card', 'sbp'] as const) {
      const refused = await startPayment(late, method);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message:
          'The seats of this booking were held for a limited time, and that time has ended, so it can no longer be paid. Please book again.',
      });
    }
    await runJob(new Date());
    expect((await statusOf(late.id)).status).toBe(7);
  });

  it('waits for a payment opened within the hold at most 30 minutes after it opened, and not for one opened after the hold', async () => {
    const booking = await confirmedBooking();
    const holdEnd = await holdEndOf(booking.id);
    await openPayment(booking.id, new Date(holdEnd.getTime() - 1 * MINUTE));
    await runJob(new Date(holdEnd.getTime() + 28 * MINUTE));
    expect((await statusOf(booking.id)).status).toBe(2);
    await runJob(new Date(holdEnd.getTime() + 30 * MINUTE));
    expect((await statusOf(booking.id)).status).toBe(7);

    const after = await confirmedBooking();
    const afterEnd = await holdEndOf(after.id);
    await openPayment(after.id, new Date(afterEnd.getTime() + 1 * MINUTE));
    await runJob(new Date(afterEnd.getTime() + 5 * MINUTE));
    expect((await statusOf(after.id)).status).toBe(7);
  });

  it('keeps the seats of a booking the provider charged when the recording of the charge was lost', async () => {
    const booking = await confirmedBooking();
    const held = await free(booking.dateId);
    const started = await startPayment(booking, 'card');
    expect(started.statusCode).toBe(200);
    const { payment } = started.json() as { payment: { id: number; amount: number } };
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
    // The hosted page charged the card at the provider; the process died before Gallop heard.
    await db
      .update(sandboxPayments)
      .set({ status: 'succeeded', cardLast4: '4242' })
      .where(eq(sandboxPayments.providerPaymentId, row!.providerPaymentId));

    // Long after the hold and the payment's wait: the job asks the provider before releasing.
    const holdEnd = await holdEndOf(booking.id);
    await runJob(new Date(holdEnd.getTime() + 31 * MINUTE));
    const after = await statusOf(booking.id);
    expect(after).toMatchObject({ status: 3, paid: row!.amount, refunded: 0 });
    expect(await free(booking.dateId)).toBe(held);
    expect(await db.select().from(refunds).where(eq(refunds.requestId, booking.id))).toEqual([]);
    const [paid] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid).toMatchObject({ status: 2, cardLast4: '4242', refunded: 0 });
    const told = await db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.recipient, booking.email));
    expect(told.map((message) => message.kind)).toContain('payment-received');
    expect(told.map((message) => message.kind)).not.toContain('booking-expired');

    // A later round changes nothing: the charge counted once.
    await runJob(new Date(holdEnd.getTime() + 2 * HOUR));
    expect(await statusOf(booking.id)).toMatchObject({ status: 3, paid: row!.amount });
  });

  it('voids what is still open at the provider before releasing, so nothing is charged after', async () => {
    const booking = await confirmedBooking();
    const started = await startPayment(booking, 'card');
    const { payment } = started.json() as { payment: { id: number } };
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
    const holdEnd = await holdEndOf(booking.id);
    await runJob(new Date(holdEnd.getTime() + 31 * MINUTE));
    expect((await statusOf(booking.id)).status).toBe(7);
    const [books] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerPaymentId, row!.providerPaymentId));
    expect(books!.status).toBe('voided');
  });

  it('does not release a booking while the provider cannot say whether it was paid', async () => {
    const booking = await confirmedBooking();
    expect((await startPayment(booking, 'card')).statusCode).toBe(200);
    const down: PaymentProvider = {
      ...provider,
      void: () => Promise.reject(new Error('provider unreachable')),
    };
    const holdEnd = await holdEndOf(booking.id);
    const round = expireUnpaidBookings(db, {
      now: new Date(holdEnd.getTime() + 31 * MINUTE),
      holdHours: 72,
      publicUrl: 'http://web.test',
      payments: bookingPayments(db, down),
    });
    await expect(round).rejects.toThrow('provider unreachable');
    expect((await statusOf(booking.id)).status).toBe(2);
    // The provider answers again: the next round releases it.
    await runJob(new Date(holdEnd.getTime() + 32 * MINUTE));
    expect((await statusOf(booking.id)).status).toBe(7);
  });
});
