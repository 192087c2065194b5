import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { outbox, payments, refunds, tourDates } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { signUp } from '#src/testing/sign-up.ts';
import { findBookableDate } from '#src/modules/bookings/testing.ts';
import { dateWithSeats } from '#src/modules/bookings/testing-scratch.ts';
import { CHALLENGE_CODE } from './sandbox-page.ts';
import { chargeSandboxPayment } from './sandbox-ledger.ts';
import { hostedPage, submitCard as submitCardTo } from './testing.ts';
import { cardOutcome, outcomeToken, signCallback, TEST_CARDS } from './sandbox-provider.ts';

let testApp: TestApp;
let db: Database;
/** The app's PAYMENT_SANDBOX_SECRET: the provider's callbacks are signed with it here. */
const SECRET = 'payment-secret-for-tests';

beforeAll(async () => {
  testApp = await buildTestApp({
    PUBLIC_WRITE_LIMIT: '1000',
    PUBLIC_URL: 'http://web.test',
    PAYMENT_SANDBOX_SECRET: SECRET,
  });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);

/** A signed-in traveller with a confirmed (payable) booking on a guaranteed date. */
async function payableBooking() {
  const email = `payer-${randomUUID()}@example.com`;
  const session = await signUp(testApp.app, { email, firstName: 'Pia', lastName: 'Lund' });
  const date = await findBookableDate(db);
  const { body: booking } = await call('createBookingRequest', 'POST', '/crm/api/request/create', {
    token: session.token,
    payload: {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: [{ first_name: 'Pia', last_name: 'Lund' }],
      contact: { name: 'Pia Lund', email, phone: '+4790000000' },
    },
  });
  expect(booking.can_pay).toBe(true);
  return { token: session.token, booking };
}

const DAY_MS = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * `payableBooking` on a new date whose balance is due in `days` days (30 full-payment days before
 * a start `days + 30` days ahead), its prepayment still to pay.
 */
async function payableBookingDueIn(days: number) {
  const copy = await dateWithSeats(db, 10, new Set());
  const [date] = await db
    .update(tourDates)
    .set({ startDate: dayIn(days + 30), endDate: dayIn(days + 36), fullPaymentDays: 30 })
    .where(eq(tourDates.id, copy.id))
    .returning();
  const email = `payer-${randomUUID()}@example.com`;
  const session = await signUp(testApp.app, { email, firstName: 'Pia', lastName: 'Lund' });
  const { body: booking } = await call('createBookingRequest', 'POST', '/crm/api/request/create', {
    token: session.token,
    payload: {
      tour_id: date!.tourId,
      tour_date_id: date!.id,
      tourists: [{ first_name: 'Pia', last_name: 'Lund' }],
      contact: { name: 'Pia Lund', email, phone: '+4790000000' },
    },
  });
  expect(booking).toMatchObject({ can_pay: true, balance_due_by: dayIn(days) });
  expect(booking.prepayment).toBeLessThan(booking.price);
  return { token: session.token, booking };
}

const start = (token: string, payload: object) =>
  call('startPayment', 'POST', '/crm/api/payment/start', { token, payload });

const submitCard = (redirectUrl: string, card: string, extra: Record<string, string> = {}) =>
  submitCardTo(testApp.app, redirectUrl, card, extra);

describe('the sandbox provider', () => {
  it('knows its test cards and refuses numbers that fail the checksum', () => {
    expect(cardOutcome(TEST_CARDS.success)).toBe('success');
    expect(cardOutcome('4242 4242 4242 4242')).toBe('success');
    expect(cardOutcome(TEST_CARDS.decline)).toBe('decline');
    expect(cardOutcome(TEST_CARDS.challenge)).toBe('challenge');
    expect(cardOutcome('4242424242424241')).toBe('invalid');
    expect(cardOutcome('12ab')).toBe('invalid');
  });
});

describe('paying a booking', () => {
  it('pays the prepayment on the hosted page, then the rest', async () => {
    const { token, booking } = await payableBooking();
    const started = await start(token, {
      request_id: booking.id,
      payment_type: 'prepayment',
      payment_method: 'card',
    });
    expect(started.status).toBe(200);
    expect(started.body.payment).toMatchObject({
      request_id: booking.id,
      status: 1,
      amount: booking.prepayment,
      currency: booking.currency,
      provider_id: 4,
    });
    expect(started.body.redirect_url).toMatch(/^http:\/\/web\.test\/crm\/api\/payment\/sandbox\//);
    // Starting again answers the same unpaid payment.
    const again = await start(token, {
      request_id: booking.id,
      payment_type: 'prepayment',
      payment_method: 'card',
    });
    expect(again.body.payment.id).toBe(started.body.payment.id);

    const { path, token: pageKey } = hostedPage(started.body.redirect_url);
    const pageHtml = await testApp.app.inject({ url: `${path}?token=${pageKey}` });
    expect(pageHtml.statusCode).toBe(200);
    expect(pageHtml.body).toContain('Card number');
    const forged = await testApp.app.inject({ url: `${path}?token=${'0'.repeat(32)}` });
    expect(forged.statusCode).toBe(404);

    const bad = await submitCard(started.body.redirect_url, '1234567812345678');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Please check the card number.');

    const paid = await submitCard(started.body.redirect_url, TEST_CARDS.success);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://web.test/success?request_id=${booking.id}&payment_id=${started.body.payment.id}&token=${outcomeToken(started.body.payment.id, SECRET)}`,
    );
    const status = await call(
      'getPaymentStatus',
      'GET',
      `/crm/api/payment/status?payment_id=${started.body.payment.id}`,
      { token },
    );
    expect(status.body).toMatchObject({ status: 2, card_last4: '4242' });
    const after = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${booking.id}`, {
      token,
    });
    expect(after.body).toMatchObject({
      status: 3,
      contract_status: 1,
      paid: booking.prepayment,
      can_pay: true,
    });
    // The receipt mail says what is left and by when, in words (never 2027-01-01).
    const [received] = await db
      .select()
      .from(outbox)
      .where(
        sql`${outbox.kind} = 'payment-received' and (${outbox.payload}->>'requestId')::int = ${booking.id}`,
      );
    expect(received!.body).toMatch(
      /is left to pay (by \d{1,2} [A-Z][a-z]+ \d{4}; we remind you 7 and 2 days before|before the tour)\./,
    );
    expect(received!.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // A paid payment's page only sends the traveller to the outcome again.
    const replay = await submitCard(started.body.redirect_url, TEST_CARDS.success);
    expect(replay.statusCode).toBe(303);

    const noSecondPrepayment = await start(token, {
      request_id: booking.id,
      payment_type: 'prepayment',
      payment_method: 'card',
    });
    expect(noSecondPrepayment.status).toBe(422);
    const rest = await start(token, {
      request_id: booking.id,
      payment_type: 'payment',
      payment_method: 'card',
    });
    expect(rest.body.payment.amount).toBeCloseTo(booking.price - booking.prepayment, 2);
    await submitCard(rest.body.redirect_url, TEST_CARDS.success);
    const done = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${booking.id}`, {
      token,
    });
    expect(done.body).toMatchObject({ paid: booking.price, can_pay: false });
  });

  it('promises in its receipt only the balance reminders still ahead', async () => {
    const receiptAfterPrepayment = async (dueInDays: number) => {
      const { token, booking } = await payableBookingDueIn(dueInDays);
      const started = await start(token, {
        request_id: booking.id,
        payment_type: 'prepayment',
        payment_method: 'card',
      });
      await submitCard(started.body.redirect_url, TEST_CARDS.success);
      const [received] = await db
        .select()
        .from(outbox)
        .where(
          sql`${outbox.kind} = 'payment-received' and (${outbox.payload}->>'requestId')::int = ${booking.id}`,
        );
      return received!.body;
    };
    // Due in 2 days (the probe's 7 Dec for 9 Dec): both reminders' days have come.
    const late = await receiptAfterPrepayment(2);
    expect(late).toMatch(/is left to pay by \d{1,2} [A-Z][a-z]+ \d{4}\.\n/);
    expect(late).not.toContain('remind');
    // Due in 7 days: the 7-day reminder's day is today, the 2-day one ahead.
    expect(await receiptAfterPrepayment(7)).toMatch(
      /by \d{1,2} [A-Z][a-z]+ \d{4}; we remind you 2 days before\./,
    );
    // Due in 8 days: both ahead.
    expect(await receiptAfterPrepayment(8)).toMatch(
      /by \d{1,2} [A-Z][a-z]+ \d{4}; we remind you 7 and 2 days before\./,
    );
  });

  it('declines, cancels and runs the 3-D Secure challenge', async () => {
    const { token, booking } = await payableBooking();
    const first = await start(token, {
      request_id: booking.id,
      payment_type: 'full',
      payment_method: 'card',
      idempotency_key: 'try-1',
    });
    const declined = await submitCard(first.body.redirect_url, TEST_CARDS.decline);
    expect(declined.headers.location).toContain('/payment-failed?request_id=');
    // The payment says why it took nothing (the organizer's list names it).
    const status = await call(
      'getPaymentStatus',
      'GET',
      `/crm/api/payment/status?payment_id=${first.body.payment.id}`,
      { token },
    );
    expect(status.body).toMatchObject({ status: 3, failure_reason: 'declined' });
    const second = await start(token, {
      request_id: booking.id,
      payment_type: 'full',
      payment_method: 'card',
      idempotency_key: 'try-2',
    });
    expect(second.body.payment.id).not.toBe(first.body.payment.id);
    const challenge = await submitCard(second.body.redirect_url, TEST_CARDS.challenge);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('Confirm with your bank');
    const { path, token: pageKey } = hostedPage(second.body.redirect_url);
    const confirmed = await testApp.app.inject({
      method: 'POST',
      url: `${path}/challenge`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: pageKey,
        last4: '3220',
        code: CHALLENGE_CODE,
      }).toString(),
    });
    expect(confirmed.headers.location).toContain('/success?');
    const after = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${booking.id}`, {
      token,
    });
    expect(after.body).toMatchObject({ paid: booking.price, status: 3, can_pay: false });
    // The same key answers the same (now paid) payment, and sends the traveller to its outcome.
    const repeat = await start(token, {
      request_id: booking.id,
      payment_type: 'full',
      payment_method: 'card',
      idempotency_key: 'try-2',
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body.payment).toMatchObject({ id: second.body.payment.id, status: 2 });
    expect(repeat.body.redirect_url).toContain('/success?');
    // Without the key, nothing is due any more.
    const unkeyed = await start(token, {
      request_id: booking.id,
      payment_type: 'full',
      payment_method: 'card',
    });
    expect(unkeyed.status).toBe(422);
  });

  it('accepts only signed callbacks, once', async () => {
    const { token, booking } = await payableBooking();
    const started = await start(token, {
      request_id: booking.id,
      payment_type: 'prepayment',
      payment_method: 'card',
    });
    const payment = started.body.payment;
    const [stored] = await db
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.id, payment.id));
    const providerPaymentId = stored!.providerPaymentId;
    const fields = {
      payment_id: payment.id,
      provider_payment_id: providerPaymentId,
      status: 'succeeded' as const,
      card_last4: '1881',
    };
    const forged = await call('paymentProviderCallback', 'POST', '/crm/api/payment/callback/4', {
      payload: { ...fields, signature: 'f'.repeat(64) },
    });
    expect(forged.status).toBe(403);
    const signature = signCallback(fields, SECRET);
    for (let i = 0; i < 2; i += 1) {
      const ok = await call('paymentProviderCallback', 'POST', '/crm/api/payment/callback/4', {
        payload: { ...fields, signature },
      });
      expect(ok.status).toBe(200);
    }
    const after = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${booking.id}`, {
      token,
    });
    expect(after.body.paid).toBe(booking.prepayment);
    const otherProvider = await call(
      'paymentProviderCallback',
      'POST',
      '/crm/api/payment/callback/2',
      {
        payload: { ...fields, signature },
      },
    );
    expect(otherProvider.status).toBe(404);
  });

  it('never revives a booking cancelled while its payment was open, and refunds what arrives', async () => {
    const { token, booking } = await payableBooking();
    const started = await start(token, {
      request_id: booking.id,
      payment_type: 'full',
      payment_method: 'card',
    });
    const [stored] = await db
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.id, started.body.payment.id));
    // The payer completed the card page; the provider's notice has not arrived yet.
    expect(await chargeSandboxPayment(db, stored!.providerPaymentId, 'succeeded', '4242')).toBe(
      true,
    );
    const canceled = await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
      token,
      payload: { id: booking.id },
    });
    expect(canceled.status).toBe(200);
    // The void found the money moved: all of it goes back, the booking stays cancelled.
    const after = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${booking.id}`, {
      token,
    });
    expect(after.body).toMatchObject({
      status: 5,
      contract_status: 2,
      paid: 0,
      refunded: booking.price,
    });
    const [refund] = await db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, started.body.payment.id));
    expect(refund).toMatchObject({
      amount: booking.price * 100,
      status: 2,
      reason: 'booking-closed',
    });
    // The provider's late notice changes nothing more.
    const fields = {
      payment_id: started.body.payment.id,
      provider_payment_id: stored!.providerPaymentId,
      status: 'succeeded' as const,
      card_last4: '4242',
    };
    const late = await call('paymentProviderCallback', 'POST', '/crm/api/payment/callback/4', {
      payload: { ...fields, signature: signCallback(fields, SECRET) },
    });
    expect(late.status).toBe(200);
    const unchanged = await call(
      'getBookingRequest',
      'GET',
      `/crm/api/request/get?id=${booking.id}`,
      { token },
    );
    expect(unchanged.body).toMatchObject({ paid: 0, refunded: booking.price });

    // A second booking cancelled before paying: its page refuses and takes nothing.
    const other = await payableBooking();
    const open = await start(other.token, {
      request_id: other.booking.id,
      payment_type: 'full',
      payment_method: 'card',
    });
    await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
      token: other.token,
      payload: { id: other.booking.id },
    });
    const refused = await submitCard(open.body.redirect_url, TEST_CARDS.success);
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain('This payment is no longer open');
    const status = await call(
      'getPaymentStatus',
      'GET',
      `/crm/api/payment/status?payment_id=${open.body.payment.id}`,
      { token: other.token },
    );
    expect(status.body.status).toBe(3);
  });

  it('keeps other travellers out and refuses a cancelled booking', async () => {
    const owner = await payableBooking();
    const stranger = await payableBooking();
    const foreign = await start(stranger.token, {
      request_id: owner.booking.id,
      payment_type: 'full',
      payment_method: 'card',
    });
    expect(foreign.status).toBe(403);
    const anonymous = await call('startPayment', 'POST', '/crm/api/payment/start', {
      payload: { request_id: owner.booking.id, payment_type: 'full', payment_method: 'card' },
    });
    expect(anonymous.status).toBe(401);
    await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
      token: owner.token,
      payload: { id: owner.booking.id },
    });
    const canceled = await start(owner.token, {
      request_id: owner.booking.id,
      payment_type: 'full',
      payment_method: 'card',
    });
    expect(canceled.status).toBe(409);
    expect(canceled.body.message).toBe('This booking cannot be paid now');
  });
});
