/**
 * Every proof of an address runs what it brings (decision 185): a confirmed phone makes the
 * account's waiting riders count, so a date whose group they complete runs at once (the meter
 * never reads "4 of 4" on a waiting date, and the job does not call off a reached group); a
 * password reset link proves the e-mail as a code does, so the guest bookings of that address
 * join the account and the date runs.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tourDates, tours } from '#src/db/schema/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import type { Json } from '#src/testing/call.ts';
import { bookingPayments, sandboxProvider } from '#src/modules/payments/index.ts';
import { expireUnpaidBookings } from './expiry.ts';
import { callOffUndecidedDates } from './departures.ts';
import { bearer, book, dateWithSeats, signUp, unconfirmedSignUp } from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('proofs_run_dates', {
    PUBLIC_WRITE_LIMIT: '1000000',
    AUTH_LIMIT: '100000',
    AUTH_ACCOUNT_LIMIT: '100000',
    PUBLIC_URL: 'http://web.test',
    BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-proofs',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const post = async (url: string, token: string, payload: object) => {
  const response = await app().inject({ method: 'POST', url, headers: bearer(token), payload });
  return { status: response.statusCode, body: response.json() as Json };
};

async function confirmPhone(token: string) {
  const phone = `+1646${String(randomInt(0, 1e7)).padStart(7, '0')}`;
  expect((await post('/crm/api/user/change-phone', token, { phone })).status).toBe(200);
  expect(
    (await post('/crm/api/user/send-confirmation-code', token, { code_sender: 'sms' })).status,
  ).toBe(200);
  const [message] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, phone))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = message!.body.match(/\b(\d{5})\b/)![1];
  const confirmed = await post('/crm/api/user/confirm-phone', token, { code });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

describe('a phone proven after booking', () => {
  it('runs the date its riders complete, which the decision day then leaves alone', async () => {
    const date = await dateWithSeats(db, 12, used, { guaranteed: false, minRiders: 4 });
    await db.update(tourDates).set({ decisionDate: '2099-03-12' }).where(eq(tourDates.id, date.id));
    const proven = await book(app(), date, await signUp(app()));
    expect(proven).toMatchObject({ status: 201, body: { status: 1 } });
    const unproven = await unconfirmedSignUp(app());
    const held = await book(app(), date, { ...unproven, riders: 3 });
    expect(held).toMatchObject({ status: 201, body: { status: 1 } });

    await confirmPhone(unproven.token);

    const [tour] = await db
      .select({ slug: tours.slug })
      .from(tours)
      .where(eq(tours.id, date.tourId));
    const page = await app().inject({ url: `/spa/tour?slug=${tour!.slug}&format=short` });
    const shown = (page.json() as { dates: Json[] }).dates.find((d) => d.id === date.id)!;
    const [row] = await db.select().from(tourDates).where(eq(tourDates.id, date.id));
    // The proof ran the date: its group of 4 is reached by riders who can all come.
    expect(row!.notGuaranteed).toBe(false);

    // The decision day passes with nobody booking again and the organizer silent.
    await db.update(tourDates).set({ decisionDate: '2000-01-01' }).where(eq(tourDates.id, date.id));
    await expireUnpaidBookings(db, {
      now: new Date(),
      holdHours: 72,
      publicUrl: 'http://web.test',
      payments: bookingPayments(db, sandboxProvider(db)),
    });
    await callOffUndecidedDates(db, {
      now: new Date(),
      publicUrl: 'http://web.test',
      payments: bookingPayments(db, sandboxProvider(db)),
    });
    const [after] = await db.select().from(tourDates).where(eq(tourDates.id, date.id));
    const rows = await db
      .select({ status: bookingRequests.status, seats: bookingRequests.seats })
      .from(bookingRequests)
      .where(and(eq(bookingRequests.tourDateId, date.id)));

    // Decision 185: the meter never reads "4 of 4" on a waiting date; a group reached runs.
    expect(rows.map((booking) => booking.status).sort()).toEqual([2, 2]);
    expect(
      shown.not_guaranteed === true && (shown.riders_booked as number) >= 4,
      'waiting date shows its minimum reached',
    ).toBe(false);
    expect(
      after!.cancelledAt,
      'a date whose counted group reached its minimum was called off',
    ).toBeNull();
  });
});

async function tokenOfLink(recipient: string, kind: string, name: string) {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return new URL(mail!.body.match(/https?:\/\/\S+/)![0]).searchParams.get(name)!;
}

describe('an e-mail proven by a password reset link', () => {
  it('joins the guest bookings of the address and runs the date they complete', async () => {
    const date = await dateWithSeats(db, 12, used, { guaranteed: false, minRiders: 4 });
    await db.update(tourDates).set({ decisionDate: '2099-03-12' }).where(eq(tourDates.id, date.id));
    expect((await book(app(), date, await signUp(app()))).body).toMatchObject({ status: 1 });
    const unproven = await unconfirmedSignUp(app());
    // Two riders on the account, one more as a signed-out guest with the same address.
    const held = await book(app(), date, { ...unproven, riders: 2 });
    expect(held).toMatchObject({ status: 201, body: { status: 1 } });
    const guest = await book(app(), date, { email: unproven.email, riders: 1 });
    expect(guest).toMatchObject({ status: 201, body: { status: 1 } });

    const asked = await app().inject({
      method: 'POST',
      url: '/crm/api/user/password-recovery',
      payload: { email: unproven.email },
    });
    expect(asked.statusCode).toBe(200);
    const token = await tokenOfLink(unproven.email, 'reset-password', 'password_reset_token');
    const reset = await app().inject({
      method: 'POST',
      url: '/crm/api/user/password-reset',
      payload: { token, password: 'A-New-Strong-Passphrase-93!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const [dateAfter] = await db.select().from(tourDates).where(eq(tourDates.id, date.id));
    const [guestRow] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, guest.body.id as number));
    const [tour] = await db
      .select({ slug: tours.slug })
      .from(tours)
      .where(eq(tours.id, date.tourId));
    const page = await app().inject({ url: `/spa/tour?slug=${tour!.slug}&format=short` });
    const shown = (page.json() as { dates: Json[] }).dates.find((d) => d.id === date.id)!;
    // A proof of the address: as a code sign-in or a confirmation link, the claim runs.
    expect(guestRow!.userId, 'guest booking of the proven address not claimed').not.toBeNull();
    expect(shown.min_riders, 'the page still shows a minimum to reach').toBeNull();
    expect(dateAfter!.notGuaranteed, 'a group counted 4 of 4 not run').toBe(false);
  });
});
