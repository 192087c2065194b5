/**
 * A fast payment's (sbp) QR code lives `QR_LIFETIME_MS` (15 minutes), on a scratch database:
 * after it, its code answers 410, a start (the QR page's next attempt) closes it and opens a new
 * payment, and its provider page no longer takes it, unless it was paid first. A card payment
 * has no such lifetime. On PostgreSQL (CI) the starts after the expiry really overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, payments, sandboxPayments } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { book, dateWithSeats, signUp } from '#src/modules/bookings/testing-scratch.ts';
import { QR_LIFETIME_MS } from './payments.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox-ledger.ts';
import { TEST_CARDS } from './sandbox-provider.ts';
import { chargeAtProvider, hostedPage, submitCard } from './testing.ts';
import { startBookingPayment } from './traveller-payments.ts';

const SECRET = 'payment-secret-for-qr-expiry-tests';
const PUBLIC_URL = 'http://web.test';
let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const postgres = testDatabaseKind() === 'postgres';

beforeAll(async () => {
  scratch = await buildScratchApp('qr_expiry', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL,
    PAYMENT_SANDBOX_SECRET: SECRET,
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

async function api(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const response = await scratch.app.inject({
    method,
    url,
    headers: { 'x-authorization': `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A signed-in traveller's confirmed two-rider booking, payable. */
async function payable() {
  const date = await dateWithSeats(db, 20, used);
  const traveller = await signUp(scratch.app);
  const { status, body } = await book(scratch.app, date, { ...traveller, riders: 2 });
  expect(status).toBe(201);
  return { token: traveller.token, id: body.id as number };
}

const start = (token: string, id: number, method: 'card' | 'sbp', key?: string) =>
  api('POST', '/crm/api/payment/start', token, {
    request_id: id,
    payment_type: 'prepayment',
    payment_method: method,
    ...(key ? { idempotency_key: key } : {}),
  });
const qrData = (token: string, paymentId: number) =>
  api('GET', `/crm/api/payment/qr-data?payment_id=${paymentId}`, token);

/** The payment was opened `minutes` ago. */
async function openedAgo(paymentId: number, minutes: number) {
  await db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(payments.id, paymentId));
}

const paymentsOf = (id: number) =>
  db.select().from(payments).where(eq(payments.requestId, id)).orderBy(payments.id);
const bookingRow = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const booksOf = async (providerPaymentId: string) =>
  (
    await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerPaymentId, providerPaymentId))
  )[0];
const pageOf = (redirectUrl: string) => {
  const { path, token } = hostedPage(redirectUrl);
  return scratch.app.inject({ url: `${path}?token=${token}` });
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the QR lifetime', () => {
  it('is 15 minutes, and the code says when it ends', async () => {
    expect(QR_LIFETIME_MS).toBe(15 * 60_000);
    const { token, id } = await payable();
    const started = await start(token, id, 'sbp');
    const code = await qrData(token, started.body.payment.id as number);
    expect(code.status).toBe(200);
    const [row] = await paymentsOf(id);
    expect(Date.parse(code.body.expires_at as string)).toBe(
      row!.createdAt.getTime() + QR_LIFETIME_MS,
    );
  });
});

describe('a start after the QR code expired', () => {
  it('closes the old payment, voids it at the provider and opens a new one with a live code', async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'sbp');
    const firstId = first.body.payment.id as number;
    // 14 minutes on the code is still live, and a start answers the same payment.
    await openedAgo(firstId, 14);
    expect((await start(token, id, 'sbp', randomUUID())).body.payment.id).toBe(firstId);
    await openedAgo(firstId, 16);
    expect((await qrData(token, firstId)).status).toBe(410);
    // The QR page's next attempt: a fresh idempotency key.
    const renewed = await start(token, id, 'sbp', `qr-${id}-prepayment-${Date.now()}`);
    expect(renewed.status).toBe(200);
    const renewedId = renewed.body.payment.id as number;
    expect(renewedId).not.toBe(firstId);
    expect((await qrData(token, renewedId)).status).toBe(200);
    const [old, fresh] = await paymentsOf(id);
    expect(old).toMatchObject({ id: firstId, status: 3, failureReason: 'voided' });
    expect(old!.voidConfirmedAt).not.toBeNull();
    expect((await booksOf(old!.providerPaymentId))?.status).toBe('voided');
    expect(fresh).toMatchObject({ id: renewedId, status: 1, amount: old!.amount });
    // A reload of the page (no key) answers the new payment; the old key still its own.
    expect((await start(token, id, 'sbp')).body.payment.id).toBe(renewedId);
  });

  it('credits the old payment when the payer completed it before the void', async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'sbp');
    const firstId = first.body.payment.id as number;
    await openedAgo(firstId, 16);
    const [old] = await paymentsOf(id);
    expect(await chargeAtProvider(db, old!.providerPaymentId)).toBe(true);
    expect((await start(token, id, 'sbp', randomUUID())).status).toBe(200);
    const row = await bookingRow(id);
    expect(row.paid).toBe(old!.amount);
    expect((await paymentsOf(id))[0]).toMatchObject({ id: firstId, status: 2 });
  });

  it('leaves a card payment as it is, however old', async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'card');
    const firstId = first.body.payment.id as number;
    await openedAgo(firstId, 60);
    const again = await start(token, id, 'card', randomUUID());
    expect(again.body.payment.id).toBe(firstId);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it(`started ${postgres ? 12 : 4} times at once under fresh keys: one new payment, the old voided once`, async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'sbp');
    const firstId = first.body.payment.id as number;
    await openedAgo(firstId, 16);
    const [booking] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
    // The sandbox, counting the voids it is asked for.
    const sandbox = sandboxProvider(db);
    const voids: string[] = [];
    const provider: PaymentProvider = {
      ...sandbox,
      void: (providerPaymentId) => {
        voids.push(providerPaymentId);
        return sandbox.void(providerPaymentId);
      },
    };
    const starting = { db, provider, holdHours: 72, publicUrl: PUBLIC_URL, secret: () => SECRET };
    const answers = await Promise.all(
      Array.from({ length: postgres ? 12 : 4 }, () =>
        startBookingPayment(starting, booking!.userId!, {
          request_id: id,
          payment_type: 'prepayment',
          payment_method: 'sbp',
          idempotency_key: randomUUID(),
        }),
      ),
    );
    const rows = await paymentsOf(id);
    expect(rows).toHaveLength(2);
    const [old, fresh] = rows;
    expect(old).toMatchObject({ id: firstId, status: 3 });
    expect(fresh!.status).toBe(1);
    expect(new Set(answers.map((a) => a.payment.id))).toEqual(new Set([fresh!.id]));
    expect(voids).toEqual([old!.providerPaymentId]);
    expect((await qrData(token, fresh!.id)).status).toBe(200);
  });
});

describe('the provider page of an expired QR code', () => {
  it('takes no payment: a closed page (410) offers to start again from the booking', async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'sbp');
    const url = first.body.redirect_url as string;
    expect((await pageOf(url)).statusCode).toBe(200);
    await openedAgo(first.body.payment.id as number, 16);
    const shown = await pageOf(url);
    expect(shown.statusCode).toBe(410);
    expect(titleOf(shown.body)).toBe('This QR code has expired');
    expect(shown.body).toContain('could be paid for 15 minutes');
    expect(shown.body).toContain('>Start again from your booking</a>');
    expect(shown.body).toContain(`href="${PUBLIC_URL}/`);
    const paid = await submitCard(scratch.app, url, TEST_CARDS.success);
    expect(paid.statusCode).toBe(410);
    expect(titleOf(paid.body)).toBe('This QR code has expired');
    expect((await bookingRow(id)).paid).toBe(0);
    const [old] = await paymentsOf(id);
    expect(old).toMatchObject({ status: 3, failureReason: 'voided' });
    expect((await booksOf(old!.providerPaymentId))?.status).toBe('voided');
    // A start then opens a new code, and the old page says it expired, not that it was replaced.
    const renewed = await start(token, id, 'sbp', randomUUID());
    expect(renewed.body.payment.id).not.toBe(old!.id);
    expect(titleOf((await pageOf(url)).body)).toBe('This QR code has expired');
  });

  it('says so too when a start renewed the code first', async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'sbp');
    await openedAgo(first.body.payment.id as number, 16);
    await start(token, id, 'sbp', randomUUID());
    const shown = await pageOf(first.body.redirect_url as string);
    expect(shown.statusCode).toBe(410);
    expect(titleOf(shown.body)).toBe('This QR code has expired');
  });

  it('sends the payer to the outcome when it was paid before it expired', async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'sbp');
    const url = first.body.redirect_url as string;
    const [open] = await paymentsOf(id);
    // Charged at the provider; Gallop had not heard when the code expired.
    expect(await chargeAtProvider(db, open!.providerPaymentId)).toBe(true);
    await openedAgo(open!.id, 16);
    const shown = await pageOf(url);
    expect(shown.statusCode).toBe(303);
    expect((await bookingRow(id)).paid).toBe(open!.amount);
    expect((await paymentsOf(id))[0]!.status).toBe(2);
  });

  it(`visited and restarted at once: one new payment, nothing charged`, async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'sbp');
    await openedAgo(first.body.payment.id as number, 16);
    const url = first.body.redirect_url as string;
    const n = postgres ? 6 : 2;
    const [pages, starts] = await Promise.all([
      Promise.all(
        Array.from({ length: n }, () => submitCard(scratch.app, url, TEST_CARDS.success)),
      ),
      Promise.all(Array.from({ length: n }, () => start(token, id, 'sbp', randomUUID()))),
    ]);
    expect(pages.map((p) => p.statusCode)).toEqual(pages.map(() => 410));
    expect(starts.map((s) => s.status)).toEqual(starts.map(() => 200));
    const rows = await paymentsOf(id);
    expect(rows.map((r) => r.status)).toEqual([3, 1]);
    expect(new Set(starts.map((s) => s.body.payment.id))).toEqual(new Set([rows[1]!.id]));
    expect((await bookingRow(id)).paid).toBe(0);
    expect((await booksOf(rows[0]!.providerPaymentId))?.status).toBe('voided');
  });

  it('a card page is not expired by its age', async () => {
    const { token, id } = await payable();
    const first = await start(token, id, 'card');
    await openedAgo(first.body.payment.id as number, 60);
    const paid = await submitCard(
      scratch.app,
      first.body.redirect_url as string,
      TEST_CARDS.success,
    );
    expect(paid.statusCode).toBe(303);
    expect((await bookingRow(id)).paid).toBeGreaterThan(0);
  });
});

describe('a QR code after the booking was cancelled', () => {
  it('answers 410, and its page takes no payment', async () => {
    const { token, id } = await payable();
    const qr = await start(token, id, 'sbp');
    expect((await api('POST', '/crm/api/request/cancel', token, { id })).status).toBe(200);
    expect((await qrData(token, qr.body.payment.id as number)).status).toBe(410);
    const paid = await submitCard(scratch.app, qr.body.redirect_url as string, TEST_CARDS.success);
    expect(paid.statusCode).toBe(410);
    expect((await bookingRow(id)).paid).toBe(0);
  });
});
