/**
 * A request whose time to answer passed (`respond_by`), not yet released by the booking job,
 * when its date is guaranteed another way: another booking reaching the minimum group, "Run this
 * date", the organizer confirming another request on it. The lifecycle (decisions: "Booking
 * lifecycle") moves an unanswered request 1 → 7 at its deadline; the organizer may no longer
 * confirm it (409), and neither does the guarantee standing in for that answer: it stays waiting
 * and the job releases it as unanswered. A guest's request whose short hold ended, its seat not
 * counted towards the group (decision 146), is confirmed as the organizer's confirmation would
 * (the short hold kept), so the job releases it unless the guest proves the address first. On a scratch database: the job runs over every booking.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tourDates } from '#src/db/schema/index.ts';
import { bookingPayments, sandboxProvider } from '#src/modules/payments/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { expireUnpaidBookings } from './expiry.ts';
import { RELEASE_REASONS } from './notices.ts';
import {
  bearer,
  book,
  dateWithSeats,
  seatsOf,
  signUp,
  uniqueEmail,
  type TourDateRow,
  organizerMemberOf,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('unanswered', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-unanswered-tests',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const used = new Set<number>();

const rowOf = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const dateOf = async (id: number) =>
  (await db.select().from(tourDates).where(eq(tourDates.id, id)))[0]!;

/** The e-mails its traveller got about booking `id`: kind and body, in order. */
async function mailsAbout(id: number) {
  const { contactEmail } = await rowOf(id);
  return db
    .select({ kind: outbox.kind, body: outbox.body })
    .from(outbox)
    .where(
      and(sql`(${outbox.payload}->>'requestId')::int = ${id}`, eq(outbox.recipient, contactEmail)),
    )
    .orderBy(outbox.id);
}

/** What its traveller was told of booking `id`: released once, never that it is confirmed. */
async function expectReleasedUnanswered(id: number, freeBefore: number, dateId: number) {
  expect(await rowOf(id)).toMatchObject({
    status: 7,
    cancelMessage: RELEASE_REASONS.unanswered,
  });
  expect((await seatsOf(db, dateId)).free).toBe(freeBefore + 1);
  const mails = await mailsAbout(id);
  expect(mails.filter((m) => m.kind === 'booking-expired')).toHaveLength(1);
  // Never told its date runs before being told it was released.
  expect(mails.filter((m) => m.kind === 'date-guaranteed')).toEqual([]);
  for (const mail of mails) expect(mail.body).not.toMatch(/is confirmed/);
}

const memberOf = (date: Pick<TourDateRow, 'tourId'>) => organizerMemberOf(app(), db, date);

/** A signed-in traveller's waiting one-rider request (status 1). */
async function request(date: TourDateRow) {
  const traveller = await signUp(app());
  const made = await book(app(), date, { ...traveller, riders: 1 });
  expect(made).toMatchObject({ status: 201, body: { status: 1 } });
  return { id: made.body.id as number, ...traveller };
}

/** A waiting request whose time to answer passed a minute ago. */
async function staleRequest(date: TourDateRow) {
  const made = await request(date);
  await db
    .update(bookingRequests)
    .set({ respondBy: new Date(Date.now() - 60_000) })
    .where(eq(bookingRequests.id, made.id));
  return made;
}

const runJob = () =>
  expireUnpaidBookings(db, {
    now: new Date(),
    holdHours: 72,
    publicUrl: 'http://web.test',
    payments: bookingPayments(db, sandboxProvider(db)),
  });

const post = (url: string, token: string, payload: object) =>
  app().inject({ method: 'POST', url, headers: bearer(token), payload });

describe('a request whose time to answer passed, when its date is guaranteed', () => {
  it('is refused to its organizer and not confirmed by another booking reaching the minimum; the job releases it', async () => {
    const date = await dateWithSeats(db, 10, used, { guaranteed: false, minRiders: 3 });
    const stale = await staleRequest(date);
    const waiting = await request(date);
    const member = await memberOf(date);
    const confirm = await post('/crm/api/partner/booking/confirm', member.token, { id: stale.id });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({ message: 'The time to answer this request has passed' });

    // The stale request's seat does not count towards the group of 3: two riders in time are
    // not enough, three are.
    const short = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    expect(short.status).toBe(201);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    const reaching = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    expect(reaching.status).toBe(201);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    // The request still in time is confirmed with a hold; the stale one waits for the job.
    expect(await rowOf(waiting.id)).toMatchObject({ status: 2 });
    expect((await rowOf(waiting.id)).holdUntil).not.toBeNull();
    expect(await rowOf(stale.id)).toMatchObject({ status: 1, holdUntil: null });

    const free = (await seatsOf(db, date.id)).free;
    await runJob();
    await expectReleasedUnanswered(stale.id, free, date.id);
    expect((await rowOf(waiting.id)).status).toBe(2);
  });

  it('is not confirmed by "Run this date"', async () => {
    const date = await dateWithSeats(db, 10, used, { guaranteed: false });
    const stale = await staleRequest(date);
    const waiting = await request(date);
    const member = await memberOf(date);
    const ran = await post('/crm/api/partner/departure/guarantee', member.token, { id: date.id });
    expect(ran.statusCode).toBe(200);
    expect((await rowOf(waiting.id)).status).toBe(2);
    expect((await rowOf(stale.id)).status).toBe(1);

    const free = (await seatsOf(db, date.id)).free;
    await runJob();
    await expectReleasedUnanswered(stale.id, free, date.id);
  });

  it('is not confirmed by its organizer confirming another request on the date', async () => {
    const date = await dateWithSeats(db, 10, used, { guaranteed: false });
    const stale = await staleRequest(date);
    const waiting = await request(date);
    const member = await memberOf(date);
    const confirmed = await post('/crm/api/partner/booking/confirm', member.token, {
      id: waiting.id,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    expect((await rowOf(stale.id)).status).toBe(1);

    const free = (await seatsOf(db, date.id)).free;
    await runJob();
    await expectReleasedUnanswered(stale.id, free, date.id);
  });
});

describe('a guest’s request whose short hold ended, when its date is guaranteed', () => {
  it('is confirmed keeping the ended hold, as its organizer’s confirmation would; the job releases it', async () => {
    const date = await dateWithSeats(db, 10, used, { guaranteed: false, minRiders: 2 });
    const guest = await book(app(), date, { email: uniqueEmail('guest'), riders: 1 });
    expect(guest).toMatchObject({ status: 201, body: { status: 1 } });
    const id = guest.body.id as number;
    const ended = new Date(Date.now() - 60_000);
    await db.update(bookingRequests).set({ holdUntil: ended }).where(eq(bookingRequests.id, id));

    // A guest's unpaid hold is not counted towards the group of 2 (decision 146): one signed-in
    // rider is not enough, a second one is.
    expect((await book(app(), date, { ...(await signUp(app())), riders: 1 })).status).toBe(201);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: 1, holdUntil: ended });
    expect((await book(app(), date, { ...(await signUp(app())), riders: 1 })).status).toBe(201);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: 2, holdUntil: ended });

    await runJob();
    expect(await rowOf(id)).toMatchObject({
      status: 7,
      cancelMessage: RELEASE_REASONS.unconfirmed,
    });
  });
});
