/**
 * Cancellations of paid bookings (decision 091), on a scratch database: the traveller gets back
 * what the accepted policy says, once however often the cancel is sent; the organizer's or
 * support's cancellation gives everything back; the traveller, the organizer, support and the
 * booking's chat are told. On PostgreSQL (CI) the cancels really overlap.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chatMessages, outbox, refunds, tourDates, tours, users } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import {
  bookingPayments,
  sandboxProvider,
  sendRefunds,
  TEST_CARDS,
} from '#src/modules/payments/index.ts';
import { providerBooksOf, submitCard } from '#src/modules/payments/testing.ts';
import { book, dateWithSeats, signUp } from './testing-scratch.ts';
import { cancelAndSettle } from './cancellations.ts';
import { money } from './notices.ts';
import { REFUND_CHANGED, transitionBooking } from './transitions.ts';

const publicUrl = 'http://web.test';
let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('cancellation', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: publicUrl,
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-cancellation-tests',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

async function api(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const response = await app().inject({
    method,
    url,
    headers: { 'x-authorization': `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const addDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A fully paid two-rider booking starting in `daysAhead` days on a tour with `policy`. */
async function paidBooking(policy: 'flexible' | 'moderate' | 'strict', daysAhead: number) {
  const template = await dateWithSeats(db, 10, used);
  const [date] = await db
    .update(tourDates)
    .set({ startDate: addDays(daysAhead), endDate: addDays(daysAhead + 6) })
    .where(eq(tourDates.id, template.id))
    .returning();
  await db.update(tours).set({ cancellationPolicy: policy }).where(eq(tours.id, date!.tourId));
  const traveller = await signUp(app());
  const created = await book(app(), date!, { ...traveller, riders: 2 });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const started = await api('POST', '/crm/api/payment/start', traveller.token, {
    request_id: id,
    payment_type: 'full',
    payment_method: 'card',
  });
  expect(started.status).toBe(200);
  const paid = await submitCard(app(), started.body.redirect_url as string, TEST_CARDS.success);
  expect(paid.statusCode).toBe(303);
  const booking = (await api('GET', `/crm/api/request/get?id=${id}`, traveller.token)).body;
  expect(booking.paid).toBe(booking.price);
  return { id, token: traveller.token, email: traveller.email, booking, date: date! };
}

const mailsAbout = (requestId: number) =>
  db
    .select()
    .from(outbox)
    .where(sql`(${outbox.payload}->>'requestId')::int = ${requestId}`);

describe('a traveller cancels a paid booking', () => {
  it('gets back what the moderate policy says, once, however often the cancel is sent', async () => {
    const { id, token, email, booking } = await paidBooking('moderate', 20);
    // 20 days before the start, the moderate policy gives half back.
    // Whole units, as every amount is shown: an odd price leaves the odd unit to the organizer.
    const half = Math.floor((booking.price as number) / 2);
    expect(booking.cancellation_policy).toMatchObject({ name: 'moderate', title: 'Moderate' });
    expect(booking.refund_if_canceled_today).toBe(half);
    // The page names when that falls: nothing back from 13 days before the start.
    expect(booking.refund_falls).toEqual({ at: `${addDays(7)}T00:00:00.000Z`, refund: 0 });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/crm/api/request/cancel', token, { id, message: 'Plans changed' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));

    const recorded = await db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ reason: 'cancellation', status: 2 });
    expect(recorded[0]!.amount / 100).toBe(half);
    const after = (await api('GET', `/crm/api/request/get?id=${id}`, token)).body;
    expect(after).toMatchObject({
      status: 5,
      refunded: half,
      refund_if_canceled_today: null,
      refund_falls: null,
    });
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: half, status: 'refunded', reason: 'cancellation' }),
    ]);

    const mails = await mailsAbout(id);
    const toTraveller = mails.filter((m) => m.kind === 'booking-canceled');
    expect(toTraveller).toHaveLength(1);
    expect(toTraveller[0]!.recipient).toBe(email);
    const amount = money(Math.round(half * 100), booking.currency as string);
    expect(toTraveller[0]!.body).toContain(amount);
    const organizerNotices = mails.filter(
      (m) => m.kind === 'organizer-booking-notice' && m.body.includes('cancelled'),
    );
    expect(organizerNotices).toHaveLength(1);
    expect(organizerNotices[0]!.body).toContain(amount);
    expect(organizerNotices[0]!.body).toContain(`/partner/bookings/${id}`);
    expect(mails.filter((m) => m.kind === 'support-booking-notice')).toHaveLength(1);

    const told = await db.select().from(chatMessages).where(eq(chatMessages.requestId, id));
    expect(told.some((m) => m.body.includes('was cancelled by the traveller'))).toBe(true);
  }, 120_000);

  it('gets nothing back under a strict policy ten days before the start, and is told so', async () => {
    const { id, token } = await paidBooking('strict', 10);
    const before = (await api('GET', `/crm/api/request/get?id=${id}`, token)).body;
    expect(before.refund_if_canceled_today).toBe(0);
    expect(before.refund_falls).toBeNull();
    expect((await api('POST', '/crm/api/request/cancel', token, { id })).status).toBe(200);
    expect(await db.select().from(refunds).where(eq(refunds.requestId, id))).toHaveLength(0);
    const [mail] = (await mailsAbout(id)).filter((m) => m.kind === 'booking-canceled');
    expect(mail!.body).toContain('nothing of the');
  }, 120_000);
});

describe('a traveller cancels for the refund they were shown', () => {
  it('is refused while cancelling would give back less, and goes through for the new figure', async () => {
    const { id, token, booking, date } = await paidBooking('moderate', 31);
    const full = booking.price as number;
    expect(booking.refund_if_canceled_today).toBe(full);
    // Everything back until 30 days before the start (tomorrow), half from the day after.
    expect(booking.refund_falls).toEqual({
      at: `${addDays(2)}T00:00:00.000Z`,
      refund: Math.floor(full / 2),
    });
    // The page stays open while a tier's day passes: 20 days before the start, half comes back.
    await db
      .update(tourDates)
      .set({ startDate: addDays(20), endDate: addDays(26) })
      .where(eq(tourDates.id, date.id));
    const stale = await api('POST', '/crm/api/request/cancel', token, {
      id,
      expected_refund: full,
    });
    expect(stale).toMatchObject({ status: 409, body: { message: REFUND_CHANGED } });
    const unchanged = (await api('GET', `/crm/api/request/get?id=${id}`, token)).body;
    const half = Math.floor(full / 2);
    expect(unchanged).toMatchObject({ status: booking.status, refund_if_canceled_today: half });
    expect(await db.select().from(refunds).where(eq(refunds.requestId, id))).toHaveLength(0);

    const agreed = await api('POST', '/crm/api/request/cancel', token, {
      id,
      expected_refund: unchanged.refund_if_canceled_today,
    });
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body).toMatchObject({ status: 5, refunded: half });
  }, 120_000);
});

describe('the organizer cancels a paid booking', () => {
  it('gives everything paid back, even under a strict policy close to the start', async () => {
    const { id, booking } = await paidBooking('strict', 5);
    const result = await transitionBooking(db, id, {
      event: 'organizer-cancels',
      actor: 'organizer',
      now: new Date(),
      changes: () => ({ cancelMessage: 'A horse fell lame', canceledAt: new Date() }),
      notify: { publicUrl },
    });
    expect(result.kind).toBe('moved');
    expect(result.refunded / 100).toBe(booking.price);
    await sendRefunds(db, sandboxProvider(db), result.refundIds);
    const [refund] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.requestId, id), eq(refunds.status, 2)));
    expect(refund!.amount / 100).toBe(booking.price);
    const [mail] = (await mailsAbout(id)).filter((m) => m.kind === 'booking-canceled');
    expect(mail!.body).toContain('A horse fell lame');
    expect(mail!.body).toContain('All ');
  }, 120_000);
});

describe('support cancels a booking', () => {
  it('is for support accounts only, needs a reason, and gives everything paid back', async () => {
    const { id, token, booking } = await paidBooking('strict', 5);
    const cancel = (as: string, body: object) =>
      api('POST', '/crm/api/support/booking/cancel', as, body);
    // The traveller is not support.
    expect((await cancel(token, { id, reason: 'Fraud check' })).status).toBe(403);
    const agent = await signUp(app());
    await db.update(users).set({ role: 'support' }).where(eq(users.email, agent.email));
    expect((await cancel(agent.token, { id, reason: ' ' })).status).toBe(422);
    const answers = await Promise.all([
      cancel(agent.token, { id, reason: 'The organizer closed for the season' }),
      cancel(agent.token, { id, reason: 'The organizer closed for the season' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toMatchObject({ status: 8, refunded: booking.price });
    const recorded = await db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(recorded.reduce((sum, r) => sum + r.amount, 0) / 100).toBe(booking.price);
    const mails = await mailsAbout(id);
    expect(mails.filter((m) => m.kind === 'support-booking-notice')).toHaveLength(1);
    expect(mails.find((m) => m.kind === 'booking-canceled')!.body).toContain(
      'cancelled by Gallop support',
    );
  }, 120_000);
});

describe('a refund the provider does not take at once', () => {
  it('is kept pending by the committed cancel and sent once by the booking job', async () => {
    const { id, booking } = await paidBooking('strict', 5);
    const sandbox = sandboxProvider(db);
    // The provider is down between the commit and the refund call (as if the process died there).
    const down = { ...sandbox, refund: () => Promise.reject(new Error('provider unreachable')) };
    const now = new Date();
    const result = await cancelAndSettle(
      { db, payments: bookingPayments(db, down), publicUrl },
      id,
      {
        event: 'organizer-cancels',
        actor: 'organizer',
        now,
        changes: () => ({ cancelMessage: 'Storm damage', canceledAt: now }),
        notify: { publicUrl },
      },
    );
    expect(result.kind).toBe('moved');
    const pending = await db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(pending.map((r) => r.status)).toEqual([1]);
    // The job's retries, twice at once: the provider refunds once per refund id.
    await Promise.all([sendRefunds(db, sandbox), sendRefunds(db, sandbox)]);
    const sent = await db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(sent.map((r) => r.status)).toEqual([2]);
    const books = await providerBooksOf(db, id);
    expect(books.refunded / 100).toBe(booking.price);
  }, 120_000);
});
