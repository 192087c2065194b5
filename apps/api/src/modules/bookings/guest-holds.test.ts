/**
 * What bookings made signed out may hold while their e-mail is unproven (decisions: "Guest
 * bookings"; decision 089): one mailbox, however spelt, at most 6 seats; all of them together at
 * most half of a date's seats (never fewer than 6). Accounts that signed in without confirming
 * their e-mail count with them until they do (decision 146). On PostgreSQL (CI) the requests
 * really overlap; on PGlite they run one after another and the same assertions hold.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tours, users } from '#src/db/schema/index.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { GUEST_DATE_FULL } from './guests.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import {
  book,
  confirmEmail,
  dateWithSeats,
  placesOf,
  seatsOf,
  signUp,
  tallyStatuses,
  unconfirmedSignUp,
  uniqueEmail,
  signInWithEmailCode,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const onPostgres = testDatabaseKind() === 'postgres';
const ONE_MAILBOX = 'Sign in to book more than 6 seats with one e-mail address';

beforeAll(async () => {
  // The address limit is lifted: every request here comes from one address, and the holds,
  // not the 429, are what is counted.
  scratch = await buildScratchApp('guest_holds', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const tally = tallyStatuses;

/** Seats held on a date by unpaid bookings of guests and accounts that proved no login. */
async function unprovenSeats(dateId: number): Promise<number> {
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(${bookingRequests.seats}), 0)`.mapWith(Number) })
    .from(bookingRequests)
    .leftJoin(users, eq(users.id, bookingRequests.userId))
    .where(
      and(
        eq(bookingRequests.tourDateId, dateId),
        or(
          isNull(bookingRequests.userId),
          and(isNull(users.emailConfirmedAt), isNull(users.phoneConfirmedAt)),
        ),
        sql`${bookingRequests.status} in (1, 2)`,
      ),
    );
  return row!.seats;
}

const proveAddress = (email: string) => signInWithEmailCode(app(), db, email);

describe('one unproven mailbox', () => {
  it('holds at most 6 seats whatever +tags or case it is spelt with, even booking at once', async () => {
    const date = await dateWithSeats(db, 40, used);
    const base = `squat-${randomUUID().slice(0, 8)}`;
    const spellings = Array.from({ length: 12 }, (_, i) =>
      i % 2 ? `${base}+${i}@example.test` : `${base.toUpperCase()}+${i}@Example.TEST`,
    );
    const answers = await Promise.all(
      spellings.map((email) => book(app(), date, { email, riders: 1 })),
    );
    expect(tally(answers)).toEqual({ 201: 6, 422: 6 });
    expect(answers.find((a) => a.status === 422)!.body).toMatchObject({
      message: ONE_MAILBOX,
      errors: { tourists: [ONE_MAILBOX] },
    });
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 34, sold: 6 });
  });

  it('counts Gmail’s dots and googlemail.com as the one mailbox they are', async () => {
    const date = await dateWithSeats(db, 40, used);
    const name = `rider${randomUUID().slice(0, 8)}`;
    const dotted = `${name.slice(0, 2)}.${name.slice(2, 5)}.${name.slice(5)}`;
    for (const email of [`${name}@gmail.com`, `${dotted}@gmail.com`, `${name}+x@googlemail.com`]) {
      expect((await book(app(), date, { email, riders: 2 })).status).toBe(201);
    }
    const seventh = await book(app(), date, { email: `${dotted}+y@GMail.com`, riders: 1 });
    expect(seventh).toMatchObject({ status: 422, body: { message: ONE_MAILBOX } });
    // Another mailbox at Gmail is another guest.
    const other = await book(app(), date, { email: `other${name}@gmail.com`, riders: 1 });
    expect(other.status).toBe(201);
  });
});

describe('unproven guests on one date', () => {
  const rounds = onPostgres ? 5 : 1;

  it(`hold at most half of its seats however many mailboxes book at once, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db, 40, used);
      // 30 mailboxes of two riders each ask for 60 seats: half of 40 is 20, ten bookings.
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          book(app(), date, { email: uniqueEmail('share'), riders: 2 }),
        ),
      );
      expect(tally(answers)).toEqual({ 201: 10, 422: 20 });
      expect(answers.find((a) => a.status === 422)!.body).toMatchObject({
        message: GUEST_DATE_FULL,
        errors: { tourists: [GUEST_DATE_FULL] },
      });
      expect(await unprovenSeats(date.id)).toBe(20);
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 40, free: 20, sold: 20 });
      // A traveller who signed in books the other half as ever.
      const traveller = await signUp(app());
      expect((await book(app(), date, { ...traveller, riders: 20 })).status).toBe(201);
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 40, free: 0, sold: 40 });
    }
  }, 240_000);

  it('cannot take a large date with made-up addresses (the walk: 12 × 6 riders on 71 seats)', async () => {
    const date = await dateWithSeats(db, 71, used);
    const tag = randomUUID().slice(0, 8);
    const plusTagged = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book(app(), date, { email: `squat-${tag}+${i + 1}@example.test`, riders: 6 }),
      ),
    );
    // One mailbox: one party of 6.
    expect(tally(plusTagged)).toEqual({ 201: 1, 422: 11 });
    const madeUp = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book(app(), date, { email: `squat-${tag}-${i + 1}@example.test`, riders: 6 }),
      ),
    );
    // Twelve mailboxes: up to half of 71 (35) together, 6 of them already held.
    expect(tally(madeUp)).toEqual({ 201: 4, 422: 8 });
    expect(await unprovenSeats(date.id)).toBe(30);
    expect((await seatsOf(db, date.id)).free).toBe(41);
  }, 120_000);

  it('leave one guest party bookable on a small date, the rest to travellers who sign in', async () => {
    const date = await dateWithSeats(db, 8, used);
    expect((await book(app(), date, { email: uniqueEmail('family'), riders: 6 })).status).toBe(201);
    const next = await book(app(), date, { email: uniqueEmail('next'), riders: 1 });
    expect(next).toMatchObject({ status: 422, body: { message: GUEST_DATE_FULL } });
    const traveller = await signUp(app());
    expect((await book(app(), date, { ...traveller, riders: 2 })).status).toBe(201);
    expect(await seatsOf(db, date.id)).toEqual({ capacity: 8, free: 0, sold: 8 });
  });

  it('stop counting a booking once its guest proves the address', async () => {
    const date = await dateWithSeats(db, 12, used);
    const first = uniqueEmail('proven');
    expect((await book(app(), date, { email: first, riders: 6 })).status).toBe(201);
    const waiting = uniqueEmail('waiting');
    expect((await book(app(), date, { email: waiting, riders: 1 })).status).toBe(422);
    await proveAddress(first);
    expect(await unprovenSeats(date.id)).toBe(0);
    expect((await book(app(), date, { email: waiting, riders: 1 })).status).toBe(201);
  });

  it('hold at most half of its non-rider beds too', async () => {
    const date = await dateWithSeats(db, 40, used, { nonRiderPlaces: 20, nonRiderPrice: 45_000 });
    await db.update(tours).set({ nonRidersWelcome: true }).where(eq(tours.id, date.tourId));
    // Each guest: a rider and three companions; half of 20 beds is 10, three guests' worth.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        book(app(), date, { email: uniqueEmail('beds'), riders: 1, nonRiders: 3 }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 3, 422: 3 });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 37, nonRidersFree: 11 });
  });
});

/**
 * An account registered with a password signs in before its e-mail is confirmed: until it proves
 * its e-mail (or its phone), its unpaid holds count with the guests' (decision 146).
 */
describe('accounts that have not confirmed their e-mail', () => {
  const rounds = onPostgres ? 5 : 1;

  /** A signed-in account that proved no login, made in the database (no sign-up's hashing). */
  const unprovenAccount = () => signedUser(db, { emailConfirmed: false });

  /** Adds one rider to booking `uuid` as the account signed in with `token`. */
  const addRider = (token: string, uuid: string) =>
    app().inject({
      method: 'POST',
      url: `/crm/api/request/add-tourists?uuid=${uuid}`,
      headers: { 'x-authorization': `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload: { tourists: [{ first_name: 'Added', last_name: 'Rider' }] },
    });

  it('book before confirming, 6 seats a mailbox across such accounts and guests, even at once', async () => {
    const date = await dateWithSeats(db, 40, used);
    const base = `unconfirmed-${randomUUID().slice(0, 8)}`;
    // Twelve accounts of one mailbox, registered and signed in with their passwords.
    const accounts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => unconfirmedSignUp(app(), `${base}+${i}@example.test`)),
    );
    const answers = await Promise.all(
      accounts.map((account) => book(app(), date, { ...account, riders: 1 })),
    );
    expect(tally(answers)).toEqual({ 201: 6, 422: 6 });
    expect(answers.find((a) => a.status === 422)!.body).toMatchObject({
      message: ONE_MAILBOX,
      errors: { tourists: [ONE_MAILBOX] },
    });
    // A guest of the same mailbox finds it full too.
    const guest = await book(app(), date, { email: `${base}+guest@example.test`, riders: 1 });
    expect(guest).toMatchObject({ status: 422, body: { message: ONE_MAILBOX } });
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 34, sold: 6 });
  }, 120_000);

  it(`hold with guests at most half of a date however many book at once, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db, 40, used);
      const accounts = await Promise.all(Array.from({ length: 15 }, () => unprovenAccount()));
      // 15 such accounts and 15 guests, two riders each: half of 40 is 20, ten bookings.
      const answers = await Promise.all([
        ...accounts.map((account) =>
          book(app(), date, { email: account.email, token: account.token, riders: 2 }),
        ),
        ...Array.from({ length: 15 }, () =>
          book(app(), date, { email: uniqueEmail('share'), riders: 2 }),
        ),
      ]);
      expect(tally(answers)).toEqual({ 201: 10, 422: 20 });
      expect(answers.find((a) => a.status === 422)!.body).toMatchObject({
        message: GUEST_DATE_FULL,
        errors: { tourists: [GUEST_DATE_FULL] },
      });
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 40, free: 20, sold: 20 });
      // A traveller whose e-mail is confirmed books the other half as ever.
      const traveller = await signUp(app());
      expect((await book(app(), date, { ...traveller, riders: 20 })).status).toBe(201);
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 40, free: 0, sold: 40 });
    }
  }, 240_000);

  it(`count riders added to such an account's hold, 10 additions at once, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db, 40, used);
      const account = await unprovenAccount();
      const booked = await book(app(), date, { ...account, riders: 1 });
      expect(booked.status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => addRider(account.token, booked.body.uuid as string)),
      );
      expect(tally(answers.map((answer) => ({ status: answer.statusCode })))).toEqual({
        200: 5,
        422: 5,
      });
      expect(answers.find((a) => a.statusCode === 422)!.json()).toMatchObject({
        message: ONE_MAILBOX,
      });
      expect(await seatsOf(db, date.id)).toEqual({ capacity: 40, free: 34, sold: 6 });
    }
  }, 240_000);

  it('stop counting once the account confirms its e-mail', async () => {
    const date = await dateWithSeats(db, 12, used);
    const account = await unconfirmedSignUp(app());
    expect((await book(app(), date, { ...account, riders: 6 })).status).toBe(201);
    const seventh = await book(app(), date, { ...account, riders: 1 });
    expect(seventh).toMatchObject({ status: 422, body: { message: ONE_MAILBOX } });
    // Half of 12 is held unproven: a guest waits.
    const waiting = uniqueEmail('waiting');
    const guest = await book(app(), date, { email: waiting, riders: 1 });
    expect(guest).toMatchObject({ status: 422, body: { message: GUEST_DATE_FULL } });

    await confirmEmail(app(), account.email, account.token);
    expect(await unprovenSeats(date.id)).toBe(0);
    expect((await book(app(), date, { ...account, riders: 4 })).status).toBe(201);
    expect((await book(app(), date, { email: waiting, riders: 1 })).status).toBe(201);
    expect(await seatsOf(db, date.id)).toEqual({ capacity: 12, free: 1, sold: 11 });
  }, 60_000);
});
