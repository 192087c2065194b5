/**
 * Rider changes and the money already in flight (decision 175): a change that moves what is due
 * closes the open payment page, whose card page then offers the new amount; a charge that beat
 * the void is credited only as far as it makes the booking prepaid, else refunded whole; a
 * booking is prepaid (3) only with its prepayment paid. On PostgreSQL the rider changes race the
 * card page's submit for real; on PGlite the same assertions hold one after another.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  bookingTourists,
  payments,
  refunds,
  tours,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { bookingPayments, TEST_CARDS } from '#src/modules/payments/index.ts';
import {
  chargeAtProvider,
  hostedPage,
  providerBooksOf,
  submitCard,
} from '#src/modules/payments/testing.ts';
import {
  book,
  dateWithSeats,
  messagesAbout,
  seatsOf,
  signUp,
  tallyStatuses,
  type TourDateRow,
  scratchApi,
} from './testing-scratch.ts';
import { money } from './notices.ts';

const PUBLIC_URL = 'http://web.test';
let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 8 : 2;

beforeAll(async () => {
  scratch = await buildScratchApp('rider_money', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL,
    PAYMENT_SANDBOX_SECRET: 'rider-change-payments-secret',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

const api = scratchApi(app);

/** A signed-in traveller's confirmed booking of `riders` riders (and companions), payable. */
async function payable(riders: number, options: { date?: TourDateRow; nonRiders?: number } = {}) {
  const date = options.date ?? (await dateWithSeats(db, 20, used));
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, {
    ...traveller,
    riders,
    nonRiders: options.nonRiders,
  });
  expect(status).toBe(201);
  expect(body.can_pay).toBe(true);
  return { token: traveller.token, booking: body, id: body.id as number, date };
}

const start = (token: string, requestId: number, type: string) =>
  api('POST', '/crm/api/payment/start', token, {
    request_id: requestId,
    payment_type: type,
    payment_method: 'card',
  });

/** Opens a payment page and answers its address and the payment's row. */
async function openPage(token: string, requestId: number, type: string) {
  const opened = await start(token, requestId, type);
  expect(opened.status).toBe(200);
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.id, opened.body.payment.id as number));
  return { url: opened.body.redirect_url as string, payment: row! };
}

const setRiders = (token: string, id: number, tourists: object[]) =>
  api('POST', `/crm/api/request/update-tourists?request_id=${id}`, token, { tourists });

/** The booking with its second tourist removed (its first stays, as it must). */
const removeSecond = (token: string, booking: Json) => {
  const [first] = booking.tourists as Json[];
  return setRiders(token, booking.id as number, [
    { id: first!.id, first_name: 'Maya', last_name: 'Hart' },
  ]);
};

const addRiders = (token: string, uuid: string, names: string[], key?: string) =>
  api(
    'POST',
    `/crm/api/request/add-tourists?uuid=${uuid}`,
    token,
    { tourists: names.map((first_name) => ({ first_name, last_name: 'Added' })) },
    key ? { 'idempotency-key': key } : {},
  );

const pageOf = (url: string) => {
  const { path, token } = hostedPage(url);
  return app().inject({ url: `${path}?token=${token}` });
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** What the provider charged and gave back for a booking, minor units (USD: cents both sides). */
async function providerBooks(requestId: number) {
  const { charged, refunded } = await providerBooksOf(db, requestId);
  return { charged, refunded };
}

/** Every charge of a booking at the provider: its amount and what went back, minor units. */
async function chargesOf(requestId: number) {
  const rows = (
    await db.execute<{ amount: string; refunded: string }>(sql`
      select s.amount, s.refunded
      from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where p.request_id = ${requestId} and s.status = 'succeeded'`)
  ).rows;
  return rows.map((r) => ({ amount: Number(r.amount), refunded: Number(r.refunded) }));
}

async function stored(id: number) {
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return row!;
}

/** What makes a booking prepaid (3): its prepayment, or its whole price when it has none. */
const prepaidAt = (row: { price: number; prepayment: number | null }) =>
  Math.min(row.prepayment ?? row.price, row.price);

/** The money invariants every booking keeps once the provider's answers are all applied. */
async function expectBooksAgree(id: number) {
  const row = await stored(id);
  const books = await providerBooks(id);
  const cancellations = await db
    .select({ amount: refunds.amount })
    .from(refunds)
    .where(and(eq(refunds.requestId, id), eq(refunds.reason, 'cancellation')));
  const cancelled = cancellations.reduce((sum, r) => sum + r.amount, 0);
  expect(row.paid).toBeLessThanOrEqual(row.price);
  // The provider keeps exactly what the booking counts as paid, less what a cancellation gave back.
  expect(books.charged - books.refunded).toBe(row.paid - cancelled);
  expect(books.refunded).toBe(row.refunded);
  if (row.status === 3) expect(row.paid).toBeGreaterThanOrEqual(prepaidAt(row));
  // Status 2 means the prepayment is not paid: nothing is, or riders added since a payment wait
  // for their share, with a hold, marked unpaid (decision 192).
  if (row.status === 2) {
    expect(row.paid).toBeLessThan(prepaidAt(row));
    if (row.paid > 0) {
      expect(row.holdUntil).not.toBeNull();
      const marked = await db
        .select({ id: bookingTourists.id })
        .from(bookingTourists)
        .where(and(eq(bookingTourists.requestId, id), eq(bookingTourists.addedUnpaid, true)));
      expect(marked.length).toBeGreaterThan(0);
    }
  }
  return row;
}

describe('a payment page left open while the riders change', () => {
  it('closes when a rider is removed, offers the new amount, and charges only that', async () => {
    const { token, booking, id } = await payable(2);
    const { url, payment } = await openPage(token, id, 'prepayment');
    const removed = await removeSecond(token, booking);
    expect(removed.status).toBe(200);
    const due = Math.round((removed.body.prepayment as number) * 100);
    expect(due).toBeLessThan(payment.amount);

    const shown = await pageOf(url);
    expect(shown.statusCode).toBe(410);
    expect(titleOf(shown.body)).toBe('The amount due has changed');
    expect(shown.body).toContain(`href="${PUBLIC_URL}/booking/uuid/${booking.uuid as string}"`);
    expect(shown.body).toContain(`Pay ${money(due, 'USD')} on Gallop`);
    // The traveller completes the page that was open: nothing is taken.
    const submitted = await submitCard(app(), url, TEST_CARDS.success);
    expect(submitted.statusCode).toBe(410);
    expect(await providerBooks(id)).toEqual({ charged: 0, refunded: 0 });
    const [closed] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(closed).toMatchObject({ status: 3, failureReason: 'voided' });
    expect(closed!.voidConfirmedAt).not.toBeNull();

    // The amount shown now is the amount charged.
    const again = await openPage(token, id, 'prepayment');
    expect(again.payment.amount).toBe(due);
    await submitCard(app(), again.url, TEST_CARDS.success);
    expect(await providerBooks(id)).toEqual({ charged: due, refunded: 0 });
    expect(await expectBooksAgree(id)).toMatchObject({ status: 3, paid: due });
  });

  it('closes when a rider is added, so the old, smaller prepayment cannot make it prepaid', async () => {
    const { token, booking, id } = await payable(1);
    const before = await stored(id);
    const { url, payment } = await openPage(token, id, 'prepayment');
    const added = await addRiders(token, booking.uuid as string, ['Late']);
    expect(added.status).toBe(200);
    const submitted = await submitCard(app(), url, TEST_CARDS.success);
    expect(submitted.statusCode).toBe(410);
    const row = await expectBooksAgree(id);
    expect(row).toMatchObject({ status: 2, paid: 0 });
    expect(row.prepayment).toBeGreaterThan(payment.amount);
    // Still held, so the unpaid-hold expiry still applies to it.
    expect(row.holdUntil).toEqual(before.holdUntil);
    const read = await api('GET', `/crm/api/request/get?id=${id}`, token);
    expect(read.body.hold_until).not.toBeNull();
  });

  it('answers a same-amount page as it was: a change of names closes nothing', async () => {
    const { token, booking, id } = await payable(2);
    const { url } = await openPage(token, id, 'prepayment');
    const [first, second] = booking.tourists as Json[];
    const renamed = await setRiders(token, id, [
      { id: first!.id, first_name: 'Maya', last_name: 'Hart' },
      { id: second!.id, first_name: 'Renamed', last_name: 'Hart' },
    ]);
    expect(renamed.status).toBe(200);
    expect((await pageOf(url)).statusCode).toBe(200);
  });
});

describe('a charge that beat the void of a page a rider change closed', () => {
  it('is refunded whole when short of the prepayment now due; the booking keeps its hold', async () => {
    const { token, booking, id } = await payable(1);
    const before = await stored(id);
    const { payment } = await openPage(token, id, 'prepayment');
    // The payer's card was charged at the provider just before the change committed.
    expect(await chargeAtProvider(db, payment.providerPaymentId)).toBe(true);
    const added = await addRiders(token, booking.uuid as string, ['Late']);
    expect(added.status).toBe(200);
    const row = await expectBooksAgree(id);
    expect(row).toMatchObject({ status: 2, paid: 0, refunded: payment.amount });
    expect(row.holdUntil).toEqual(before.holdUntil);
    expect(await providerBooks(id)).toEqual({
      charged: payment.amount,
      refunded: payment.amount,
    });
    const [mail] = await messagesAbout(db, id, 'payment-refunded');
    expect(mail!.body).toContain('was for the amount due before the riders of booking');
    expect(mail!.body).toContain(`${money(row.prepayment!, 'USD')} is due now`);
    // The trip page names the refund for what it is, not "more than was due".
    const recorded = await db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(recorded.map((refund) => refund.reason)).toEqual(['amount-changed']);
    // The traveller pays what is due now, and only then is the booking prepaid.
    const again = await openPage(token, id, 'prepayment');
    expect(again.payment.amount).toBe(row.prepayment);
    await submitCard(app(), again.url, TEST_CARDS.success);
    expect(await expectBooksAgree(id)).toMatchObject({ status: 3, paid: row.prepayment });
  });

  it('is credited the prepayment now due and the rest refunded after a rider was removed', async () => {
    const { token, booking, id } = await payable(2);
    const { payment } = await openPage(token, id, 'prepayment');
    expect(await chargeAtProvider(db, payment.providerPaymentId)).toBe(true);
    expect((await removeSecond(token, booking)).status).toBe(200);
    const row = await expectBooksAgree(id);
    expect(row.status).toBe(3);
    expect(row.paid).toBe(row.prepayment);
    expect(row.refunded).toBe(payment.amount - row.prepayment!);
  });
});

describe('a charge that beat the void of a page another start replaced', () => {
  it('pays the booking in full and closes the page that replaced it, voided at the provider', async () => {
    const { token, id } = await payable(1);
    const full = await openPage(token, id, 'full');
    // The payer's card was charged for the whole price just before they asked for the
    // prepayment page instead (another tab): the start voids the full payment, too late.
    expect(await chargeAtProvider(db, full.payment.providerPaymentId)).toBe(true);
    const replacing = await start(token, id, 'prepayment');
    expect(replacing.status).toBe(200);
    const row = await expectBooksAgree(id);
    expect(row).toMatchObject({ status: 3, paid: row.price, refunded: 0 });
    // Nothing is due, so no page may charge again: the prepayment page is closed and voided.
    const pages = await db.select().from(payments).where(eq(payments.requestId, id));
    expect(pages.filter((page) => page.status === 1)).toEqual([]);
    const prepayment = pages.find((page) => page.paymentType === 'prepayment')!;
    expect(prepayment).toMatchObject({ status: 3 });
    expect(prepayment.voidConfirmedAt).not.toBeNull();
    // Its card page, if the start still sent the payer to one, charges nothing.
    const url = replacing.body.redirect_url as string;
    if (hostedPage(url).token) await submitCard(app(), url, TEST_CARDS.success);
    expect(await providerBooks(id)).toEqual({ charged: row.price, refunded: 0 });
    expect(await expectBooksAgree(id)).toMatchObject({ paid: row.price, refunded: 0 });
  });
});

describe('a balance paid after the tour ended', () => {
  it('is refunded in full, and the e-mail says the tour had ended', async () => {
    const { token, id } = await payable(1);
    const prepay = await openPage(token, id, 'prepayment');
    await submitCard(app(), prepay.url, TEST_CARDS.success);
    const balance = await openPage(token, id, 'payment');
    // The card was charged at the provider, and the completion job moved the booking on (3 → 4)
    // before Gallop heard; the booking job's reconciliation then applies the charge.
    expect(await chargeAtProvider(db, balance.payment.providerPaymentId)).toBe(true);
    await db.update(bookingRequests).set({ status: 4 }).where(eq(bookingRequests.id, id));
    const settle = bookingPayments(db);
    await settle.reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000));
    await settle.sendRefunds();
    const row = await stored(id);
    expect(row).toMatchObject({ status: 4, refunded: balance.payment.amount });
    const [mail] = await messagesAbout(db, id, 'payment-refunded');
    expect(mail!.body).toContain(`after the tour of booking #${id} had ended`);
    expect(mail!.body).not.toContain('cancelled');
  });
});

describe('can_delete of a paid booking with companions', () => {
  it("follows the API's own rule: a rider at the per-rider price, a companion at theirs", async () => {
    const date = await dateWithSeats(db, 10, used, { nonRiderPlaces: 4, nonRiderPrice: 20_000 });
    await db.update(tours).set({ nonRidersWelcome: true }).where(eq(tours.id, date.tourId));
    const { token, id } = await payable(2, { date, nonRiders: 1 });
    const row = await stored(id);
    const perRider = (row.price - row.nonRiderPrice!) / 2;
    // Paid exactly what one rider fewer costs: the old rule (price / riders) refused this.
    const paidTo = async (paid: number) => {
      await db.update(bookingRequests).set({ status: 3, paid }).where(eq(bookingRequests.id, id));
      const read = await api('GET', `/crm/api/request/get?id=${id}`, token);
      return read.body.tourists as Json[];
    };
    const canDelete = (tourists: Json[]) => tourists.map((t) => t.can_delete);
    const without = (tourists: Json[], gone: number) =>
      setRiders(
        token,
        id,
        tourists
          .filter((_, i) => i !== gone)
          .map((t) => ({ id: t.id, first_name: t.first_name, last_name: t.last_name })),
      );

    const limit = perRider + row.nonRiderPrice!;
    const companionGoes = (paid: number) => 2 * perRider >= paid;
    const atLimit = await paidTo(limit);
    expect(canDelete(atLimit)).toEqual([false, true, companionGoes(limit)]);
    const overLimit = await paidTo(limit + 100);
    expect(canDelete(overLimit)).toEqual([false, false, companionGoes(limit + 100)]);
    expect((await without(overLimit, 1)).status).toBe(409);
    const back = await paidTo(perRider + row.nonRiderPrice!);
    expect((await without(back, 1)).status).toBe(200);
  });
});

describe('adding riders with one Idempotency-Key', () => {
  it('adds once for 10 identical requests at once, and voids the open page once', async () => {
    const { token, booking, id, date } = await payable(1);
    const { payment } = await openPage(token, id, 'prepayment');
    const key = randomUUID();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => addRiders(token, booking.uuid as string, ['Twin'], key)),
      ...Array.from({ length: 3 }, () =>
        addRiders(token, booking.uuid as string, ['Other', 'Two'], key),
      ),
    ]);
    const tally = tallyStatuses(answers);
    expect(Object.keys(tally).every((s) => s === '200' || s === '422')).toBe(true);
    const row = await stored(id);
    expect([2, 3]).toContain(row.seats);
    expect((await seatsOf(db, date.id)).sold).toBe(row.seats);
    const [closed] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(closed).toMatchObject({ status: 3, failureReason: 'voided' });
    expect(closed!.voidConfirmedAt).not.toBeNull();
  });
});

describe('a rider change racing the card page', () => {
  it(`keeps what is charged what is due, ${rounds} rounds`, async () => {
    const settle = bookingPayments(db);
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const adding = round % 2 === 0;
      const { token, booking, id } = await payable(adding ? 1 : 2);
      const { url } = await openPage(token, id, 'prepayment');
      const [paid, changed] = await Promise.all([
        submitCard(app(), url, TEST_CARDS.success),
        adding ? addRiders(token, booking.uuid as string, ['Racer']) : removeSecond(token, booking),
      ]);
      expect([303, 410]).toContain(paid.statusCode);
      // A removal after the prepayment was credited may price the booking below it: 409.
      expect([200, 409]).toContain(changed.status);
      await settle.reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000));
      await settle.sendRefunds();
      const row = await expectBooksAgree(id);
      // Paid before a rider was added: the prepayment paid is kept and the added rider's share
      // is due, the booking waiting for it (2).
      const paidBeforeAdding = row.status === 2 && row.paid > 0;
      const due = paidBeforeAdding ? row.paid : row.prepayment;
      for (const charge of await chargesOf(id)) {
        const kept = charge.amount - charge.refunded;
        // Charged what was due and kept, or refunded whole, or (charged just before a removal
        // committed) kept only the prepayment due now.
        expect(kept === 0 || kept === due).toBe(true);
        if (charge.refunded === 0) expect(charge.amount).toBe(due);
      }
      outcomes.push(`${paid.statusCode}/${changed.status}/${row.status}`);
    }
    console.info('rider change vs card page', outcomes);
  });
});

describe('payments, rider changes and cancels at once', () => {
  it(`keep Gallop's books and the provider's alike, ${rounds} rounds`, async () => {
    const settle = bookingPayments(db);
    for (let round = 0; round < rounds; round += 1) {
      const { token, booking, id } = await payable(3);
      const [first, second] = booking.tourists as Json[];
      const prepay = await start(token, id, 'prepayment');
      const full = await start(token, id, 'full');
      const answers = await Promise.all([
        submitCard(app(), prepay.body.redirect_url as string, TEST_CARDS.success),
        submitCard(app(), full.body.redirect_url as string, TEST_CARDS.success),
        setRiders(token, id, [
          { id: first!.id, first_name: 'Maya', last_name: 'Hart' },
          { id: second!.id, first_name: 'Rider1', last_name: 'Hart' },
        ]),
        addRiders(token, booking.uuid as string, ['Late']),
        start(token, id, 'payment'),
        round % 2 === 0
          ? api('POST', '/crm/api/request/cancel', token, { id })
          : start(token, id, 'prepayment'),
      ]);
      const statuses = answers.map((a) => ('statusCode' in a ? a.statusCode : a.status));
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      // The booking job finishes everything: late charges, voids, refunds.
      await settle.reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000));
      await settle.sendRefunds();
      await expectBooksAgree(id);
      const recorded = await db.select().from(refunds).where(eq(refunds.requestId, id));
      expect(recorded.every((r) => r.status === 2)).toBe(true);
    }
  });
});
