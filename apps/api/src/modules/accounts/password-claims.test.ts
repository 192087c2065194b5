/**
 * A session opened without a new proof of the address (a password, a one-time sign-in link) for
 * an account whose e-mail is confirmed: the bookings made signed out with that e-mail join the
 * account then, as at a code sign-in (`claimGuestBookings`, decision 185), with the same locks and
 * notices. An account that has not confirmed its e-mail joins nothing. On PostgreSQL (CI) the
 * sign-ins, a code sign-in and a new guest booking of the address really overlap.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tourDates } from '#src/db/schema/index.ts';
import {
  bearer,
  book,
  dateWithSeats,
  messagesOfDate,
  signUp,
  tallyStatuses,
  unconfirmedSignUp,
  type TourDateRow,
} from '#src/modules/bookings/testing-scratch.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { TEST_PASSWORD } from '#src/testing/sign-up.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('password_claims', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 6 : 2;

const rowOf = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const dateOf = async (id: number) =>
  (await db.select().from(tourDates).where(eq(tourDates.id, id)))[0]!;

/** A not-guaranteed date of `seats` with its minimum group, its decision day far ahead. */
async function waitingDate(seats: number, minRiders: number) {
  const date = await dateWithSeats(db, seats, used, { guaranteed: false, minRiders });
  await db.update(tourDates).set({ decisionDate: '2099-03-12' }).where(eq(tourDates.id, date.id));
  return date;
}

/** `POST /crm/api/user/auth` with the test password: its status and body. */
async function signInWithPassword(email: string) {
  const response = await app().inject({
    method: 'POST',
    url: '/crm/api/user/auth',
    payload: { login: email, password: TEST_PASSWORD },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** Asks a sign-in code for `email` and answers it, as its e-mail (the outbox) brings it. */
async function signInCode(email: string): Promise<string> {
  await app().inject({
    method: 'POST',
    url: '/crm/api/user/send-auth-code',
    payload: { login: email, code_sender: 'email' },
  });
  const [mail] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'sign-in-code')));
  return mail!.body.match(/\b(\d{5})\b/)![1]!;
}

/** A signed-out booking of `riders` with the contact e-mail `email`: its id. */
async function guestBooking(date: TourDateRow, email: string, riders = 1) {
  const made = await book(app(), date, { email, riders });
  expect(made.status).toBe(201);
  return made.body.id as number;
}

/** The guarantee e-mails sent about booking `id`. */
const guaranteeMails = (id: number) =>
  db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.kind, 'date-guaranteed'), sql`(${outbox.payload}->>'requestId')::int = ${id}`),
    );

describe('a password sign-in of an account whose e-mail is confirmed', () => {
  it('joins the bookings made signed out with that e-mail, which its owner then reads', async () => {
    // The probe: a guest booking with a demo account's confirmed e-mail, then its password.
    const date = await dateWithSeats(db, 10, used);
    const owner = await signUp(app());
    const id = await guestBooking(date, owner.email, 2);
    const { uuid } = await rowOf(id);
    expect(await rowOf(id)).toMatchObject({ userId: null });

    const signedIn = await signInWithPassword(owner.email);
    expect(signedIn.status).toBe(200);
    const claimed = await rowOf(id);
    expect(claimed.userId).toBe((signedIn.body.user as Json).id);
    expect(claimed.holdUntil).toBeNull();
    const read = await app().inject({
      url: `/crm/api/request/get-by-uuid?uuid=${uuid}`,
      headers: bearer(signedIn.body.token as string),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ reader: 'traveller', email_proof_required: false });
  });

  it('runs the date the joined riders complete, everyone told once, and again nobody', async () => {
    const date = await waitingDate(12, 4);
    const proven = await signUp(app());
    const waiting = await book(app(), date, { ...proven, riders: 1 });
    expect(waiting).toMatchObject({ status: 201, body: { status: 1 } });
    const owner = await signUp(app());
    const guest = await guestBooking(date, owner.email, 3);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);

    expect((await signInWithPassword(owner.email)).status).toBe(200);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    expect(await rowOf(guest)).toMatchObject({ status: 2 });
    expect(await rowOf(waiting.body.id as number)).toMatchObject({ status: 2 });
    expect(await guaranteeMails(guest)).toHaveLength(1);
    expect(await guaranteeMails(waiting.body.id as number)).toHaveLength(1);
    expect(await messagesOfDate(db, date.id, 'organizer-date-guaranteed')).toHaveLength(1);

    // Signing in again joins nothing more and tells nobody again.
    expect((await signInWithPassword(owner.email)).status).toBe(200);
    expect(await guaranteeMails(guest)).toHaveLength(1);
    expect(await guaranteeMails(waiting.body.id as number)).toHaveLength(1);
    expect(await messagesOfDate(db, date.id, 'organizer-date-guaranteed')).toHaveLength(1);
  });

  it('of an account that has not confirmed it joins nothing: the address is not proven', async () => {
    const date = await dateWithSeats(db, 10, used);
    const unconfirmed = await unconfirmedSignUp(app());
    const id = await guestBooking(date, unconfirmed.email);
    expect((await signInWithPassword(unconfirmed.email)).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ userId: null });
  });

  it('a wrong password joins nothing', async () => {
    const date = await dateWithSeats(db, 10, used);
    const owner = await signUp(app());
    const id = await guestBooking(date, owner.email);
    const wrong = await app().inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: owner.email, password: 'not-the-password-2026' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await rowOf(id)).toMatchObject({ userId: null });
  });
});

describe('a one-time sign-in link of an account whose e-mail is confirmed', () => {
  it('joins a booking made signed out since the code sign-in that minted it', async () => {
    const date = await dateWithSeats(db, 10, used);
    const owner = await signUp(app());
    const redirected = await app().inject({
      method: 'POST',
      url: '/crm/api/user/redirect-auth-via-code',
      payload: { login: owner.email, code: await signInCode(owner.email) },
    });
    expect(redirected.statusCode).toBe(200);
    const link = new URL((redirected.json() as { url: string }).url);
    const id = await guestBooking(date, owner.email);
    expect(await rowOf(id)).toMatchObject({ userId: null });

    const opened = await app().inject({
      method: 'POST',
      url: '/crm/api/user/access-token-by-one-time-token',
      payload: { token: link.searchParams.get('token') },
    });
    expect(opened.statusCode).toBe(200);
    expect((await rowOf(id)).userId).toBe((opened.json() as { user: { id: number } }).user.id);
  });
});

describe('password sign-ins racing a new booking of the address, and a code sign-in', () => {
  it(`${rounds} rounds: every booking joins once, the date runs once, everyone told once`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await waitingDate(20, 4);
      const proven = await signUp(app());
      const waiting = await book(app(), date, { ...proven, riders: 1 });
      expect(waiting).toMatchObject({ status: 201, body: { status: 1 } });
      const owner = await signUp(app());
      const held = [await guestBooking(date, owner.email), await guestBooking(date, owner.email)];
      // Every other round a code sign-in of the address races too (its code asked before).
      const code = round % 2 === 1 ? await signInCode(owner.email) : undefined;

      const [passwords, byCode, racing] = await Promise.all([
        Promise.all([signInWithPassword(owner.email), signInWithPassword(owner.email)]),
        code === undefined
          ? undefined
          : app().inject({
              method: 'POST',
              url: '/crm/api/user/auth-via-code',
              payload: { login: owner.email, code },
            }),
        book(app(), date, { email: owner.email, riders: 1 }),
      ]);
      expect(tallyStatuses(passwords)).toEqual({ 200: 2 });
      if (byCode) expect(byCode.statusCode).toBe(200);
      expect(racing.status).toBe(201);
      const userId = (passwords[0]!.body.user as Json).id as number;

      // A booking that committed after every claim read the address waits for the next sign-in.
      const late = racing.body.id as number;
      if ((await rowOf(late)).userId === null) {
        expect((await signInWithPassword(owner.email)).status).toBe(200);
      }
      for (const id of [...held, late]) expect(await rowOf(id)).toMatchObject({ userId });
      // 1 proven rider and 3 of the owner's: the group of 4 is reached, the date runs once.
      expect((await dateOf(date.id)).notGuaranteed).toBe(false);
      expect(await messagesOfDate(db, date.id, 'organizer-date-guaranteed')).toHaveLength(1);
      const rows = await db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.tourDateId, date.id));
      expect(rows.filter((row) => row.status !== 2)).toEqual([]);
      for (const id of [waiting.body.id as number, ...held]) {
        expect(await guaranteeMails(id)).toHaveLength(1);
      }
      expect((await guaranteeMails(late)).length).toBeLessThanOrEqual(1);
    }
  }, 240_000);
});
