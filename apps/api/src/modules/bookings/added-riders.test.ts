/**
 * Riders added to a booking that has paid (decision 192): their share
 * of the prepayment, by the terms agreed at booking, is due within the usual hold; the booking
 * waits for it (2, `paid` above 0, `hold_until` set), and the traveller can pay it. Unpaid when
 * the hold ends, the booking job gives back the added riders' places and the riders paid for keep
 * theirs (3 again), each side told once. Inside the full-payment window the added riders' whole
 * price is due. On PostgreSQL the job's hold end races the traveller's payment of the share for
 * real, several rounds, two job processes at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingRequests,
  bookingTourists,
  chatMessages,
  outbox,
  payments,
  refunds,
  tourDates,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { bookingPayments, TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import { quote } from '@gallop/booking-rules';
import { releaseUnpaidRiders, runBookingJob } from './expiry.ts';
import { money } from './notices.ts';
import { book, dateWithSeats, seatsOf, signUp, type TourDateRow } from './testing-scratch.ts';

const PUBLIC_URL = 'http://web.test';
const { app, db } = scratchAppForFile('added_riders', {
  PUBLIC_WRITE_LIMIT: '1000000',
  PUBLIC_URL,
  PAYMENT_SANDBOX_SECRET: 'added-riders-secret',
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 8 : 1;
const HOLD_HOURS = 72;
const HOUR = 3_600_000;

async function api(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const response = await app().inject({
    method,
    url,
    headers: { 'x-authorization': `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const stored = async (id: number) =>
  (await db().select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const touristsOf = (id: number) =>
  db()
    .select()
    .from(bookingTourists)
    .where(eq(bookingTourists.requestId, id))
    .orderBy(bookingTourists.position);
const viewOf = async (token: string, id: number) =>
  (await api('GET', `/crm/api/request/get?id=${id}`, token)).body;

/** A guaranteed date of `capacity` seats asking 30% first, its full-payment days as given. */
async function dateOf(capacity: number, fullPaymentDays: number | null = null) {
  const date = await dateWithSeats(db(), capacity, used);
  const terms = { prepaymentType: 'percent', prepaymentSize: 30, fullPaymentDays } as const;
  await db().update(tourDates).set(terms).where(eq(tourDates.id, date.id));
  return { ...date, ...terms } as TourDateRow;
}

/** What 30% asks of `riders` at `price` per rider (outside the full-payment window). */
const thirty = (price: number, riders: number) =>
  quote(
    {
      price,
      prepaymentType: 'percent',
      prepaymentSize: 30,
      fullPaymentDays: null,
      startDate: '2099-01-01',
    },
    riders,
    new Date().toISOString().slice(0, 10),
  ).prepayment!;

/** Opens a payment page of `type` for booking `id`: its address and the payment's row. */
async function openPage(token: string, id: number, type: string) {
  const opened = await api('POST', '/crm/api/payment/start', token, {
    request_id: id,
    payment_type: type,
    payment_method: 'card',
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const [row] = await db()
    .select()
    .from(payments)
    .where(eq(payments.id, opened.body.payment.id as number));
  return { url: opened.body.redirect_url as string, payment: row! };
}

/** A proven traveller's booking of `riders` on `date`, its first payment (`type`) made: 3. */
async function paidBooking(date: TourDateRow, riders: number, type = 'prepayment') {
  const traveller = await signUp(app());
  const made = await book(app(), date, { ...traveller, riders });
  expect(made.status).toBe(201);
  const id = made.body.id as number;
  const page = await openPage(traveller.token, id, type);
  expect((await submitCard(app(), page.url, TEST_CARDS.success)).statusCode).toBe(303);
  const row = await stored(id);
  expect(row).toMatchObject({ status: 3, holdUntil: null });
  return { token: traveller.token, id, uuid: made.body.uuid as string, row, date };
}

const addRiders = (token: string, uuid: string, count: number, tag = 'Extra') =>
  api('POST', `/crm/api/request/add-tourists?uuid=${uuid}`, token, {
    tourists: Array.from({ length: count }, (_, i) => ({
      first_name: `${tag}${i}`,
      last_name: 'Rider',
      birthday: '1990-01-01',
      weight: 70,
    })),
  });

const setRiders = (token: string, id: number, tourists: object[]) =>
  api('POST', `/crm/api/request/update-tourists?request_id=${id}`, token, { tourists });

/** The booking job's hold end of added riders, at `now`. */
const holdEnd = (now: Date) =>
  releaseUnpaidRiders(db(), {
    now,
    holdHours: HOLD_HOURS,
    publicUrl: PUBLIC_URL,
    payments: bookingPayments(db()),
  });

/** The notices of the riders' release: the e-mails (by recipient) and the chat lines. */
async function releaseNotices(id: number) {
  const mails = await db()
    .select({ recipient: outbox.recipient, kind: outbox.kind, body: outbox.body })
    .from(outbox)
    .where(
      and(
        sql`(${outbox.payload}->>'requestId')::int = ${id}`,
        sql`${outbox.payload}->>'event' = 'unpaid-riders-released'`,
      ),
    );
  const chat = await db()
    .select({ body: chatMessages.body })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.requestId, id), sql`${chatMessages.body} like '%not paid in time%'`),
    );
  return { mails, chat };
}

/** What the provider charged and gave back for a booking, minor units. */
async function providerBooks(id: number) {
  const [row] = (
    await db().execute<{ charged: string; refunded: string }>(sql`
      select coalesce(sum(s.amount) filter (where s.status = 'succeeded'), 0) as charged,
             coalesce(sum(s.refunded), 0) as refunded
      from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where p.request_id = ${id}`)
  ).rows;
  return { charged: Number(row!.charged), refunded: Number(row!.refunded) };
}

describe("a paid booking's date filled with riders who pay nothing (the probe)", () => {
  it('asks the added riders their share within the hold, and gives their seats back unpaid', async () => {
    const date = await dateOf(10);
    const { token, id, uuid, row: paid } = await paidBooking(date, 1);
    expect(paid.paid).toBe(thirty(paid.price, 1));
    const free = (await seatsOf(db(), date.id)).free;
    expect(free).toBe(9);

    const before = Date.now();
    const added = await addRiders(token, uuid, free);
    expect(added.status).toBe(200);
    expect((await seatsOf(db(), date.id)).free).toBe(0);
    const grown = await stored(id);
    // The agreed 30% of the new price is the prepayment now; only the first rider's is paid.
    expect(grown).toMatchObject({
      status: 2,
      seats: 10,
      price: paid.price * 10,
      prepayment: thirty(paid.price, 10),
      paid: paid.paid,
    });
    expect(grown.holdUntil!.getTime()).toBeGreaterThanOrEqual(before + HOLD_HOURS * HOUR);
    expect(grown.holdUntil!.getTime()).toBeLessThanOrEqual(Date.now() + HOLD_HOURS * HOUR);
    const view = await viewOf(token, id);
    expect(view).toMatchObject({
      status: 2,
      hold_until: grown.holdUntil!.toISOString(),
      can_pay: true,
    });
    const share = grown.prepayment! - grown.paid;
    const traveller = (
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.kind, 'booking-riders-changed'))
        .orderBy(outbox.id)
    ).filter((m) => (m.payload as { requestId?: number }).requestId === id);
    expect(traveller).toHaveLength(1);
    expect(traveller[0]!.body).toContain(`pay what is due for them, ${money(share, 'USD')}`);

    // The hold ends unpaid: the added riders' seats go back, the rider paid for keeps theirs.
    expect(await holdEnd(new Date(grown.holdUntil!.getTime() - 60_000))).toBe(0);
    expect(await holdEnd(new Date(grown.holdUntil!.getTime() + 60_000))).toBe(1);
    expect((await seatsOf(db(), date.id)).free).toBe(9);
    const after = await stored(id);
    expect(after).toMatchObject({
      status: 3,
      seats: 1,
      price: paid.price,
      prepayment: thirty(paid.price, 1),
      paid: paid.paid,
      refunded: 0,
      holdUntil: null,
    });
    expect((await touristsOf(id)).map((t) => t.firstName)).toEqual(['Maya']);
  });
});

describe('the hold of added riders ending unpaid', () => {
  it('gives back their places only, keeps the money right and tells each side once', async () => {
    const date = await dateOf(10);
    const { token, id, uuid, row: paid } = await paidBooking(date, 2);
    expect((await addRiders(token, uuid, 3, 'Late')).status).toBe(200);
    const grown = await stored(id);
    expect(grown).toMatchObject({ status: 2, seats: 5, prepayment: thirty(paid.price / 2, 5) });
    // The traveller opened the share's page and left it: the job closes it with the hold.
    const { payment } = await openPage(token, id, 'prepayment');
    expect(payment.amount).toBe(grown.prepayment! - grown.paid);

    const job = { now: new Date(grown.holdUntil!.getTime() + HOUR), holdHours: HOLD_HOURS };
    // The whole booking job, twice: one release, told once.
    const run = () =>
      runBookingJob(db(), { ...job, publicUrl: PUBLIC_URL, payments: bookingPayments(db()) });
    await run();
    await run();
    const after = await stored(id);
    expect(after).toMatchObject({
      status: 3,
      seats: 2,
      price: paid.price,
      prepayment: paid.prepayment,
      paid: paid.paid,
      refunded: 0,
      holdUntil: null,
    });
    expect((await touristsOf(id)).map((t) => [t.firstName, t.addedUnpaid])).toEqual([
      ['Maya', false],
      ['Rider1', false],
    ]);
    expect(await seatsOf(db(), date.id)).toMatchObject({ free: 8, sold: 2 });
    const [closed] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(closed).toMatchObject({ status: 3, failureReason: 'voided' });
    expect(await providerBooks(id)).toEqual({ charged: paid.paid, refunded: 0 });

    const { mails, chat } = await releaseNotices(id);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'booking-riders-released',
      'organizer-booking-notice',
    ]);
    expect(new Set(mails.map((m) => m.recipient)).size).toBe(2);
    const toTraveller = mails.find((m) => m.kind === 'booking-riders-released')!;
    expect(toTraveller.body).toContain(
      '3 riders added to booking #' +
        String(id) +
        ' (Late0 Rider, Late1 Rider, Late2 Rider) was not paid in time',
    );
    expect(toTraveller.body).toContain('The riders already paid for keep their places');
    expect(chat).toHaveLength(1);
    // The booking is prepaid again: its page offers the rest, and no hold.
    const view = await viewOf(token, id);
    expect(view).toMatchObject({ status: 3, hold_until: null, can_pay: true });
  });
});

describe('the added riders paid for in time', () => {
  it('their share makes the booking prepaid again, and the hold end keeps them', async () => {
    const date = await dateOf(10);
    const { token, id, uuid, row: paid } = await paidBooking(date, 1);
    expect((await addRiders(token, uuid, 2)).status).toBe(200);
    const grown = await stored(id);
    const share = grown.prepayment! - paid.paid;
    expect(share).toBe(thirty(paid.price, 3) - thirty(paid.price, 1));
    const page = await openPage(token, id, 'prepayment');
    expect(page.payment.amount).toBe(share);
    expect((await submitCard(app(), page.url, TEST_CARDS.success)).statusCode).toBe(303);
    const prepaid = await stored(id);
    expect(prepaid).toMatchObject({
      status: 3,
      seats: 3,
      paid: grown.prepayment,
      holdUntil: null,
      refunded: 0,
    });
    expect(await holdEnd(new Date(grown.holdUntil!.getTime() + HOUR))).toBe(0);
    expect((await stored(id)).seats).toBe(3);
    expect(await seatsOf(db(), date.id)).toMatchObject({ free: 7, sold: 3 });
    expect((await releaseNotices(id)).mails).toEqual([]);

    // Riders added again start a new hold; the marks of the ones paid for are gone.
    expect((await addRiders(token, uuid, 1, 'Next')).status).toBe(200);
    const again = await stored(id);
    expect(again.status).toBe(2);
    expect((await touristsOf(id)).map((t) => t.addedUnpaid)).toEqual([false, false, false, true]);
    // Paying the whole rest covers it as well.
    const rest = await openPage(token, id, 'payment');
    expect(rest.payment.amount).toBe(again.price - again.paid);
    await submitCard(app(), rest.url, TEST_CARDS.success);
    expect(await stored(id)).toMatchObject({ status: 3, paid: again.price, holdUntil: null });
  });
});

describe('inside the full-payment window', () => {
  it("asks the added riders' whole price, and keeps the riders paid for within what was paid", async () => {
    // The whole price is due at once: the booking was paid in full.
    const date = await dateOf(10, 365);
    const { token, id, uuid, row: paid } = await paidBooking(date, 2, 'full');
    expect(paid).toMatchObject({ prepayment: null, paid: paid.price });
    const perRider = paid.price / 2;
    expect((await addRiders(token, uuid, 2)).status).toBe(200);
    const grown = await stored(id);
    expect(grown).toMatchObject({ status: 2, prepayment: paid.price * 2 });
    const page = await openPage(token, id, 'prepayment');
    expect(page.payment.amount).toBe(2 * perRider);
    const view = await viewOf(token, id);
    const tourists = view.tourists as Json[];
    // Without the second rider paid for, what was paid would pay for the first alone.
    expect(tourists.map((t) => t.can_delete)).toEqual([false, false, true, true]);
    const keep = (...at: number[]) =>
      at.map((i) => ({
        id: tourists[i]!.id,
        first_name: tourists[i]!.first_name,
        last_name: tourists[i]!.last_name,
      }));
    expect((await setRiders(token, id, keep(0, 2, 3))).status).toBe(409);
    // The added riders removed by the traveller: nothing more is due, prepaid again.
    expect((await setRiders(token, id, keep(0, 1))).status).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 3,
      seats: 2,
      price: paid.price,
      paid: paid.price,
      holdUntil: null,
    });
    expect(await seatsOf(db(), date.id)).toMatchObject({ free: 8, sold: 2 });
    // The share's page is closed: it is no longer due.
    const [closed] = await db().select().from(payments).where(eq(payments.id, page.payment.id));
    expect(closed).toMatchObject({ status: 3, failureReason: 'voided' });
    const changed = (
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.kind, 'booking-riders-changed'))
        .orderBy(outbox.id)
    )
      .filter((m) => (m.payload as { requestId?: number }).requestId === id)
      .map((m) => m.body);
    expect(changed).toHaveLength(2);
    expect(changed[0]).toContain(`pay what is due for them, ${money(2 * perRider, 'USD')}`);
    expect(changed[1]).toContain('nothing more is due now');
  });
});

describe("the job's hold end racing the payment of the share", () => {
  it(`ends one way: riders kept and paid, or given back and nothing charged, ${rounds} rounds`, async () => {
    const settle = bookingPayments(db());
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateOf(6);
      const { token, id, uuid, row: paid } = await paidBooking(date, 1);
      expect((await addRiders(token, uuid, 2)).status).toBe(200);
      const grown = await stored(id);
      // The share's page opened within the hold, still open 31 minutes later as the hold ends.
      const { url } = await openPage(token, id, 'prepayment');
      const now = new Date(Date.now() + 31 * 60_000);
      await db()
        .update(bookingRequests)
        .set({ holdUntil: new Date(Date.now() + 60_000) })
        .where(eq(bookingRequests.id, id));
      // Every other round the job starts a moment later, so either side may come first.
      const lag = round % 2 === 0 ? 0 : 15;
      const later = () => new Promise((resolve) => setTimeout(resolve, lag));
      const [submitted, first, second] = await Promise.all([
        submitCard(app(), url, TEST_CARDS.success),
        later().then(() => holdEnd(now)),
        later().then(() => holdEnd(now)),
      ]);
      expect([303, 410]).toContain(submitted.statusCode);
      await settle.reconcile(PUBLIC_URL, new Date(Date.now() + HOUR));
      await settle.sendRefunds();

      const row = await stored(id);
      const kept = row.seats === 3;
      const released = first + second;
      expect(released).toBe(kept ? 0 : 1);
      expect(row.status).toBe(3);
      expect(row.holdUntil).toBeNull();
      expect(row.paid).toBeLessThanOrEqual(row.price);
      if (kept) {
        expect(row).toMatchObject({ price: grown.price, paid: grown.prepayment });
      } else {
        expect(row).toMatchObject({ seats: 1, price: paid.price, paid: paid.paid });
      }
      expect((await touristsOf(id)).length).toBe(row.seats);
      // No seat lost or sold twice.
      expect(await seatsOf(db(), date.id)).toEqual({
        capacity: 6,
        free: 6 - row.seats,
        sold: row.seats,
      });
      // The provider keeps exactly what the booking counts as paid; every refund went out.
      const books = await providerBooks(id);
      expect(books.charged - books.refunded).toBe(row.paid);
      expect(books.refunded).toBe(row.refunded);
      const recorded = await db().select().from(refunds).where(eq(refunds.requestId, id));
      expect(recorded.every((r) => r.status === 2)).toBe(true);
      const { mails, chat } = await releaseNotices(id);
      expect(mails).toHaveLength(kept ? 0 : 2);
      expect(chat).toHaveLength(kept ? 0 : 1);
      outcomes.push(
        `${submitted.statusCode} ${kept ? 'kept' : 'released'}, charged ${books.charged}, refunded ${books.refunded}`,
      );
    }
    console.info('hold end vs payment of the share', outcomes);
  });
});
