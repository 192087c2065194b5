/**
 * The organizer's decisions are safe to retry (decision 167): "Cancel this date", "Run this date"
 * and the cancel of one booking sent with an `Idempotency-Key` — 10 at once, then again later —
 * are done once and answered alike: one cancellation or guarantee, one set of notices, one refund,
 * settled at the provider by one request only. The same key with another reason is a 422; a
 * repeat without a key stays the 409. On PostgreSQL (CI) the requests really overlap and run
 * several rounds; on PGlite they run one after another and the same assertions hold.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingRequests,
  outbox,
  refunds,
  sandboxRefunds,
  tourDates,
} from '#src/db/schema/index.ts';
import { bookingPayments, sandboxProvider, TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { cancelDeparture } from './departures.ts';
import type { BookingPayments } from './payments-port.ts';
import {
  book,
  dateWithSeats,
  messagesAbout,
  messagesOfDate,
  signUp,
  tallyStatuses,
  type TourDateRow,
  organizerMemberOf,
} from './testing-scratch.ts';

const { app, db } = scratchAppForFile('organizer_retries', {
  PUBLIC_WRITE_LIMIT: '1000000',
  PUBLIC_URL: 'http://web.test',
  BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
  PAYMENT_SANDBOX_SECRET: 'payment-secret-for-organizer-retries',
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 2 : 1;
const AT_ONCE = 10;
const REASON = 'The guides are not available';
const KEY_REUSED = 'This Idempotency-Key was already used for another request';
const auth = (token: string) => ({ 'x-authorization': `Bearer ${token}` });

/** An organizer-area call, with `key` as its `Idempotency-Key` when given. */
async function post(token: string, path: string, payload: object, key?: string) {
  const operation = {
    'departure/guarantee': 'guaranteeOrganizerDeparture',
    'departure/cancel': 'cancelOrganizerDeparture',
    'booking/cancel': 'cancelOrganizerBooking',
  }[path] as 'cancelOrganizerBooking';
  const response = await app().inject({
    method: 'POST',
    url: `/crm/api/partner/${path}`,
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
  return { status: response.statusCode, body: expectContractResponse(response, operation) as Json };
}

/** `AT_ONCE` identical calls at once: each answered 200 with one body. */
async function sentAtOnce(send: () => Promise<{ status: number; body: Json }>) {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, send));
  expect(tallyStatuses(answers)).toEqual({ 200: AT_ONCE });
  for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
  return answers[0]!.body;
}

/** An account made a member of the organizer of `date`'s tour. */
const memberOf = (date: Pick<TourDateRow, 'tourId'>) => organizerMemberOf(app(), db(), date);

/** A booking confirmed on `date` (guaranteed for the moment) and paid its prepayment (3). */
async function paidBookingOn(date: Pick<TourDateRow, 'id' | 'tourId'>) {
  const traveller = await signUp(app());
  const made = await book(app(), date, traveller);
  expect(made.body.status).toBe(2);
  const started = await app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: auth(traveller.token),
    payload: { request_id: made.body.id, payment_type: 'prepayment', payment_method: 'card' },
  });
  const redirect = started.json().redirect_url as string;
  expect((await submitCard(app(), redirect, TEST_CARDS.success)).statusCode).toBe(303);
  const [row] = await db()
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.id, made.body.id as number));
  expect(row).toMatchObject({ status: 3 });
  return row!;
}

/** A not-guaranteed date with a paid booking (made before it was left undecided) and requests. */
async function undecidedDateWithBookings(waiting: number) {
  const date = await dateWithSeats(db(), 20, used);
  const paid = await paidBookingOn(date);
  await db().update(tourDates).set({ notGuaranteed: true }).where(eq(tourDates.id, date.id));
  for (let i = 0; i < waiting; i += 1) {
    expect((await book(app(), date, await signUp(app()))).body.status).toBe(1);
  }
  const bookings = await db()
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.tourDateId, date.id));
  return { date, paid, bookings, member: await memberOf(date) };
}

async function outboxSize() {
  const [row] = await db().select({ n: count() }).from(outbox);
  return row!.n;
}

/** The refunds recorded for booking `id`, with the provider's record of each. */
const refundsOf = (id: number) =>
  db()
    .select({ refund: refunds, sent: sandboxRefunds })
    .from(refunds)
    .leftJoin(sandboxRefunds, eq(sandboxRefunds.refundKey, sql`${refunds.id}::text`))
    .where(eq(refunds.requestId, id));

/** Booking payments that count the refunds each caller sends. */
function countingPayments(): BookingPayments & { refundsSent: number[] } {
  const real = bookingPayments(db(), sandboxProvider(db()));
  const refundsSent: number[] = [];
  return {
    ...real,
    refundsSent,
    sendRefunds: (ids) => {
      refundsSent.push(...(ids ?? []));
      return real.sendRefunds(ids);
    },
  };
}

/** Same key, another reason: the 422 names the key. */
async function expectKeyRefused(answer: { status: number; body: Json }) {
  expect(answer.status).toBe(422);
  expect(answer.body.message).toBe(KEY_REUSED);
}

describe('"Cancel this date" with an Idempotency-Key', () => {
  it(`cancels once for ${AT_ONCE} calls at once and a later retry, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { date, paid, bookings, member } = await undecidedDateWithBookings(2);
      const key = randomUUID();
      const payments = countingPayments();
      const deps = {
        db: db(),
        publicUrl: 'http://web.test',
        holdHours: 72,
        now: () => new Date(),
        payments,
        linkSecret: () => 'booking-link-secret-for-tests',
      };
      const call = { userId: member.userId, dateId: date.id, reason: REASON, idempotencyKey: key };
      // The service itself, so the refunds each request sends after the commit are counted.
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, () => cancelDeparture(deps, call)),
      );
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ id: date.id, cancelled: true, can_decide: false });

      // One cancellation: every booking ended once, each traveller and the organizer told once.
      for (const booking of bookings) {
        const [row] = await db()
          .select()
          .from(bookingRequests)
          .where(eq(bookingRequests.id, booking.id));
        expect(row).toMatchObject({ status: 6, cancelMessage: REASON });
        expect(await messagesAbout(db(), booking.id, 'date-cancelled')).toHaveLength(1);
      }
      expect(await messagesOfDate(db(), date.id, 'organizer-date-cancelled')).toHaveLength(1);
      // One refund of everything paid, sent to the provider by one request only.
      const sent = await refundsOf(paid.id);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.refund).toMatchObject({ amount: paid.paid, status: 2 });
      expect(sent[0]!.sent).not.toBeNull();
      expect(payments.refundsSent).toEqual([sent[0]!.refund.id]);

      // Later, over HTTP: the same answer; nothing more told. Another reason: 422. No key: 409.
      const mails = await outboxSize();
      const replay = await post(
        member.token,
        'departure/cancel',
        { id: date.id, reason: REASON },
        key,
      );
      expect(replay).toEqual({ status: 200, body: answers[0] });
      const otherReason = { id: date.id, reason: 'Another reason' };
      await expectKeyRefused(await post(member.token, 'departure/cancel', otherReason, key));
      const again = await post(member.token, 'departure/cancel', { id: date.id, reason: REASON });
      expect(again).toMatchObject({ status: 409, body: { message: 'This date was cancelled' } });
      expect(await outboxSize()).toBe(mails);
      expect(await refundsOf(paid.id)).toHaveLength(1);
    }
  }, 240_000);
});

describe('"Run this date" with an Idempotency-Key', () => {
  it(`guarantees once for ${AT_ONCE} calls at once and a later retry`, async () => {
    const date = await dateWithSeats(db(), 10, used, { guaranteed: false });
    const travellers = [await signUp(app()), await signUp(app())];
    const requests = await Promise.all(travellers.map((traveller) => book(app(), date, traveller)));
    const member = await memberOf(date);
    const key = randomUUID();
    const run = () => post(member.token, 'departure/guarantee', { id: date.id }, key);

    const answer = await sentAtOnce(run);
    expect(answer).toMatchObject({ id: date.id, guaranteed: true, can_decide: false });
    for (const request of requests) {
      const id = request.body.id as number;
      const [row] = await db().select().from(bookingRequests).where(eq(bookingRequests.id, id));
      expect(row!.status).toBe(2);
      expect(await messagesAbout(db(), id, 'date-guaranteed')).toHaveLength(1);
    }
    expect(await messagesOfDate(db(), date.id, 'organizer-date-guaranteed')).toHaveLength(1);

    // Another request (another date of the tour) with the member's key.
    const other = await dateWithSeats(db(), 10, used, { guaranteed: false });
    await db().update(tourDates).set({ tourId: date.tourId }).where(eq(tourDates.id, other.id));
    const mails = await outboxSize();
    expect(await run()).toEqual({ status: 200, body: answer });
    const again = await post(member.token, 'departure/guarantee', { id: date.id });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This date is already guaranteed' },
    });
    await expectKeyRefused(await post(member.token, 'departure/guarantee', { id: other.id }, key));
    expect(await outboxSize()).toBe(mails);

    // Another member's key is theirs: the same key runs their date.
    const otherMember = await memberOf(date);
    const theirs = await post(otherMember.token, 'departure/guarantee', { id: other.id }, key);
    expect(theirs).toMatchObject({ status: 200, body: { id: other.id, guaranteed: true } });
  }, 120_000);
});

describe("The organizer's cancel of a booking with an Idempotency-Key", () => {
  it(`cancels once for ${AT_ONCE} calls at once and a later retry, refunding once`, async () => {
    const date = await dateWithSeats(db(), 10, used);
    const paid = await paidBookingOn(date);
    const member = await memberOf(date);
    const key = randomUUID();
    const cancel = () => post(member.token, 'booking/cancel', { id: paid.id, reason: REASON }, key);

    const answer = await sentAtOnce(cancel);
    expect(answer).toMatchObject({ id: paid.id, status: 6 });
    expect(await messagesAbout(db(), paid.id, 'booking-canceled')).toHaveLength(1);
    const sent = await refundsOf(paid.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.refund).toMatchObject({ amount: paid.paid, status: 2 });
    expect(sent[0]!.sent).not.toBeNull();

    const mails = await outboxSize();
    expect(await cancel()).toEqual({ status: 200, body: answer });
    const otherReason = { id: paid.id, reason: 'Another reason' };
    await expectKeyRefused(await post(member.token, 'booking/cancel', otherReason, key));
    expect(await outboxSize()).toBe(mails);
    expect(await refundsOf(paid.id)).toHaveLength(1);
  }, 120_000);
});
