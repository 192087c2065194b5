/**
 * What the payment provider's books say (the sandbox's `sandbox_payments`), on a scratch
 * database: every payment Gallop cancelled is voided there, however payment starts race
 * (on PostgreSQL they really overlap), and amounts reach it in ISO 4217 minor units.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { payments, sandboxPayments, sandboxRefunds } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { book, dateWithSeats, signUp } from '#src/modules/bookings/testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 5 : 2;

beforeAll(async () => {
  scratch = await buildScratchApp('provider_books', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-provider-books',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

/** A signed-in traveller's confirmed two-rider booking, payable (a percent prepayment). */
async function payable(currency?: string) {
  const date = await dateWithSeats(db, 10, used);
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, { ...traveller, riders: 2, currency });
  expect(status).toBe(201);
  expect(body.can_pay).toBe(true);
  return { token: traveller.token, booking: body };
}

async function start(token: string, requestId: number, type: string) {
  const response = await app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: { 'x-authorization': `Bearer ${token}` },
    payload: { request_id: requestId, payment_type: type, payment_method: 'card' },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** Each of the booking's payments: Gallop's status and the provider's (null: never opened). */
async function booksOf(requestId: number) {
  return (
    await db.execute<{ id: number; gallop: number; provider: string | null }>(sql`
      select p.id, p.status as gallop, s.status as provider
      from payments p left join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where p.request_id = ${requestId} order by p.id`)
  ).rows;
}

describe('payments Gallop cancelled, at the provider', () => {
  it(`10 starts at once, prepayment and full in turn, ${rounds} rounds: one payment open at the provider, Gallop's`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { token, booking } = await payable();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          start(token, booking.id as number, i % 2 === 0 ? 'prepayment' : 'full'),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
      const rows = await booksOf(booking.id as number);
      const openAtProvider = rows.filter((row) => row.provider === 'open');
      const openInGallop = rows.filter((row) => row.gallop === 1);
      expect(openInGallop).toHaveLength(1);
      // The one the provider keeps open is the one Gallop keeps open; every other was voided.
      expect(openAtProvider.map((row) => row.id)).toEqual(openInGallop.map((row) => row.id));
      for (const row of rows.filter((row) => row.gallop === 3)) {
        expect([null, 'voided'], `payment ${row.id}`).toContain(row.provider);
      }
    }
  }, 120_000);
});

describe('amounts at the provider', () => {
  it('are whole yen for a booking in JPY, charged and refunded', async () => {
    const { token, booking } = await payable('JPY');
    expect(booking.currency).toBe('JPY');
    const prepayment = await start(token, booking.id as number, 'prepayment');
    const [stored] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, prepayment.body.payment.id as number));
    // Gallop keeps hundredths of a yen; the provider is asked for whole yen.
    expect(stored!.amount).toBe((booking.prepayment as number) * 100);
    const [opened] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerPaymentId, stored!.providerPaymentId));
    expect(opened).toMatchObject({ amount: booking.prepayment, currency: 'JPY', status: 'open' });

    // Charged at the provider while a full payment replaces it: credited, and the full page,
    // no longer due, is closed and voided at once, so the card is not charged twice.
    const id = booking.id as number;
    const chargeSilently = (providerPaymentId: string) =>
      db
        .update(sandboxPayments)
        .set({ status: 'succeeded', cardLast4: '4242' })
        .where(eq(sandboxPayments.providerPaymentId, providerPaymentId));
    await chargeSilently(stored!.providerPaymentId);
    const full = await start(token, id, 'full');
    expect(full.status).toBe(200);
    const [fullRow] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, full.body.payment.id as number));
    expect(fullRow!.status).toBe(3);
    // The balance page charged just as a rider is removed: its surplus goes back, in whole yen.
    const balance = await start(token, id, 'payment');
    const [balanceRow] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, balance.body.payment.id as number));
    await chargeSilently(balanceRow!.providerPaymentId);
    const [first] = booking.tourists as Json[];
    const removed = await app().inject({
      method: 'POST',
      url: `/crm/api/request/update-tourists?request_id=${id}`,
      headers: { 'x-authorization': `Bearer ${token}` },
      payload: {
        tourists: [{ id: first!.id, first_name: first!.first_name, last_name: first!.last_name }],
      },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const charged = await db
      .select()
      .from(sandboxPayments)
      .innerJoin(payments, eq(payments.providerPaymentId, sandboxPayments.providerPaymentId))
      .where(eq(payments.requestId, id));
    const succeeded = charged.filter((row) => row.sandbox_payments.status === 'succeeded');
    expect(succeeded.map((row) => row.sandbox_payments.amount).sort((a, b) => a - b)).toEqual(
      [booking.prepayment as number, balanceRow!.amount / 100].sort((a, b) => a - b),
    );
    const [after] = await db
      .execute<{ price: number; paid: number }>(
        sql`select price, paid from booking_requests where id = ${id}`,
      )
      .then((result) => result.rows);
    expect(Number(after!.paid)).toBe(Number(after!.price));
    const refunds = await db
      .select()
      .from(sandboxRefunds)
      .innerJoin(payments, eq(payments.providerPaymentId, sandboxRefunds.providerPaymentId))
      .where(eq(payments.requestId, id));
    const surplus =
      ((booking.prepayment as number) * 100 + balanceRow!.amount - Number(after!.price)) / 100;
    expect(refunds.map((row) => row.sandbox_refunds.amount)).toEqual([surplus]);
    expect(Number.isInteger(surplus) && surplus > 0).toBe(true);
  });
});
