/**
 * Seats under concurrency (decision 089): many requests at once against one date, on a scratch
 * database. On PostgreSQL (CI) requests really overlap over a pool of connections; on PGlite they
 * run one after another and the same assertions must hold.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tourDates, users } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import {
  book,
  dateWithSeats,
  messagesAbout,
  seatsOf,
  signUp,
  uniqueEmail,
  tallyStatuses,
  cancelBooking,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const onPostgres = testDatabaseKind() === 'postgres';

beforeAll(async () => {
  scratch = await buildScratchApp('seats', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

const tally = tallyStatuses;

/** `n` one-seat bookings by different guests, all at once. */
const rush = (date: { id: number; tourId: number }, n: number) =>
  Promise.all(Array.from({ length: n }, () => book(app(), date, { email: uniqueEmail('rush') })));

const cancel = (token: string, id: number) => cancelBooking(app(), token, id);

/** A date of `bookings × riders` seats, sold out by one traveller's bookings. */
async function soldOut(bookings: number, riders: number) {
  const date = await dateWithSeats(db, bookings * riders, used);
  const owner = await signUp(app());
  const made: Json[] = [];
  for (let i = 0; i < bookings; i += 1) {
    const { status, body } = await book(app(), date, { ...owner, riders });
    expect(status).toBe(201);
    made.push(body);
  }
  expect(await seatsOf(db, date.id)).toMatchObject({ free: 0, sold: bookings * riders });
  return { date, owner, made };
}

describe('seats under concurrency', () => {
  const rounds = onPostgres ? 10 : 2;

  it(`sells 5 seats to 200 travellers at once, ${rounds} rounds: never more`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db, 5, used);
      const answers = await rush(date, 200);
      expect(tally(answers)).toEqual({ 201: 5, 422: 195 });
      expect(answers.find((a) => a.status === 422)!.body.message).toBe(
        'No seats are left on this date',
      );
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 5, free: 0, sold: 5 });
    }
  }, 300_000);

  it('releases a cancelled booking’s seats once, however often it is cancelled at once', async () => {
    for (let round = 0; round < (onPostgres ? 5 : 2); round += 1) {
      const { date, owner, made } = await soldOut(5, 2);
      const target = made[0]!;
      const cancels = await Promise.all(
        Array.from({ length: 20 }, () => cancel(owner.token, target.id as number)),
      );
      expect(tally(cancels)).toEqual({ 200: 20 });
      expect(cancels.every((c) => c.body.status === 5)).toBe(true);
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 10, free: 2, sold: 8 });
      expect(await messagesAbout(db, target.id as number, 'booking-canceled')).toHaveLength(1);

      const answers = await rush(date, 30);
      expect(tally(answers)).toEqual({ 201: 2, 422: 28 });
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 10, free: 0, sold: 10 });
    }
  }, 300_000);

  it('releases removed riders’ seats once, however often the same removal is sent at once', async () => {
    for (let round = 0; round < (onPostgres ? 5 : 2); round += 1) {
      const { date, owner, made } = await soldOut(3, 3);
      const target = made[0]!;
      const keepFirst = {
        tourists: [{ id: target.tourists[0].id, first_name: 'Maya', last_name: 'Hart' }],
      };
      const removals = await Promise.all(
        Array.from({ length: 20 }, () =>
          app().inject({
            method: 'POST',
            url: `/crm/api/request/update-tourists?request_id=${target.id}`,
            headers: { 'x-authorization': `Bearer ${owner.token}` },
            payload: keepFirst,
          }),
        ),
      );
      expect(removals.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 9, free: 2, sold: 7 });
      const [row] = await db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, target.id as number));
      expect(row).toMatchObject({ seats: 1, price: ((target.price as number) * 100) / 3 });

      const answers = await rush(date, 30);
      expect(tally(answers)).toEqual({ 201: 2, 422: 28 });
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 9, free: 0, sold: 9 });
    }
  }, 300_000);

  it('refuses a cancel from another state with 409 and a message, and changes nothing', async () => {
    const { date, owner, made } = await soldOut(1, 2);
    const id = made[0]!.id as number;
    await db.update(bookingRequests).set({ status: 6 }).where(eq(bookingRequests.id, id));
    const refused = await cancel(owner.token, id);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'This booking was cancelled by the organizer' },
    });
    expect((await seatsOf(db, date.id)).free).toBe(0);
  });
});

describe('creating a booking with an Idempotency-Key', () => {
  it('makes one booking and one e-mail for 20 identical requests at once, all answered alike', async () => {
    const date = await dateWithSeats(db, 10, used);
    const traveller = await signUp(app());
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => book(app(), date, { ...traveller, riders: 2, key })),
    );
    expect(tally(answers)).toEqual({ 201: 20 });
    const first = JSON.stringify(answers[0]!.body);
    expect(answers.every((a) => JSON.stringify(a.body) === first)).toBe(true);
    const rows = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.contactEmail, traveller.email));
    expect(rows).toHaveLength(1);
    expect(await messagesAbout(db, rows[0]!.id, 'booking-received')).toHaveLength(1);
    expect(await seatsOf(db, date.id)).toEqual({ capacity: 10, free: 8, sold: 2 });

    // Later, the same retry still answers the same booking.
    const later = await book(app(), date, { ...traveller, riders: 2, key });
    expect(later.status).toBe(201);
    expect(JSON.stringify(later.body)).toBe(first);

    // The same key with another request is refused, and books nothing.
    const other = await book(app(), date, { ...traveller, riders: 3, key });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for another request');
    expect(await seatsOf(db, date.id)).toEqual({ capacity: 10, free: 8, sold: 2 });
  }, 120_000);

  it('books again after a refused attempt with the same key (a failure is not kept)', async () => {
    const date = await dateWithSeats(db, 1, used);
    const traveller = await signUp(app());
    const key = randomUUID();
    const full = await book(app(), date, { ...traveller, riders: 2, key });
    expect(full.status).toBe(422);
    // The traveller retries the same submission with fewer riders: a new request, a new key.
    const fits = await book(app(), date, { ...traveller, riders: 1, key: randomUUID() });
    expect(fits.status).toBe(201);
    // The first key was not kept: sent again with its request once a seat is free, it books.
    await db
      .update(tourDates)
      .set({ numberOfSeats: 3, numberOfFreeSeats: 2 })
      .where(eq(tourDates.id, date.id));
    const retried = await book(app(), date, { ...traveller, riders: 2, key });
    expect(retried.status).toBe(201);
    expect(await seatsOf(db, date.id)).toEqual({ capacity: 3, free: 0, sold: 3 });
  });
});

describe('bookings made signed out', () => {
  it('never joins an account before its address is proven, then joins it with a code', async () => {
    const date = await dateWithSeats(db, 10, used);
    const owner = await signUp(app());
    const guest = await book(app(), date, { email: owner.email, riders: 1 });
    expect(guest.status).toBe(201);
    expect(guest.body).toMatchObject({ email_proof_required: true, can_pay: false });
    const holdMinutes = (Date.parse(guest.body.hold_until as string) - Date.now()) / 60_000;
    expect(holdMinutes).toBeGreaterThan(28);
    expect(holdMinutes).toBeLessThanOrEqual(30);

    const listOf = async () => {
      const response = await app().inject({
        url: '/crm/api/request/list',
        headers: { 'x-authorization': `Bearer ${owner.token}` },
      });
      return (response.json() as Json).items.map((item: Json) => item.id);
    };
    expect(await listOf()).not.toContain(guest.body.id);

    await app().inject({
      method: 'POST',
      url: '/crm/api/user/send-auth-code',
      payload: { login: owner.email, code_sender: 'email' },
    });
    const [code] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, owner.email), eq(outbox.kind, 'sign-in-code')));
    const signedIn = await app().inject({
      method: 'POST',
      url: '/crm/api/user/auth-via-code',
      payload: {
        login: owner.email,
        code: code!.body.match(/\b(\d{5})\b/)![1],
        verify_method: 'email',
      },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await listOf()).toContain(guest.body.id);
    const claimed = await app().inject({
      url: `/crm/api/request/get?id=${guest.body.id}`,
      headers: { 'x-authorization': `Bearer ${owner.token}` },
    });
    expect(claimed.json()).toMatchObject({ email_proof_required: false, can_pay: true });
  });

  it('gives each of 20 guests booking at once from one new phone an account to sign in to', async () => {
    for (let round = 0; round < (onPostgres ? 5 : 1); round += 1) {
      // Twice the seats the guests take: unproven guests hold at most half a date.
      const date = await dateWithSeats(db, 40, used);
      // A phone no account has yet: each booking's check finds it free.
      const phone = `+1415555${String(1000 + round * 10 + Math.floor(Math.random() * 10))}`;
      await db.update(users).set({ phone: null }).where(eq(users.phone, phone));
      const emails = Array.from({ length: 20 }, () => uniqueEmail('family'));
      const answers = await Promise.all(emails.map((email) => book(app(), date, { email, phone })));
      expect(tally(answers)).toEqual({ 201: 20 });
      const accounts = await db
        .select({ email: users.email, phone: users.phone, confirmed: users.phoneConfirmedAt })
        .from(users)
        .where(inArray(users.email, emails));
      expect(accounts.map((account) => account.email).sort()).toEqual([...emails].sort());
      // A typed number is a claim until its code is entered (decision 147): each guest's account
      // may claim it, none owns it.
      expect(accounts.every((account) => account.phone === phone || account.phone === null)).toBe(
        true,
      );
      expect(accounts.filter((account) => account.confirmed !== null)).toHaveLength(0);
    }
  });

  it('lets one unproven address hold at most 6 seats, even when it books many times at once', async () => {
    const date = await dateWithSeats(db, 20, used);
    const email = uniqueEmail('holder');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => book(app(), date, { email, riders: 1 })),
    );
    expect(tally(answers)).toEqual({ 201: 6, 422: 4 });
    expect(answers.find((a) => a.status === 422)!.body.message).toBe(
      'Sign in to book more than 6 seats with one e-mail address',
    );
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 14, sold: 6 });
  });

  it('gives an unproven booking’s seats back after its short hold', async () => {
    const { expireUnpaidBookings } = await import('./expiry.ts');
    const { bookingPayments } = await import('#src/modules/payments/index.ts');
    const date = await dateWithSeats(db, 4, used);
    const guest = await book(app(), date, { email: uniqueEmail('late'), riders: 2 });
    expect(guest.status).toBe(201);
    const options = { publicUrl: 'http://web.test', payments: bookingPayments(db) };
    await expireUnpaidBookings(db, { ...options, now: new Date(Date.now() + 20 * 60_000) });
    expect((await seatsOf(db, date.id)).free).toBe(2);
    await expireUnpaidBookings(db, { ...options, now: new Date(Date.now() + 31 * 60_000) });
    expect((await seatsOf(db, date.id)).free).toBe(4);
    const [row] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, guest.body.id as number));
    expect(row).toMatchObject({ status: 7 });
  });
});
