/**
 * Money in other currencies than the date's, on a scratch database: refunds of partial payments
 * under the cancellation tiers in zero- and three-decimal currencies stay within what each charge
 * took, and Gallop's books agree with the provider's; the rate fixed at booking prices a rider
 * added, a balance and a refund after the rate moved (later steps never convert again).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  currencyRates,
  payments,
  refunds,
  tourDates,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import {
  book,
  dateWithSeats,
  signUp,
  type TourDateRow,
  scratchApi,
} from '#src/modules/bookings/testing-scratch.ts';
import { fromProviderAmount, toProviderAmount } from './provider-amounts.ts';
import { TEST_CARDS } from './sandbox-provider.ts';
import { chargeAtProvider, submitCard } from './testing.ts';

const SECRET = 'payment-secret-for-currency-refund-tests';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('currency_refunds', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    PAYMENT_SANDBOX_SECRET: SECRET,
  });
  db = scratch.scratch.handle.db;
  for (const [code, perUsd] of [
    ['KWD', 0.3071],
    ['BHD', 0.376],
    ['JPY', 151.37],
    ['KRW', 1377.9],
    ['EUR', 0.9213],
  ] as const) {
    await db
      .insert(currencyRates)
      .values({ code, perUsd })
      .onConflictDoUpdate({ target: currencyRates.code, set: { perUsd } });
  }
}, 120_000);
afterAll(() => scratch?.close());

const api = scratchApi(() => scratch.app);

async function storedBooking(id: number) {
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return row!;
}

async function storedPayment(id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

const refundsOf = (requestId: number) =>
  db.select().from(refunds).where(eq(refunds.requestId, requestId));

/** The provider's succeeded charges of a booking in its own minor units, and their totals. */
async function providerCharges(requestId: number) {
  const rows = (
    await db.execute<{ amount: string; refunded: string }>(sql`
      select s.amount, s.refunded
      from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where p.request_id = ${requestId} and s.status = 'succeeded'`)
  ).rows.map((r) => ({ amount: Number(r.amount), refunded: Number(r.refunded) }));
  return {
    rows,
    charged: rows.reduce((s, r) => s + r.amount, 0),
    refunded: rows.reduce((s, r) => s + r.refunded, 0),
  };
}
const dayIso = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A EUR date `days` ahead with odd prices and the given prepayment terms. */
async function eurDate(
  days: number,
  terms: Partial<Pick<TourDateRow, 'prepaymentType' | 'prepaymentSize' | 'price'>> = {},
) {
  const base = await dateWithSeats(db, 30, used);
  const [date] = await db
    .update(tourDates)
    .set({
      currency: 'EUR',
      price: 1_234_57,
      priceWithoutDiscount: 1_234_57,
      prepaymentType: 'percent',
      prepaymentSize: 33,
      fullPaymentDays: null,
      startDate: dayIso(days),
      endDate: dayIso(days + 3),
      decisionDate: null,
      ...terms,
    })
    .where(eq(tourDates.id, base.id))
    .returning();
  return date!;
}

async function bookIn(date: TourDateRow, currency: string, riders = 1) {
  const traveller = await signUp(scratch.app);
  const { status, body } = await book(scratch.app, date, { ...traveller, riders, currency });
  expect(status, JSON.stringify(body)).toBe(201);
  // The moderate tiers: 30+ days 100 %, 14–29 days 50 %.
  await db
    .update(bookingRequests)
    .set({
      cancellationPolicy: 'moderate',
      cancellationTiers: [
        { days_before: 30, refund_percent: 100 },
        { days_before: 14, refund_percent: 50 },
      ],
    })
    .where(eq(bookingRequests.id, body.id as number));
  return { token: traveller.token, booking: body, id: body.id as number };
}

const start = (token: string, id: number, type: string, method = 'card') =>
  api('POST', '/crm/api/payment/start', token, {
    request_id: id,
    payment_type: type,
    payment_method: method,
  });

/** Every refund within its charge, the provider's books = Gallop's, exact at the provider. */
async function expectRefundsBounded(id: number, currency: string) {
  const row = await storedBooking(id);
  const books = await providerCharges(id);
  const recorded = await refundsOf(id);
  for (const charge of books.rows) expect(charge.refunded).toBeLessThanOrEqual(charge.amount);
  expect(books.refunded).toBeLessThanOrEqual(books.charged);
  expect(recorded.every((r) => r.status === 2)).toBe(true);
  const gallopRefunded = recorded.reduce((s, r) => s + r.amount, 0);
  expect(fromProviderAmount(books.refunded, currency)).toBe(gallopRefunded);
  expect(gallopRefunded).toBe(row.refunded);
  expect(fromProviderAmount(books.charged, currency)).toBe(
    row.paid + (row.refunded - cancelledOf(recorded)),
  );
  // Each amount the provider got is a whole number of its minor units.
  for (const r of recorded)
    expect(Number.isInteger(toProviderAmount(r.amount, currency))).toBe(true);
  return { row, books, recorded };
}
const cancelledOf = (recorded: { amount: number; reason: string }[]) =>
  recorded.filter((r) => r.reason === 'cancellation').reduce((s, r) => s + r.amount, 0);

describe('refunds of partial payments under the tiers', () => {
  for (const currency of ['JPY', 'KRW', 'KWD', 'BHD', 'EUR']) {
    it(`${currency}: overpayment refund + 50 % cancellation never exceed what was paid`, async () => {
      const date = await eurDate(20);
      const { token, id, booking } = await bookIn(date, currency, 3);
      const prepay = await start(token, id, 'prepayment');
      await submitCard(scratch.app, prepay.body.redirect_url as string, TEST_CARDS.success);
      // The balance page charged just as a rider is removed (decision 175): credited as far as
      // the new balance, the surplus refunded.
      const balance = await start(token, id, 'payment');
      expect(balance.status).toBe(200);
      await chargeAtProvider(
        db,
        (await storedPayment(balance.body.payment.id as number)).providerPaymentId,
      );
      const [first, second] = booking.tourists as Json[];
      const removed = await api(
        'POST',
        `/crm/api/request/update-tourists?request_id=${id}`,
        token,
        {
          tourists: [first, second].map((rider) => ({
            id: rider!.id,
            first_name: rider!.first_name,
            last_name: rider!.last_name,
          })),
        },
      );
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      const cancel = await api('POST', '/crm/api/request/cancel', token, { id });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      const { row, recorded } = await expectRefundsBounded(id, currency);
      expect(row.paid).toBe(row.price);
      expect(row.price).toBeLessThan((booking.price as number) * 100);
      expect(recorded.some((refund) => refund.reason === 'overpaid')).toBe(true);
      // 50 % of the price, rounded down to a whole unit.
      expect(cancelledOf(recorded)).toBe(Math.floor(row.price / 2 / 100) * 100);
    });

    it(`${currency}: the prepayment alone, cancelled at 50 %`, async () => {
      const date = await eurDate(20);
      const { token, id, booking } = await bookIn(date, currency, 1);
      const prepay = await start(token, id, 'prepayment');
      await submitCard(scratch.app, prepay.body.redirect_url as string, TEST_CARDS.success);
      expect((await storedBooking(id)).status).toBe(3);
      await api('POST', '/crm/api/request/cancel', token, { id });
      const { recorded } = await expectRefundsBounded(id, currency);
      const prepayment = (booking.prepayment as number) * 100;
      expect(cancelledOf(recorded)).toBe(Math.floor(prepayment / 2 / 100) * 100);
    });
  }
});

describe('the rate fixed at booking', () => {
  it('a rider added, a balance paid and a refund after the rate doubled use the booked rate', async () => {
    const date = await eurDate(45, { prepaymentType: 'fixed', prepaymentSize: 100_37 });
    const { token, id, booking } = await bookIn(date, 'JPY', 2);
    const before = await storedBooking(id);
    expect(before.exchangeRate).toBeGreaterThan(100);
    // The yen halves in value: twice as many yen a dollar.
    await db.update(currencyRates).set({ perUsd: 302.74 }).where(eq(currencyRates.code, 'JPY'));
    await sleep(2_200);
    await api('GET', '/crm/api/request/get?id=' + id, token, undefined, { 'x-currency': 'JPY' });
    await sleep(500);
    // A new booking of the same date is priced at today's rate (the app sees it).
    const fresh = await bookIn(date, 'JPY', 2);
    expect(fresh.booking.price as number).toBeGreaterThan((booking.price as number) * 1.9);
    // Add a rider to the old booking: one more at the booked per-rider price and prepayment.
    const added = await api('POST', `/crm/api/request/add-tourists?uuid=${booking.uuid}`, token, {
      tourists: [{ first_name: 'Third', last_name: 'Added' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = await storedBooking(id);
    expect(after.price).toBe((before.price / 2) * 3);
    expect(after.prepayment).toBe((before.prepayment! / 2) * 3);
    const prepay = await start(token, id, 'prepayment');
    expect(prepay.body.payment.amount).toBe(after.prepayment! / 100);
    await submitCard(scratch.app, prepay.body.redirect_url as string, TEST_CARDS.success);
    const rest = await start(token, id, 'payment');
    expect(rest.body.payment.amount).toBe((after.price - after.prepayment!) / 100);
    await submitCard(scratch.app, rest.body.redirect_url as string, TEST_CARDS.success);
    // 45 days ahead: a traveller's cancel gives back all, at the booked amounts.
    await api('POST', '/crm/api/request/cancel', token, { id });
    const { row } = await expectRefundsBounded(id, 'JPY');
    expect(row.refunded).toBe(after.price);
    await db.update(currencyRates).set({ perUsd: 151.37 }).where(eq(currencyRates.code, 'JPY'));
  }, 60_000);
});
