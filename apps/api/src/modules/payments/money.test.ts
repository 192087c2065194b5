import { formatPrice } from '@gallop/currency';
/**
 * Money under concurrency and retries (decision 089), on a scratch database: one open payment
 * per booking, exactly the amount due paid however the traveller clicks, what was not due
 * refunded, and the amount shown is the amount charged. On PostgreSQL (CI) the requests really
 * overlap; on PGlite the same assertions hold one after another.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  currencyRates,
  payments,
  refunds,
  sandboxPayments,
  tourDates,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { toDisplayPrice } from '#src/shared/money/rates.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import {
  book,
  dateWithSeats,
  seatsOf,
  signUp,
  type TourDateRow,
} from '#src/modules/bookings/testing-scratch.ts';
import { fromProviderAmount } from './provider-amounts.ts';
import { TEST_CARDS } from './sandbox-provider.ts';
import { hostedPage, providerBooksOf, submitCard, successNoticeOf } from './testing.ts';

const SECRET = 'payment-secret-for-money-tests';
let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 5 : 2;

beforeAll(async () => {
  scratch = await buildScratchApp('money', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    PAYMENT_SANDBOX_SECRET: SECRET,
  });
  db = scratch.scratch.handle.db;
  // ISO 4217's code for tests, at a rate no real currency has (one €6,400 rider is just below
  // 2^53 minor units, two are above): read with the other rates on the first request that
  // converts (the rates are cached from then on).
  await db.insert(currencyRates).values({ code: 'XTS', perUsd: 1e10 });
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

async function api(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await app().inject({
    method,
    url,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A signed-in traveller's confirmed two-rider booking, payable. */
async function payable(options: { currency?: string; date?: TourDateRow } = {}) {
  const date = options.date ?? (await dateWithSeats(db, 10, used));
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, {
    ...traveller,
    riders: 2,
    currency: options.currency,
  });
  expect(status).toBe(201);
  expect(body.can_pay).toBe(true);
  return { token: traveller.token, booking: body, date };
}

const start = (token: string, requestId: number, type: string, extra: object = {}) =>
  api('POST', '/crm/api/payment/start', token, {
    request_id: requestId,
    payment_type: type,
    payment_method: 'card',
    ...extra,
  });

const bookingOf = async (token: string, id: number) =>
  (await api('GET', `/crm/api/request/get?id=${id}`, token)).body;

/**
 * The provider's books for a booking: charged in total, refunded in total, in major units (the
 * provider counts ISO 4217 minor units: whole won, cents of a euro). What Gallop keeps (charged
 * less refunded) must equal what the booking says is paid.
 */
async function providerBooks(requestId: number) {
  const books = await providerBooksOf(db, requestId);
  const major = (amount: number) => fromProviderAmount(amount, books.currency ?? 'EUR') / 100;
  return { charged: major(books.charged), refunded: major(books.refunded) };
}

/** The payment row a start answered. */
async function storedPayment(paymentId: number) {
  const [stored] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return stored!;
}

/** The payer's bank confirmed the payment at the provider; Gallop's notice has not arrived. */
async function chargedAtProvider(stored: { providerPaymentId: string }) {
  await db
    .update(sandboxPayments)
    .set({ status: 'succeeded', cardLast4: '4242' })
    .where(eq(sandboxPayments.providerPaymentId, stored.providerPaymentId));
}

/** The provider's signed notice that `stored` succeeded, as its callback posts it. */
const successNotice = (stored: { id: number; providerPaymentId: string }) =>
  successNoticeOf(stored, SECRET);

async function expectPaidExactly(token: string, id: number, due: number) {
  const booking = await bookingOf(token, id);
  const books = await providerBooks(id);
  expect(booking.paid).toBe(due);
  expect(books.charged - books.refunded).toBe(due);
  expect(booking.refunded).toBe(books.refunded);
  // Every refund recorded was made by the provider.
  const pending = await db.select().from(refunds).where(eq(refunds.requestId, id));
  expect(pending.every((refund) => refund.status === 2)).toBe(true);
  return booking;
}

describe('starting payments at once', () => {
  it('opens one payment for 20 starts with one key, and for 20 without a key', async () => {
    for (const key of [randomUUID(), undefined]) {
      const { token, booking } = await payable();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          start(token, booking.id as number, 'prepayment', key ? { idempotency_key: key } : {}),
        ),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const ids = new Set(answers.map((a) => a.body.payment.id as number));
      expect(ids.size).toBe(1);
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.requestId, booking.id as number));
      expect(rows).toHaveLength(1);
    }
  }, 120_000);
});

describe('two ways of paying one booking', () => {
  it('a prepayment in one tab and a full payment in another: exactly the price is kept', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { token, booking } = await payable();
      const prepayment = await start(token, booking.id as number, 'prepayment');
      // The payer submits the prepayment's card page while the other tab starts a full payment.
      const [, full] = await Promise.all([
        submitCard(app(), prepayment.body.redirect_url as string, TEST_CARDS.success),
        start(token, booking.id as number, 'full'),
      ]);
      if (full.status === 200 && full.body.payment.status === 1) {
        const paid = await submitCard(app(), full.body.redirect_url as string, TEST_CARDS.success);
        expect(paid.statusCode).toBe(303);
      } else {
        // The prepayment won and the rest is a separate payment now.
        const rest = await start(token, booking.id as number, 'payment');
        await submitCard(app(), rest.body.redirect_url as string, TEST_CARDS.success);
      }
      const after = await expectPaidExactly(token, booking.id as number, booking.price as number);
      expect(after.status).toBe(3);
    }
  }, 120_000);

  it('a prepayment then a full payment, both completed in order: the prepayment part comes back', async () => {
    const { token, booking } = await payable();
    const prepayment = await start(token, booking.id as number, 'prepayment');
    const full = await start(token, booking.id as number, 'full');
    expect(full.body.payment.id).not.toBe(prepayment.body.payment.id);
    // The first tab was voided at the provider: nothing is charged there.
    const stale = await submitCard(
      app(),
      prepayment.body.redirect_url as string,
      TEST_CARDS.success,
    );
    expect(stale.statusCode).toBe(410);
    expect(stale.body).toContain('This payment is no longer open');
    await submitCard(app(), full.body.redirect_url as string, TEST_CARDS.success);
    await expectPaidExactly(token, booking.id as number, booking.price as number);
  });

  it('a QR payment left open and a card payment: one is charged', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { token, booking } = await payable();
      const qr = await api('POST', '/crm/api/payment/start', token, {
        request_id: booking.id,
        payment_type: 'full',
        payment_method: 'sbp',
      });
      const card = await start(token, booking.id as number, 'full');
      // Both pages submitted at once: the QR one was voided when the card one opened.
      const [qrPaid, cardPaid] = await Promise.all([
        submitCard(app(), qr.body.redirect_url as string, TEST_CARDS.success),
        submitCard(app(), card.body.redirect_url as string, TEST_CARDS.success),
      ]);
      expect(qrPaid.statusCode).toBe(410);
      expect(cardPaid.statusCode).toBe(303);
      await expectPaidExactly(token, booking.id as number, booking.price as number);
    }
  });

  it('a payment charged while it was being replaced is credited, and its replacement closes', async () => {
    const { token, booking } = await payable();
    const prepayment = await start(token, booking.id as number, 'prepayment');
    await chargedAtProvider(await storedPayment(prepayment.body.payment.id as number));
    const full = await start(token, booking.id as number, 'full');
    expect(full.status).toBe(200);
    // Voiding found the prepayment charged: it was applied.
    expect((await bookingOf(token, booking.id as number)).paid).toBe(booking.prepayment);
    // The full payment is no longer what is due: closed and voided, its page charges nothing.
    const status = await api(
      'GET',
      `/crm/api/payment/status?payment_id=${full.body.payment.id}`,
      token,
    );
    expect(status.body).toMatchObject({ status: 3 });
    await submitCard(app(), full.body.redirect_url as string, TEST_CARDS.success);
    const after = await expectPaidExactly(
      token,
      booking.id as number,
      booking.prepayment as number,
    );
    expect(after.refunded).toBe(0);
  });

  it('20 signed callbacks of one success at once credit it once', async () => {
    const { token, booking } = await payable();
    const started = await start(token, booking.id as number, 'prepayment');
    const notice = successNotice(await storedPayment(started.body.payment.id as number));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', '/crm/api/payment/callback/4', undefined, notice),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await expectPaidExactly(token, booking.id as number, booking.prepayment as number);
  });

  // A cancel locks the booking and then voids its open payments; the callback must take the
  // booking before the payment too, or the two deadlock (40P01, a 500; docs/transactions.md).
  it(`a cancel and the provider's callbacks at once, ${rounds} rounds: no failure, books agree`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { token, booking } = await payable();
      const started = await start(token, booking.id as number, 'full');
      const stored = await storedPayment(started.body.payment.id as number);
      await chargedAtProvider(stored);
      const notice = successNotice(stored);
      const [cancelled, ...notices] = await Promise.all([
        api('POST', '/crm/api/request/cancel', token, { id: booking.id }),
        ...Array.from({ length: 4 }, () =>
          api('POST', '/crm/api/payment/callback/4', undefined, notice),
        ),
      ]);
      expect(cancelled.status).toBe(200);
      expect(notices.map((notice) => notice.status)).toEqual([200, 200, 200, 200]);
      const after = await bookingOf(token, booking.id as number);
      expect(after.status).toBe(5);
      // Charged once, and Gallop's refunds are the provider's, all sent.
      const books = await providerBooks(booking.id as number);
      expect(books.charged).toBe(booking.price);
      expect(after.refunded).toBe(books.refunded);
      const sent = await db
        .select()
        .from(refunds)
        .where(eq(refunds.requestId, booking.id as number));
      expect(sent.every((refund) => refund.status === 2)).toBe(true);
      if (after.paid === 0) {
        // The cancel came first: the void found the money moved, and all of it went back.
        expect(after.refunded).toBe(booking.price);
      } else {
        // The notice came first: the booking was paid, and the cancellation refunded by policy.
        expect(after.paid).toBe(booking.price);
        expect(after.refunded).toBeLessThanOrEqual(booking.price as number);
      }
    }
  });
});

describe('cards the sandbox refuses', () => {
  it('takes nothing from an expired card or a number that fails the checksum', async () => {
    const { token, booking } = await payable();
    const started = await start(token, booking.id as number, 'full');
    const expired = await submitCard(
      app(),
      started.body.redirect_url as string,
      TEST_CARDS.success,
      {
        exp: '01/20',
      },
    );
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toContain('Your card has expired.');
    const badMonth = await submitCard(
      app(),
      started.body.redirect_url as string,
      TEST_CARDS.success,
      {
        exp: '13/40',
      },
    );
    expect(badMonth.statusCode).toBe(422);
    const luhn = await submitCard(app(), started.body.redirect_url as string, '4242424242424241');
    expect(luhn.statusCode).toBe(422);
    expect(await providerBooks(booking.id as number)).toEqual({ charged: 0, refunded: 0 });
    expect((await bookingOf(token, booking.id as number)).paid).toBe(0);
  });
});

describe('the amount shown is the amount charged', () => {
  it('books in the traveller’s currency: form total = booking = card page = charged', async () => {
    // The case: the organizer prices the date in US dollars, the traveller books in euros.
    const [date] = await db
      .update(tourDates)
      .set({ currency: 'USD', price: 697_50, priceWithoutDiscount: 697_50 })
      .where(eq(tourDates.id, (await dateWithSeats(db, 10, used)).id))
      .returning();
    const currency = 'EUR';
    const form = await app().inject({
      url: `/spa/tour-for-request?id=${date!.tourId}`,
      headers: { 'x-currency': currency },
    });
    const shown = (form.json() as Json).dates.find((d: Json) => d.id === date!.id);
    expect(shown.currency).toBe(currency);
    const formTotal = (shown.price as number) * 2;

    const { token, booking } = await payable({ currency, date: date! });
    expect(booking).toMatchObject({ currency, price: formTotal });
    // Shown in another currency later, the booking keeps its own.
    const later = await app().inject({
      url: `/crm/api/request/get?id=${booking.id}`,
      headers: { 'x-authorization': `Bearer ${token}`, 'x-currency': 'GBP' },
    });
    expect(later.json()).toMatchObject({ currency, price: formTotal });

    const started = await start(token, booking.id as number, 'full');
    expect(started.body.payment).toMatchObject({ currency, amount: formTotal });
    const { path, token: pageKey } = hostedPage(started.body.redirect_url as string);
    const page = await app().inject({ url: `${path}?token=${pageKey}` });
    // Written as the site writes money: no decimals (spec: "Currency display: no decimals").
    const onPage = formatPrice(formTotal, currency);
    expect(page.body).toContain(`<p class="amount">${onPage}</p>`);
    await submitCard(app(), started.body.redirect_url as string, TEST_CARDS.success);
    await expectPaidExactly(token, booking.id as number, formTotal);
    const [charged] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.status, 'succeeded'))
      .orderBy(sql`updated_at desc`)
      .limit(1);
    expect(charged).toMatchObject({ amount: formTotal * 100, currency });
  });
});

describe('currencies of large numbers', () => {
  /**
   * A date priced €6,400 a rider with seats for a large party: in tögrögs or won a few riders
   * come to more than a 32-bit column holds in minor units (2,147,483,647).
   */
  async function dearDate() {
    const [date] = await db
      .update(tourDates)
      .set({ currency: 'EUR', price: 6_400_00, priceWithoutDiscount: 6_400_00 })
      .where(eq(tourDates.id, (await dateWithSeats(db, 40, used)).id))
      .returning();
    return date!;
  }

  /** The booking's total as the form shows it: the per-rider price in `currency`, times riders. */
  async function formTotal(date: TourDateRow, currency: string, riders: number) {
    const rates = new Map((await db.select().from(currencyRates)).map((r) => [r.code, r.perUsd]));
    return toDisplayPrice(date.price, date.currency, currency, rates) * riders;
  }

  async function bookDear(currency: string, riders: number) {
    const date = await dearDate();
    const traveller = await signUp(app());
    const { status, body } = await book(app(), date, { ...traveller, riders, currency });
    expect(status, JSON.stringify(body)).toBe(201);
    const total = await formTotal(date, currency, riders);
    expect(total * 100).toBeGreaterThan(2_147_483_647);
    expect(body).toMatchObject({ currency, price: total, can_pay: true });
    const [stored] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, body.id as number));
    expect(stored).toMatchObject({ currency, price: total * 100, paid: 0 });
    expect(typeof stored!.price).toBe('number');
    return { token: traveller.token, booking: body };
  }

  it(`books and pays €6,400 a rider in MNT and KRW, two tabs at once, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      for (const [currency, riders] of [
        ['MNT', 6],
        ['KRW', 12],
      ] as const) {
        const { token, booking } = await bookDear(currency, riders);
        const prepayment = await start(token, booking.id as number, 'prepayment');
        expect(prepayment.body.payment).toMatchObject({ currency, amount: booking.prepayment });
        const [, full] = await Promise.all([
          submitCard(app(), prepayment.body.redirect_url as string, TEST_CARDS.success),
          start(token, booking.id as number, 'full'),
        ]);
        if (full.status === 200 && full.body.payment.status === 1) {
          const paid = await submitCard(
            app(),
            full.body.redirect_url as string,
            TEST_CARDS.success,
          );
          expect(paid.statusCode).toBe(303);
        } else {
          const rest = await start(token, booking.id as number, 'payment');
          await submitCard(app(), rest.body.redirect_url as string, TEST_CARDS.success);
        }
        const after = await expectPaidExactly(token, booking.id as number, booking.price as number);
        expect(after.status).toBe(3);
      }
    }
  }, 240_000);

  it('refunds a tögrög balance charged while a rider was removed', async () => {
    const { token, booking } = await bookDear('MNT', 8);
    const id = booking.id as number;
    const prepayment = await start(token, id, 'prepayment');
    await submitCard(app(), prepayment.body.redirect_url as string, TEST_CARDS.success);
    const balance = await start(token, id, 'payment');
    const charged = await storedPayment(balance.body.payment.id as number);
    await chargedAtProvider(charged);
    const riders = (booking.tourists as Json[]).slice(0, -1);
    const removed = await api('POST', `/crm/api/request/update-tourists?request_id=${id}`, token, {
      tourists: riders.map((rider) => ({
        id: rider.id,
        first_name: rider.first_name,
        last_name: rider.last_name,
      })),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const [stored] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
    const after = await expectPaidExactly(token, id, stored!.price / 100);
    const [refund] = await db.select().from(refunds).where(eq(refunds.requestId, id));
    // What the balance page took beyond the new balance, to the tögrög.
    const surplus = (booking.prepayment as number) * 100 + charged.amount - stored!.price;
    expect(surplus).toBeGreaterThan(0);
    expect(refund).toMatchObject({ amount: surplus, status: 2 });
    expect(after.refunded).toBe(surplus / 100);
  });

  it('answers 422, not 400, for a total beyond what is counted exactly (2^53 minor units)', async () => {
    const date = await dearDate();
    const traveller = await signUp(app());
    const { status, body } = await book(app(), date, { ...traveller, riders: 2, currency: 'XTS' });
    expect(status).toBe(422);
    expect(body.message).toBe(
      'This booking comes to more than can be paid in XTS: choose another currency',
    );
    expect((await seatsOf(db, date.id)).free).toBe(40);

    // One rider fits; a second one added later is refused the same way, and nothing changes.
    const one = await book(app(), date, { ...traveller, riders: 1, currency: 'XTS' });
    expect(one.status).toBe(201);
    const added = await app().inject({
      method: 'POST',
      url: `/crm/api/request/add-tourists?uuid=${one.body.uuid}`,
      headers: { 'x-authorization': `Bearer ${traveller.token}` },
      payload: { tourists: [{ first_name: 'Second', last_name: 'Hart' }] },
    });
    expect(added.statusCode).toBe(422);
    expect((added.json() as Json).message).toBe(
      'This booking comes to more than can be paid in XTS: choose another currency',
    );
    expect((await bookingOf(traveller.token, one.body.id as number)).price).toBe(one.body.price);
    expect((await seatsOf(db, date.id)).free).toBe(39);
  });
});

describe('a percentage prepayment of less than one whole unit', () => {
  /** A €4 date asking 10% first: €0.40, which whole units would round to nothing. */
  async function cheapDate() {
    const [date] = await db
      .update(tourDates)
      .set({
        currency: 'EUR',
        price: 4_00,
        priceWithoutDiscount: 4_00,
        prepaymentType: 'percent',
        prepaymentSize: 10,
        fullPaymentDays: null,
      })
      .where(eq(tourDates.id, (await dateWithSeats(db, 10, used)).id))
      .returning();
    return date!;
  }

  async function bookCheap() {
    const traveller = await signUp(app());
    const { status, body } = await book(app(), await cheapDate(), {
      ...traveller,
      riders: 1,
      currency: 'EUR',
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return { token: traveller.token, booking: body };
  }

  it('asks €1, and paying it prepays the booking', async () => {
    const { token, booking } = await bookCheap();
    expect(booking).toMatchObject({ currency: 'EUR', price: 4, prepayment: 1 });
    const prepayment = await start(token, booking.id as number, 'prepayment');
    expect(prepayment.status).toBe(200);
    expect(prepayment.body.payment).toMatchObject({ amount: 1, currency: 'EUR' });
    const paid = await submitCard(
      app(),
      prepayment.body.redirect_url as string,
      TEST_CARDS.success,
    );
    expect(paid.statusCode).toBe(303);
    const after = await expectPaidExactly(token, booking.id as number, 1);
    expect(after.status).toBe(3);
  });

  it('opens no payment of nothing for a booking stored with a prepayment of 0', async () => {
    const { token, booking } = await bookCheap();
    // As a booking priced before a prepayment was at least one whole unit.
    await db
      .update(bookingRequests)
      .set({ prepayment: 0 })
      .where(eq(bookingRequests.id, booking.id as number));
    const prepayment = await start(token, booking.id as number, 'prepayment');
    expect(prepayment.status).toBe(422);
    expect(prepayment.body.message).toBe('This payment is not due');
    const opened = await db
      .select()
      .from(payments)
      .where(eq(payments.requestId, booking.id as number));
    expect(opened).toHaveLength(0);
    // The whole price is open instead.
    const full = await start(token, booking.id as number, 'full');
    expect(full.status).toBe(200);
    expect(full.body.payment).toMatchObject({ amount: 4, payment_type: 'full' });
  });

  it('is refused by the database as a payment of 0, whoever writes it', async () => {
    const { booking } = await bookCheap();
    const zero = db.insert(payments).values({
      requestId: booking.id as number,
      amount: 0,
      currency: 'EUR',
      paymentType: 'prepayment',
      paymentMethod: 'card',
      providerId: 2,
      providerPaymentId: `zero-${randomUUID()}`,
    });
    await expect(zero).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'payments_amount_positive' }),
    });
  });
});

describe('the outcome pages’ payment', () => {
  it('answers a paid payment by its signed token, and never for a wrong one', async () => {
    const { token, booking } = await payable();
    const started = await start(token, booking.id as number, 'prepayment');
    const paid = await submitCard(app(), started.body.redirect_url as string, TEST_CARDS.success);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe('/success');
    const outcome = await api(
      'GET',
      `/crm/api/payment/outcome?payment_id=${back.searchParams.get('payment_id')}&token=${back.searchParams.get('token')}`,
    );
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({
      payment: { status: 2, amount: booking.prepayment, card_last4: '4242' },
      booking: { id: booking.id, paid: booking.prepayment, price: booking.price },
    });
    const forged = await api(
      'GET',
      `/crm/api/payment/outcome?payment_id=${back.searchParams.get('payment_id')}&token=${'0'.repeat(32)}`,
    );
    expect(forged.status).toBe(404);

    const other = await payable();
    const declinedStart = await start(other.token, other.booking.id as number, 'full');
    const declined = await submitCard(
      app(),
      declinedStart.body.redirect_url as string,
      TEST_CARDS.decline,
    );
    const failedBack = new URL(declined.headers.location as string);
    expect(failedBack.pathname).toBe('/payment-failed');
    const failed = await api(
      'GET',
      `/crm/api/payment/outcome?payment_id=${failedBack.searchParams.get('payment_id')}&token=${failedBack.searchParams.get('token')}`,
    );
    expect(failed.body.payment.status).toBe(3);
  });
});
