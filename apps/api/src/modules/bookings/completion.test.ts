/**
 * After the trip (decisions: "Booking lifecycle", 3 → 4), on a scratch database: the booking job
 * completes each prepaid booking whose tour has ended and invites its traveller to review it,
 * once; unpaid, cancelled and not-yet-ended bookings stay as they are.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tourDates } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { bookingPayments, TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import { completeEndedTours } from './completion.ts';
import { runBookingJob } from './expiry.ts';
import { book, dateWithSeats, messagesAbout, signUp, type TourDateRow } from './testing-scratch.ts';
import { money } from './wording.ts';

const PUBLIC_URL = 'http://web.test';
let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('completion', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL,
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-completion-tests',
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

/** A signed-in traveller's confirmed booking on a date of its own (status 2, nothing paid). */
async function confirmed() {
  const date = await dateWithSeats(db, 10, used);
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, traveller);
  expect(status).toBe(201);
  expect(body.status).toBe(2);
  return { date, token: traveller.token, email: traveller.email, id: body.id as number };
}

/**
 * `confirmed()` with its prepayment (or, `full`, the whole price) paid through the sandbox's card
 * page (status 3).
 */
async function prepaid(paymentType: 'prepayment' | 'full' = 'prepayment') {
  const booking = await confirmed();
  const started = await api('POST', '/crm/api/payment/start', booking.token, {
    request_id: booking.id,
    payment_type: paymentType,
    payment_method: 'card',
  });
  expect(started.status).toBe(200);
  const paid = await submitCard(app(), started.body.redirect_url as string, TEST_CARDS.success);
  expect(paid.statusCode).toBe(303);
  expect(await statusOf(booking.id)).toBe(3);
  return booking;
}

const DAY = 86_400_000;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** Moves `date` so that its tour ran from 6 to 2 days ago. */
async function endInThePast(date: TourDateRow) {
  await db
    .update(tourDates)
    .set({ startDate: isoDay(-6), endDate: isoDay(-2) })
    .where(eq(tourDates.id, date.id));
}

const statusOf = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!.status;

const invitationsTo = (id: number) => messagesAbout(db, id, 'review-invitation');

describe('the tour ends', () => {
  it('completes an ended prepaid booking and invites its traveller to review it, once', async () => {
    const booking = await prepaid();
    await endInThePast(booking.date);

    expect(await completeEndedTours(db, { publicUrl: PUBLIC_URL })).toBeGreaterThanOrEqual(1);
    expect(await statusOf(booking.id)).toBe(4);
    const invitations = await invitationsTo(booking.id);
    expect(invitations).toHaveLength(1);
    const [invitation] = invitations;
    expect(invitation).toMatchObject({ channel: 'email', recipient: booking.email });
    const uuid = (
      await db.select().from(bookingRequests).where(eq(bookingRequests.id, booking.id))
    )[0]!.uuid;
    expect(invitation!.body).toContain(`${PUBLIC_URL}/review/${uuid}`);

    // The traveller's booking shows it complete, no longer cancellable.
    const shown = await api('GET', `/crm/api/request/get?id=${booking.id}`, booking.token);
    expect(shown.body).toMatchObject({ status: 4, can_cancel: false, can_pay: false });
    // And it can be reviewed.
    const review = await app().inject({ url: `/crm/api/review/get-by-uuid?uuid=${uuid}` });
    expect(review.statusCode).toBe(200);

    // A second run moves nothing and invites nobody again.
    expect(await completeEndedTours(db, { publicUrl: PUBLIC_URL })).toBe(0);
    expect(await statusOf(booking.id)).toBe(4);
    expect(await invitationsTo(booking.id)).toHaveLength(1);
  });

  it('leaves unpaid, cancelled and not-yet-ended bookings as they are', async () => {
    const unpaid = await confirmed();
    await endInThePast(unpaid.date);
    const cancelled = await prepaid();
    // Cancelled by the traveller after paying (how it was cancelled is not this test's concern).
    await db.update(bookingRequests).set({ status: 5 }).where(eq(bookingRequests.id, cancelled.id));
    await endInThePast(cancelled.date);
    const ahead = await prepaid();

    await completeEndedTours(db, { publicUrl: PUBLIC_URL });
    expect(await statusOf(unpaid.id)).toBe(2);
    expect(await statusOf(cancelled.id)).toBe(5);
    expect(await statusOf(ahead.id)).toBe(3);
    for (const id of [unpaid.id, cancelled.id, ahead.id]) {
      expect(await invitationsTo(id)).toHaveLength(0);
    }
  });

  it('tells the organizer of a balance never paid, and says nothing of one when all is paid', async () => {
    const partly = await prepaid();
    const whole = await prepaid('full');
    await endInThePast(partly.date);
    await endInThePast(whole.date);
    await completeEndedTours(db, { publicUrl: PUBLIC_URL });

    const endNotice = async (id: number) => {
      const notices = await messagesAbout(db, id, 'organizer-booking-notice');
      const ended = notices.filter((notice) => (notice.payload as Json).event === 'tour-ends');
      expect(ended).toHaveLength(1);
      return ended[0]!.body;
    };
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, partly.id));
    expect(row!.paid).toBeGreaterThan(0);
    expect(row!.paid).toBeLessThan(row!.price);
    const amount = (minor: number) => money(minor, row!.currency);
    expect(await endNotice(partly.id)).toContain(
      `Its balance was never paid: ${amount(row!.paid)} of ${amount(row!.price)} is paid, ${amount(row!.price - row!.paid)} is not.`,
    );
    expect(await endNotice(whole.id)).not.toContain('never paid');
  });

  it('runs in the booking job', async () => {
    const booking = await prepaid();
    await endInThePast(booking.date);
    await runBookingJob(db, { publicUrl: PUBLIC_URL, payments: bookingPayments(db) });
    expect(await statusOf(booking.id)).toBe(4);
    expect(await invitationsTo(booking.id)).toHaveLength(1);
  });
});
