/**
 * Reconciliation with the provider (`reconciliation.ts`), on a scratch database: a payment the
 * provider settled while Gallop never recorded it (the process died between the hosted page's
 * charge and its application) is found by asking the provider, and applied once however many
 * API processes reconcile, read its status or catch up on the page at the same time (on
 * PostgreSQL they really overlap). The crash itself: `bookings/crash-payments.test.ts`.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, payments, refunds } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { findRequest } from '#src/modules/bookings/index.ts';
import {
  book,
  cancelCommittedOnly,
  dateWithSeats,
  signUp,
} from '#src/modules/bookings/testing-scratch.ts';
import { bookingPayments } from './booking-payments.ts';
import { settlePayment, startPaymentOf } from './payments.ts';
import { providerPayment, type PaymentProvider } from './provider.ts';
import { toProviderAmount } from './provider-amounts.ts';
import {
  readThroughProvider,
  RECONCILE_GRACE_MS,
  reconcileOpenPayments,
} from './reconciliation.ts';
import { chargeSandboxPayment, sandboxPayment, sandboxProvider } from './sandbox-ledger.ts';
import { signCallback } from './sandbox-provider.ts';
import { hostedPage, providerBooksOf } from './testing.ts';

const PUBLIC_URL = 'http://web.test';
const MINUTE = 60_000;

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 3 : 1;

beforeAll(async () => {
  scratch = await buildScratchApp('reconciliation', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL,
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-reconciliation',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

/** The settling the booking job gives reconciliation, over `provider` (the sandbox by default). */
const settling = (provider: PaymentProvider = sandboxProvider(db)) => ({
  db,
  provider,
  publicUrl: PUBLIC_URL,
});

/**
 * A signed-in traveller's confirmed one-rider booking and its payment (full unless `type` says
 * otherwise), started through the API (so opened at the provider): the payment row, the booking
 * and the traveller's token.
 */
async function startedPayment(type: 'full' | 'prepayment' = 'full') {
  const date = await dateWithSeats(db, 10, used);
  const traveller = await signUp(app());
  const booked = await book(app(), date, { ...traveller, riders: 1 });
  expect(booked.status).toBe(201);
  const started = await app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: { 'x-authorization': `Bearer ${traveller.token}` },
    payload: { request_id: booked.body.id, payment_type: type, payment_method: 'card' },
  });
  expect(started.statusCode).toBe(200);
  const body = started.json() as { payment: { id: number }; redirect_url: string };
  const [payment] = await db.select().from(payments).where(eq(payments.id, body.payment.id));
  return {
    payment: payment!,
    bookingId: booked.body.id as number,
    dateId: date.id,
    token: traveller.token,
    email: traveller.email,
    redirectUrl: body.redirect_url,
  };
}

type Started = Awaited<ReturnType<typeof startedPayment>>;

/** The hosted page settled the payment at the provider; the process died before Gallop heard. */
const settledAtProviderOnly = (started: Started, result: 'succeeded' | 'declined' = 'succeeded') =>
  chargeSandboxPayment(db, started.payment.providerPaymentId, result, '4242');

const paymentOf = async (id: number) =>
  (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
const bookingOf = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;

/** The payment e-mails about these bookings, by booking. */
async function paymentMails(bookingIds: number[]) {
  const rows = await db
    .select({ kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        inArray(outbox.kind, ['payment-received', 'payment-refunded']),
        inArray(sql`(${outbox.payload}->>'requestId')::int`, bookingIds),
      ),
    );
  return rows.map((row) => ({ kind: row.kind, requestId: (row.payload as Json).requestId }));
}

/** Three minutes on: past the grace of every payment started so far. */
const pastGrace = () => new Date(Date.now() + RECONCILE_GRACE_MS + MINUTE);

describe('reconciling open payments with the provider', () => {
  it('credits each charge whose recording was lost once, with processes, status reads and pages racing', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const all = await Promise.all(Array.from({ length: 6 }, () => startedPayment()));
      const charged = all.slice(0, 4);
      for (const started of charged) await settledAtProviderOnly(started);
      const ids = all.map((started) => started.bookingId);

      // Within the grace the payer may still be on the page: nothing is asked or applied.
      expect(await reconcileOpenPayments(settling())).toBe(0);
      expect((await paymentOf(charged[0]!.payment.id)).status).toBe(1);

      // Four processes' job rounds, the travellers' status reads and a reopened page at once.
      const now = pastGrace();
      const [jobs] = await Promise.all([
        Promise.all(Array.from({ length: 4 }, () => reconcileOpenPayments(settling(), { now }))),
        ...charged.map((started) =>
          app().inject({
            url: `/crm/api/payment/status?payment_id=${started.payment.id}`,
            headers: { 'x-authorization': `Bearer ${started.token}` },
          }),
        ),
        app().inject({
          url: `${hostedPage(charged[0]!.redirectUrl).path}?token=${hostedPage(charged[0]!.redirectUrl).token}`,
        }),
      ]);
      // Each payment was claimed by one process: the provider was asked about it once.
      expect(jobs.reduce((sum, settled) => sum + settled, 0)).toBeLessThanOrEqual(charged.length);

      for (const started of charged) {
        expect(await paymentOf(started.payment.id)).toMatchObject({
          status: 2,
          cardLast4: '4242',
          refunded: 0,
        });
        expect(await bookingOf(started.bookingId)).toMatchObject({
          status: 3,
          paid: started.payment.amount,
          refunded: 0,
        });
      }
      // The two still on the page stay open, their bookings unpaid.
      for (const started of all.slice(4)) {
        expect((await paymentOf(started.payment.id)).status).toBe(1);
        expect((await bookingOf(started.bookingId)).paid).toBe(0);
      }
      // One e-mail per charge, no refund, and the provider's books agree.
      const mails = await paymentMails(ids);
      expect(mails.map((mail) => mail.kind)).toEqual(charged.map(() => 'payment-received'));
      expect(new Set(mails.map((mail) => mail.requestId))).toEqual(
        new Set(charged.map((started) => started.bookingId)),
      );
      expect(await db.select().from(refunds).where(inArray(refunds.requestId, ids))).toEqual([]);
      for (const started of charged) {
        const books = await sandboxPayment(db, started.payment.providerPaymentId);
        expect(books).toMatchObject({ status: 'succeeded', refunded: 0 });
      }

      // Another round finds nothing more to apply.
      expect(await reconcileOpenPayments(settling(), { now: pastGrace() })).toBe(0);
    }
  });

  it('answers a status read with what the provider charged, at once', async () => {
    const started = await startedPayment();
    await settledAtProviderOnly(started);
    const read = await app().inject({
      url: `/crm/api/payment/status?payment_id=${started.payment.id}`,
      headers: { 'x-authorization': `Bearer ${started.token}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: started.payment.id, status: 2, card_last4: '4242' });
    const booking = await app().inject({
      url: `/crm/api/request/get?id=${started.bookingId}`,
      headers: { 'x-authorization': `Bearer ${started.token}` },
    });
    expect(booking.json()).toMatchObject({ status: 3, can_pay: false });
  });

  it('leaves a payment the provider cannot be asked about for a later round, and the others not', async () => {
    const [unanswered, answered] = [await startedPayment(), await startedPayment()];
    await settledAtProviderOnly(unanswered);
    await settledAtProviderOnly(answered);
    const sandbox = sandboxProvider(db);
    const down: PaymentProvider = {
      ...sandbox,
      status: (id) =>
        id === unanswered.payment.providerPaymentId
          ? Promise.reject(new Error('provider unreachable'))
          : sandbox.status(id),
    };
    // A status read answers what Gallop has, and says why in the log.
    const warned: object[] = [];
    const log = { warn: (details: object) => warned.push(details) };
    const read = await readThroughProvider({ ...settling(down), log }, unanswered.payment);
    expect(read.status).toBe(1);
    expect(warned).toHaveLength(1);

    await expect(reconcileOpenPayments(settling(down), { now: pastGrace() })).rejects.toThrow(
      'provider unreachable',
    );
    expect((await paymentOf(unanswered.payment.id)).status).toBe(1);
    expect((await paymentOf(answered.payment.id)).status).toBe(2);
    // A later round asks again, and applies it.
    await reconcileOpenPayments(settling(), { now: new Date(Date.now() + 20 * MINUTE) });
    expect((await paymentOf(unanswered.payment.id)).status).toBe(2);
  });

  it('applies a decline as a decline, and asks about a page still open less and less often', async () => {
    const declined = await startedPayment();
    await settledAtProviderOnly(declined, 'declined');
    const onPage = await startedPayment();
    const asked: string[] = [];
    const sandbox = sandboxProvider(db);
    const counting: PaymentProvider = {
      ...sandbox,
      status: (id) => {
        asked.push(id);
        return sandbox.status(id);
      },
    };
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    const askedAbout = (started: Started) =>
      asked.filter((id) => id === started.payment.providerPaymentId).length;

    await reconcileOpenPayments(settling(counting), { now: at(3) });
    expect(await paymentOf(declined.payment.id)).toMatchObject({
      status: 3,
      failureReason: 'declined',
    });
    expect((await bookingOf(declined.bookingId)).status).toBe(2);
    expect(askedAbout(onPage)).toBe(1);
    // Open for 3 minutes when asked: asked again 3 minutes later, not before.
    await reconcileOpenPayments(settling(counting), { now: at(5) });
    expect(askedAbout(onPage)).toBe(1);
    await reconcileOpenPayments(settling(counting), { now: at(7) });
    expect(askedAbout(onPage)).toBe(2);
    // Open for 7 minutes then: asked again 7 minutes later.
    await reconcileOpenPayments(settling(counting), { now: at(13) });
    expect(askedAbout(onPage)).toBe(2);
    await reconcileOpenPayments(settling(counting), { now: at(15) });
    expect(askedAbout(onPage)).toBe(3);
    expect((await paymentOf(onPage.payment.id)).status).toBe(1);
    expect(askedAbout(declined)).toBe(1);
  });
});

/**
 * Payments Gallop closed while the provider charged them: the process died between a start that
 * replaced the payment (or a cancel) and its void, so nothing asked the provider again.
 */
describe('reconciling payments Gallop closed without the provider confirming the void', () => {
  type Expected = 'credit' | 'refund' | 'nothing';
  interface Case {
    started: Started;
    expected: Expected;
  }

  /** A start of another payment committed, replacing `started`'s; the old one never voided. */
  async function replacedOnly(
    started: Started,
    type: 'full' | 'prepayment',
    method: 'card' | 'sbp',
  ) {
    const booking = (await findRequest(db, started.bookingId))!;
    const next = await startPaymentOf(db, {
      booking,
      type,
      method,
      key: null,
      now: new Date(),
      holdHours: 72,
    });
    expect(next.replaced.map((payment) => payment.id)).toEqual([started.payment.id]);
    return next.payment;
  }

  /** Charged at the provider, then replaced by a payment of another method. */
  async function chargedThenReplaced(): Promise<Case> {
    const started = await startedPayment();
    await settledAtProviderOnly(started);
    await replacedOnly(started, 'full', 'sbp');
    return { started, expected: 'credit' };
  }

  /** Charged at the provider, then the booking cancelled. */
  async function chargedThenCancelled(): Promise<Case> {
    const started = await startedPayment();
    await settledAtProviderOnly(started);
    expect((await cancelCommittedOnly(db, started.bookingId, PUBLIC_URL)).kind).toBe('moved');
    return { started, expected: 'refund' };
  }

  /** A prepayment charged at the provider, replaced by a full payment the traveller then paid. */
  async function chargedThenPaidOtherwise(): Promise<Case> {
    const started = await startedPayment('prepayment');
    await settledAtProviderOnly(started);
    const full = await replacedOnly(started, 'full', 'card');
    const sandbox = sandboxProvider(db);
    await sandbox.open(providerPayment(full));
    await chargeSandboxPayment(db, full.providerPaymentId, 'succeeded', '4242');
    await settlePayment(settling(), full, { status: 'succeeded', cardLast4: '4242' });
    expect(await bookingOf(started.bookingId)).toMatchObject({ paid: full.amount, status: 3 });
    return { started, expected: 'refund' };
  }

  /** Replaced before anything was paid: the void is owed to the provider, nothing else. */
  async function replacedUncharged(): Promise<Case> {
    const started = await startedPayment();
    await replacedOnly(started, 'full', 'sbp');
    return { started, expected: 'nothing' };
  }

  /** The provider's signed notice that `payment` succeeded, as its callback posts it. */
  function successCallback(payment: Started['payment']) {
    const fields = {
      payment_id: payment.id,
      provider_payment_id: payment.providerPaymentId,
      status: 'succeeded' as const,
      card_last4: '4242',
    };
    return app().inject({
      method: 'POST',
      url: '/crm/api/payment/callback/4',
      payload: { ...fields, signature: signCallback(fields, 'payment-secret-for-reconciliation') },
    });
  }

  /** E-mails to `email` queued after outbox row `after`. */
  const mailsTo = async (email: string, after: number) =>
    db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), gt(outbox.id, after)));

  /** The provider's books of a booking, in its minor units: charged less refunded. */
  async function providerBalance(bookingId: number) {
    const { charged, refunded } = await providerBooksOf(db, bookingId);
    return charged - refunded;
  }

  it(`credits or refunds each such charge once, with job rounds, status reads and callbacks racing, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const cases = [
        ...(await Promise.all([chargedThenReplaced(), chargedThenReplaced()])),
        ...(await Promise.all([chargedThenCancelled(), chargedThenCancelled()])),
        await chargedThenPaidOtherwise(),
        await replacedUncharged(),
      ];
      const [last] = await db
        .select({ id: sql<number>`max(${outbox.id})`.mapWith(Number) })
        .from(outbox);
      const mark = last!.id;

      // Four processes' job rounds, two status reads by each traveller and two of the
      // provider's callbacks, all at once.
      const now = pastGrace();
      const [, reads, callbacks] = await Promise.all([
        Promise.all(
          Array.from({ length: 4 }, () => bookingPayments(db).reconcile(PUBLIC_URL, now)),
        ),
        Promise.all(
          cases.flatMap(({ started }) =>
            [0, 1].map(() =>
              app().inject({
                url: `/crm/api/payment/status?payment_id=${started.payment.id}`,
                headers: { 'x-authorization': `Bearer ${started.token}` },
              }),
            ),
          ),
        ),
        // The callback of one of each pair came late; the others' were lost.
        Promise.all([cases[0]!, cases[2]!].map(({ started }) => successCallback(started.payment))),
      ]);
      expect(reads.map((read) => read.statusCode)).toEqual(reads.map(() => 200));
      expect(callbacks.map((answer) => answer.statusCode)).toEqual(callbacks.map(() => 200));

      for (const { started, expected } of cases) {
        const { amount } = started.payment;
        const payment = await paymentOf(started.payment.id);
        const booking = await bookingOf(started.bookingId);
        const refunded = await db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentId, started.payment.id));
        const mails = (await mailsTo(started.email, mark)).map((mail) => mail.kind);
        const books = await sandboxPayment(db, started.payment.providerPaymentId);
        if (expected === 'nothing') {
          expect(payment).toMatchObject({ status: 3, refunded: 0 });
          expect(payment.voidConfirmedAt).not.toBeNull();
          expect(books).toMatchObject({ status: 'voided', refunded: 0 });
          expect(booking).toMatchObject({ paid: 0, refunded: 0 });
          expect(refunded).toEqual([]);
          expect(mails).toEqual([]);
          continue;
        }
        if (expected === 'credit') {
          expect(payment).toMatchObject({ status: 2, cardLast4: '4242', refunded: 0 });
          expect(booking).toMatchObject({ status: 3, paid: amount, refunded: 0 });
          expect(refunded).toEqual([]);
          expect(books).toMatchObject({ status: 'succeeded', refunded: 0 });
          expect(mails).toEqual(['payment-received']);
        } else {
          // Refunded whole, once, and the provider has given it back.
          expect(payment).toMatchObject({ status: 2, refunded: amount });
          expect(refunded).toHaveLength(1);
          expect(refunded[0]).toMatchObject({ amount, status: 2 });
          expect(books).toMatchObject({
            status: 'succeeded',
            refunded: toProviderAmount(amount, payment.currency),
          });
          expect(booking.refunded).toBe(amount);
          expect(mails).toEqual(['payment-refunded']);
        }
        // The provider keeps what Gallop counts as paid, no more.
        expect(await providerBalance(started.bookingId)).toBe(
          toProviderAmount(booking.paid, booking.currency),
        );
      }
      const cancelled = cases.filter(({ expected }) => expected === 'refund').slice(0, 2);
      for (const { started } of cancelled) {
        expect(await bookingOf(started.bookingId)).toMatchObject({ status: 5, paid: 0 });
      }

      // Another round finds nothing more, and says so.
      expect(await bookingPayments(db).reconcile(PUBLIC_URL, pastGrace())).toBe(0);
      for (const { started } of cases) {
        expect((await mailsTo(started.email, mark)).length).toBeLessThanOrEqual(1);
      }
    }
  }, 240_000);

  it('credits a replaced payment the provider charged before the job releases its booking', async () => {
    const { started } = await chargedThenReplaced();
    // Within the grace: the job's void before a release asks about it all the same.
    await bookingPayments(db).voidBeforeRelease(started.bookingId, PUBLIC_URL);
    expect(await bookingOf(started.bookingId)).toMatchObject({
      status: 3,
      paid: started.payment.amount,
    });
    expect((await paymentOf(started.payment.id)).status).toBe(2);
  });
});
