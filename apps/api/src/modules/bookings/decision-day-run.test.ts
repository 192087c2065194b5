/**
 * "Run this date" and the decision day (decisions 148, 174, 178): once a not-guaranteed date's
 * decision day has passed (a UTC day, as the booking job reads it) the organizer can no longer
 * run it: the guarantee is a 409 that changes nothing, `can_decide` is false and
 * `decision_day_passed` true, and the job calls the date off in its own words. Until the day
 * ends the organizer runs it, and the job then leaves it alone. "Cancel this date" past the day
 * is still taken. Each race (run or cancel against the job) ends in one outcome, each traveller
 * told once. On PostgreSQL (CI) the calls really overlap and run several rounds; on PGlite they
 * run one after another and the same assertions hold.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, tourDates } from '#src/db/schema/index.ts';
import { bookingPayments, sandboxProvider } from '#src/modules/payments/index.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { callOffUndecidedDates } from './departures.ts';
import { undecidedDateReason } from './notices.ts';
import {
  book,
  dateWithSeats,
  signUp,
  type TourDateRow,
  organizerMemberOf,
} from './testing-scratch.ts';
import { guaranteeDate } from './transitions.ts';

let scratch: ScratchApp;
let db: Database;
const payments = () => bookingPayments(db, sandboxProvider(db));
/** The booking job's decision-day step, at `now` (the clock unless given). */
const job = (now?: Date) =>
  callOffUndecidedDates(db, { publicUrl: 'http://web.test', payments: payments(), now });

beforeAll(async () => {
  scratch = await buildScratchApp('decision_day_run', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-decision-day-run-tests',
  });
  db = scratch.scratch.handle.db;
  // Seeded dates already past their decision day are called off first, as a first job round
  // would: later rounds see only this file's dates.
  while ((await job()) > 0);
}, 120_000);
afterAll(() => scratch?.close());

const app = (): FastifyInstance => scratch.app;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 6 : 1;
const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** Tomorrow at 09:00 UTC: today's decision day has passed for a job run then. */
const tomorrowMorning = () => new Date(Date.parse(`${isoDay(1)}T09:00:00Z`));

const rowOf = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const dateOf = async (id: number) =>
  (await db.select().from(tourDates).where(eq(tourDates.id, id)))[0]!;

const memberOf = (date: Pick<TourDateRow, 'tourId'>) => organizerMemberOf(app(), db, date);

async function call(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  operation: string,
  payload?: object,
) {
  const response = await app().inject({
    method,
    url,
    headers: { 'x-authorization': `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });
  expect(response.statusCode).toBeLessThan(500);
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operation as never) as Json,
  };
}
const runDate = (token: string, id: number) =>
  call(token, 'POST', '/crm/api/partner/departure/guarantee', 'guaranteeOrganizerDeparture', {
    id,
  });
const cancelDate = (token: string, id: number) =>
  call(token, 'POST', '/crm/api/partner/departure/cancel', 'cancelOrganizerDeparture', {
    id,
    reason: 'The guides are not available',
  });
const departureOf = async (token: string, bookingId: number) =>
  (await call(token, 'GET', `/crm/api/partner/booking?id=${bookingId}`, 'getOrganizerBooking')).body
    .departure as Json;

/**
 * A not-guaranteed date with `n` waiting requests whose decision day is `decisionDate`: booked
 * while it was ahead, each request's time to answer ending with the day (as a booking sets it).
 */
async function undecidedDate(n: number, decisionDate: string) {
  const date = await dateWithSeats(db, 10, used, { guaranteed: false, minRiders: 8 });
  await db
    .update(tourDates)
    .set({ decisionDate: isoDay(5) })
    .where(eq(tourDates.id, date.id));
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const made = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    expect(made.body.status).toBe(1);
    ids.push(made.body.id as number);
  }
  const dayEnd = new Date(Date.parse(`${decisionDate}T00:00:00Z`) + DAY);
  await db.update(tourDates).set({ decisionDate }).where(eq(tourDates.id, date.id));
  await db
    .update(bookingRequests)
    .set({ respondBy: dayEnd })
    .where(eq(bookingRequests.tourDateId, date.id));
  const member = await memberOf(date);
  return { date: { ...date, decisionDate }, ids, member };
}

/** The outbox's last id: what is queued later is what a moment told. */
async function outboxMark(): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` }).from(outbox);
  return Number(row!.id);
}

/** Kinds of the e-mails queued after `mark` to booking `id`'s traveller about it. */
async function toldSince(mark: number, id: number): Promise<string[]> {
  const { contactEmail } = await rowOf(id);
  const rows = await db
    .select({ kind: outbox.kind })
    .from(outbox)
    .where(
      and(
        gt(outbox.id, mark),
        sql`(${outbox.payload}->>'requestId')::int = ${id}`,
        eq(outbox.recipient, contactEmail),
        eq(outbox.channel, 'email'),
      ),
    );
  return rows.map((row) => row.kind);
}

/** Kinds of the organizer's e-mails about date `dateId` queued after `mark`. */
async function organizerToldSince(mark: number, dateId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: outbox.kind })
    .from(outbox)
    .where(
      and(
        gt(outbox.id, mark),
        sql`(${outbox.payload}->>'tourDateId')::int = ${dateId}`,
        sql`${outbox.kind} like 'organizer-%'`,
      ),
    );
  return rows.map((row) => row.kind);
}

/** The date called off by its decision day: each request released in its words, told once. */
async function expectCalledOffByTheDay(
  date: { id: number; decisionDate: string },
  ids: number[],
  mark: number,
) {
  expect((await dateOf(date.id)).cancelledAt).not.toBeNull();
  for (const id of ids) {
    const row = await rowOf(id);
    expect(row.status).toBe(7);
    expect(row.cancelMessage).toBe(undecidedDateReason(date.decisionDate));
    expect(await toldSince(mark, id)).toEqual(['date-cancelled']);
  }
  expect(await organizerToldSince(mark, date.id)).toEqual(['organizer-date-cancelled']);
}

describe('"Run this date" once the decision day has passed', () => {
  it('is a 409 that changes nothing; the job then calls the date off in its words', async () => {
    const { date, ids, member } = await undecidedDate(2, isoDay(-1));
    expect(await departureOf(member.token, ids[0]!)).toMatchObject({
      guaranteed: false,
      cancelled: false,
      can_decide: false,
      decision_day_passed: true,
    });
    const mark = await outboxMark();
    const ran = await runDate(member.token, date.id);
    expect(ran.status).toBe(409);
    expect(ran.body.message).toMatch(
      /^This date's decision day, .+, has passed: it is being called off/,
    );
    const after = await dateOf(date.id);
    expect({ notGuaranteed: after.notGuaranteed, cancelledAt: after.cancelledAt }).toEqual({
      notGuaranteed: true,
      cancelledAt: null,
    });
    for (const id of ids) expect((await rowOf(id)).status).toBe(1);
    expect(await outboxMark()).toBe(mark);
    // Nor does the guarantee itself flip it, whoever asks (a confirmation too).
    const flipped = await db.transaction((tx) =>
      guaranteeDate(tx, date.id, 'organizer', {
        now: new Date(),
        holdHours: 72,
        notify: { publicUrl: 'http://web.test' },
      }),
    );
    expect(flipped).toBeUndefined();

    expect(await job()).toBe(1);
    await expectCalledOffByTheDay(date, ids, mark);
    const late = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    expect(late.status).toBe(409);
  });

  it('is taken until the decision day ends; the job then leaves the date alone', async () => {
    const { date, ids, member } = await undecidedDate(2, isoDay(0));
    expect(await departureOf(member.token, ids[0]!)).toMatchObject({
      can_decide: true,
      decision_day_passed: false,
    });
    const ran = await runDate(member.token, date.id);
    expect(ran.status).toBe(200);
    expect(ran.body).toMatchObject({ guaranteed: true, can_decide: false });
    await job(tomorrowMorning());
    expect((await dateOf(date.id)).cancelledAt).toBeNull();
    for (const id of ids) expect((await rowOf(id)).status).toBe(2);
  });

  it(`races the job, ${rounds} rounds: refused, the date called off once, each told once`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { date, ids, member } = await undecidedDate(2, isoDay(-1));
      const mark = await outboxMark();
      const [ran] = await Promise.all([
        runDate(member.token, date.id),
        // The job starts a moment later in odd rounds, so either side can take the lock first.
        new Promise((resolve) => setTimeout(resolve, round % 2 ? 30 : 0)).then(() => job()),
      ]);
      expect(ran.status).toBe(409);
      await expectCalledOffByTheDay(date, ids, mark);
    }
  });

  it(`races the job as the day ends, ${rounds} rounds: run or called off, never both`, async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < rounds; round += 1) {
      // The run's clock is still on the decision day; the job's has passed it.
      const { date, ids, member } = await undecidedDate(2, isoDay(0));
      const mark = await outboxMark();
      const [ran] = await Promise.all([
        runDate(member.token, date.id),
        new Promise((resolve) => setTimeout(resolve, round % 2 ? 30 : 0)).then(() =>
          job(tomorrowMorning()),
        ),
      ]);
      const after = await dateOf(date.id);
      if (ran.status === 200) {
        outcomes.add('ran');
        expect({ notGuaranteed: after.notGuaranteed, cancelledAt: after.cancelledAt }).toEqual({
          notGuaranteed: false,
          cancelledAt: null,
        });
        // Nothing released: every request confirmed, each traveller told once that it runs.
        for (const id of ids) {
          expect((await rowOf(id)).status).toBe(2);
          expect(await toldSince(mark, id)).toEqual(['date-guaranteed']);
        }
      } else {
        outcomes.add('called-off');
        expect(ran.status).toBe(409);
        expect(ran.body.message).toBe('This date was cancelled');
        await expectCalledOffByTheDay(date, ids, mark);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('"Cancel this date" once the decision day has passed', () => {
  it(`is still taken, and races the job to one call-off, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { date, ids, member } = await undecidedDate(2, isoDay(-1));
      const mark = await outboxMark();
      const [cancelled, calledOff] = await Promise.all([
        cancelDate(member.token, date.id),
        new Promise((resolve) => setTimeout(resolve, round % 2 ? 30 : 0)).then(() => job()),
      ]);
      // Exactly one of them called the date off.
      expect([cancelled.status === 200, calledOff === 1]).toContain(true);
      expect(cancelled.status === 200 && calledOff === 1).toBe(false);
      if (cancelled.status !== 200) {
        expect(cancelled.status).toBe(409);
        await expectCalledOffByTheDay(date, ids, mark);
        continue;
      }
      expect(cancelled.body).toMatchObject({ cancelled: true, can_decide: false });
      for (const id of ids) {
        expect((await rowOf(id)).status).toBeGreaterThanOrEqual(6);
        expect(await toldSince(mark, id)).toEqual(['date-cancelled']);
      }
      expect(await organizerToldSince(mark, date.id)).toEqual(['organizer-date-cancelled']);
    }
  });
});
