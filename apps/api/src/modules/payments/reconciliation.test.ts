/**
 * Reconciliation with the provider (`reconciliation.ts`), on a scratch database: a payment the
 * provider settled while Gallop never recorded it (the process died between the hosted page's
 * charge and its application) is found by asking the provider, and applied once however many
 * API processes reconcile, read its status or catch up on the page at the same time (on
 * PostgreSQL they really overlap). The crash itself: `bookings/crash-payments.test.ts`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, payments, refunds } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { book, dateWithSeats, signUp } from '#src/modules/bookings/testing-scratch.ts';
import type { PaymentProvider } from './provider.ts';
import {
  readThroughProvider,
  RECONCILE_GRACE_MS,
  reconcileOpenPayments,
} from './reconciliation.ts';
import { chargeSandboxPayment, sandboxPayment, sandboxProvider } from './sandbox-ledger.ts';
import { hostedPage } from './testing.ts';

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
 * A signed-in traveller's confirmed one-rider booking and its full payment, started through the
 * API (so opened at the provider): the payment row, the booking and the traveller's token.
 */
async function startedPayment() {
  const date = await dateWithSeats(db, 10, used);
  const traveller = await signUp(app());
  const booked = await book(app(), date, { ...traveller, riders: 1 });
  expect(booked.status).toBe(201);
  const started = await app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: { 'x-authorization': `Bearer ${traveller.token}` },
    payload: { request_id: booked.body.id, payment_type: 'full', payment_method: 'card' },
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
