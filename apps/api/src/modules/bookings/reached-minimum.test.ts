/**
 * A not-guaranteed date whose group reaches its minimum runs, whatever brought it there
 * (decisions 111, 148, 178, 185): not only a booking or added riders, which guarantee it in their
 * own transaction, but also its organizer lowering `min_riders` (dates are edited outside this
 * API, so no request of ours runs the check then). The booking job catches such a date: ahead of
 * its decision day at its next round, and at its decision day's end it re-checks the group under
 * the date's lock before calling it off, counting the riders who could still come as the day
 * ended. On PostgreSQL (CI) the job, a second job process and the write that reaches the minimum
 * really overlap, several rounds: one outcome, each traveller told once.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, outbox, tourDates } from '#src/db/schema/index.ts';
import { bookingPayments, sandboxProvider } from '#src/modules/payments/index.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { callOffUndecidedDates } from './departures.ts';
import { runBookingJob } from './expiry.ts';
import { undecidedDateReason } from './notices.ts';
import { book, dateWithSeats, signUp } from './testing-scratch.ts';

const { app, db } = scratchAppForFile('reached_minimum', {
  PUBLIC_WRITE_LIMIT: '1000000',
  PUBLIC_URL: 'http://web.test',
  BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
  PAYMENT_SANDBOX_SECRET: 'payment-secret-for-reached-minimum-tests',
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 6 : 1;
const HOLD_HOURS = 72;
const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** Tomorrow at 09:00 UTC: today's decision day has passed for a job run then. */
const tomorrowMorning = () => new Date(Date.parse(`${isoDay(1)}T09:00:00Z`));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One round of the booking job (every step, as it runs every minute), at `now`. */
const job = (now?: Date) =>
  runBookingJob(db(), {
    now,
    holdHours: HOLD_HOURS,
    publicUrl: 'http://web.test',
    payments: bookingPayments(db(), sandboxProvider(db())),
  });

beforeAll(async () => {
  // Seeded dates already past their decision day are called off first, as a first job round
  // would: later rounds see only this file's dates.
  const calledOff = () =>
    callOffUndecidedDates(db(), {
      publicUrl: 'http://web.test',
      payments: bookingPayments(db(), sandboxProvider(db())),
    });
  while ((await calledOff()) > 0);
}, 120_000);

const rowOf = async (id: number) =>
  (await db().select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const dateOf = async (id: number) =>
  (await db().select().from(tourDates).where(eq(tourDates.id, id)))[0]!;

/** The organizer lowers the date's minimum group (as their date editing does, outside the API). */
const lowerMinimum = (dateId: number, minRiders: number) =>
  db().update(tourDates).set({ minRiders }).where(eq(tourDates.id, dateId));

/**
 * A not-guaranteed date of minimum `minRiders` with `n` one-rider requests of proven travellers,
 * whose decision day is `decisionDate`: booked while it was ahead, each request's time to answer
 * ending with the day (as a booking sets it).
 */
async function waitingDate(n: number, minRiders: number, decisionDate: string) {
  const date = await dateWithSeats(db(), 10, used, { guaranteed: false, minRiders });
  await db()
    .update(tourDates)
    .set({ decisionDate: isoDay(5) })
    .where(eq(tourDates.id, date.id));
  const bookings: { id: number; uuid: string; token: string }[] = [];
  for (let i = 0; i < n; i += 1) {
    const traveller = await signUp(app());
    const made = await book(app(), date, { ...traveller, riders: 1 });
    expect(made.body.status).toBe(1);
    bookings.push({ id: made.body.id as number, uuid: made.body.uuid as string, ...traveller });
  }
  const dayEnd = new Date(Date.parse(`${decisionDate}T00:00:00Z`) + DAY);
  await db().update(tourDates).set({ decisionDate }).where(eq(tourDates.id, date.id));
  await db()
    .update(bookingRequests)
    .set({ respondBy: dayEnd })
    .where(eq(bookingRequests.tourDateId, date.id));
  return { date: { ...date, decisionDate }, bookings, ids: bookings.map((b) => b.id) };
}

/** The outbox's last id: what is queued later is what a moment told. */
async function outboxMark(): Promise<number> {
  const [row] = await db()
    .select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` })
    .from(outbox);
  return Number(row!.id);
}

/** Kinds of the e-mails queued after `mark` to booking `id`'s traveller about it. */
async function toldSince(mark: number, id: number): Promise<string[]> {
  const { contactEmail } = await rowOf(id);
  const rows = await db()
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
  const rows = await db()
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

/** The date runs: every request confirmed with the full hold, each told once, the organizer once. */
async function expectGuaranteed(dateId: number, ids: number[], mark: number, from: Date) {
  const date = await dateOf(dateId);
  expect({ notGuaranteed: date.notGuaranteed, cancelledAt: date.cancelledAt }).toEqual({
    notGuaranteed: false,
    cancelledAt: null,
  });
  for (const id of ids) {
    const row = await rowOf(id);
    expect(row.status).toBe(2);
    expect(row.respondBy).toBeNull();
    expect(row.holdUntil!.getTime()).toBeGreaterThanOrEqual(
      from.getTime() + HOLD_HOURS * 3_600_000,
    );
    expect(await toldSince(mark, id)).toEqual(['date-guaranteed']);
  }
  expect(await organizerToldSince(mark, dateId)).toEqual(['organizer-date-guaranteed']);
}

/** The date called off by its decision day: each request released in its words, told once. */
async function expectCalledOff(
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

describe('a minimum group reached without a booking to flip the date', () => {
  it('past the decision day: the job runs the date instead of calling it off', async () => {
    const { date, ids } = await waitingDate(3, 4, isoDay(-1));
    await lowerMinimum(date.id, 3);
    // Nothing of ours ran when the minimum changed: the date still waits.
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    const mark = await outboxMark();
    const before = new Date();
    await job();
    await expectGuaranteed(date.id, ids, mark, before);
    // The chat says it too, and a second round tells nobody again.
    const again = await outboxMark();
    await job();
    expect(await outboxMark()).toBe(again);
  });

  it('ahead of the decision day: the next round of the job runs the date', async () => {
    const { date, ids } = await waitingDate(3, 4, isoDay(5));
    await job();
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    await lowerMinimum(date.id, 2);
    const mark = await outboxMark();
    const before = new Date();
    await job();
    await expectGuaranteed(date.id, ids, mark, before);
  });

  it('counts only the riders who could still come as the decision day ended', async () => {
    // One of the three requests ran out of time to answer before the day ended (decision 174).
    const { date, ids } = await waitingDate(3, 4, isoDay(-1));
    await db()
      .update(bookingRequests)
      .set({ respondBy: new Date(Date.parse(`${isoDay(-1)}T12:00:00Z`)) })
      .where(eq(bookingRequests.id, ids[0]!));
    await lowerMinimum(date.id, 3);
    const mark = await outboxMark();
    await job();
    expect((await dateOf(date.id)).cancelledAt).not.toBeNull();
    expect((await rowOf(ids[0]!)).status).toBe(7);
    for (const id of ids.slice(1)) {
      expect((await rowOf(id)).status).toBe(7);
      expect(await toldSince(mark, id)).toEqual(['date-cancelled']);
    }
  });

  it('below the minimum the job still calls the date off', async () => {
    const { date, ids } = await waitingDate(3, 4, isoDay(-1));
    const mark = await outboxMark();
    await job();
    await expectCalledOff(date, ids, mark);
  });
});

describe('the job racing the write that reaches the minimum', () => {
  it(`the organizer lowers the minimum as two job processes decide the date, ${rounds} rounds`, async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < rounds; round += 1) {
      const { date, ids } = await waitingDate(3, 4, isoDay(-1));
      const mark = await outboxMark();
      const before = new Date();
      // Even rounds: the edit holds the date's row first, and both jobs wait for it to commit.
      // Odd rounds: all three start together, any order.
      const edit = db().transaction(async (tx) => {
        await tx.update(tourDates).set({ minRiders: 3 }).where(eq(tourDates.id, date.id));
        if (round % 2 === 0) await pause(150);
      });
      await Promise.all([
        edit,
        pause(round % 2 === 0 ? 30 : 0).then(() => job()),
        pause(round % 2 === 0 ? 30 : 5).then(() => job()),
      ]);
      if ((await dateOf(date.id)).cancelledAt === null) {
        outcomes.add('guaranteed');
        await expectGuaranteed(date.id, ids, mark, before);
      } else {
        outcomes.add('called-off');
        expect(round % 2).toBe(1);
        await expectCalledOff(date, ids, mark);
      }
    }
    expect(outcomes.has('guaranteed')).toBe(true);
  });

  it(`a rider added on the decision day races the job past it, ${rounds} rounds: one outcome`, async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < rounds; round += 1) {
      // The rider change's clock is still on the decision day; the jobs' have passed it.
      const { date, bookings, ids } = await waitingDate(3, 4, isoDay(0));
      const adder = bookings[round % bookings.length]!;
      const mark = await outboxMark();
      const before = new Date();
      const [added] = await Promise.all([
        app().inject({
          method: 'POST',
          url: `/crm/api/request/add-tourists?uuid=${adder.uuid}`,
          headers: { 'x-authorization': `Bearer ${adder.token}` },
          payload: { tourists: [{ first_name: 'Ava', last_name: 'Added' }] },
        }),
        pause(round % 2 ? 30 : 0).then(() => job(tomorrowMorning())),
        pause(round % 2 ? 30 : 0).then(() => job(tomorrowMorning())),
      ]);
      expect(added.statusCode).toBeLessThan(500);
      if (added.statusCode === 200) {
        outcomes.add('guaranteed');
        const others = ids.filter((id) => id !== adder.id);
        const after = await dateOf(date.id);
        expect({ notGuaranteed: after.notGuaranteed, cancelledAt: after.cancelledAt }).toEqual({
          notGuaranteed: false,
          cancelledAt: null,
        });
        for (const id of ids) expect((await rowOf(id)).status).toBe(2);
        // The adder hears of it in the change's own e-mail, the others once each.
        expect(await toldSince(mark, adder.id)).toEqual(['date-guaranteed']);
        for (const id of others) expect(await toldSince(mark, id)).toEqual(['date-guaranteed']);
        expect(await organizerToldSince(mark, date.id)).toEqual(['organizer-date-guaranteed']);
        expect((await rowOf(adder.id)).holdUntil!.getTime()).toBeGreaterThanOrEqual(
          before.getTime() + HOLD_HOURS * 3_600_000,
        );
      } else {
        outcomes.add('called-off');
        expect(added.statusCode).toBe(409);
        await expectCalledOff(date, ids, mark);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it(`ahead of the day, a lowered minimum, a booking and two jobs at once: one guarantee, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { date, ids } = await waitingDate(2, 4, isoDay(5));
      const traveller = await signUp(app());
      const mark = await outboxMark();
      const before = new Date();
      const [, made] = await Promise.all([
        lowerMinimum(date.id, 3),
        pause(round % 3 === 0 ? 0 : 10).then(() => book(app(), date, { ...traveller, riders: 1 })),
        pause(round % 2 ? 5 : 0).then(() => job()),
        pause(round % 2 ? 0 : 5).then(() => job()),
      ]);
      expect(made.status).toBe(201);
      const madeId = made.body.id as number;
      // The edit may land after both jobs looked: the next round (a minute later) catches it.
      await job();
      // Whoever flipped it (the booking, or the job after the edit, then the booking at once
      // confirmed), the date runs once and nobody is told twice.
      const after = await dateOf(date.id);
      expect(after.notGuaranteed).toBe(false);
      expect(after.cancelledAt).toBeNull();
      for (const id of [...ids, madeId]) expect((await rowOf(id)).status).toBe(2);
      for (const id of ids) expect(await toldSince(mark, id)).toEqual(['date-guaranteed']);
      expect(await organizerToldSince(mark, date.id)).toEqual(
        expect.arrayContaining(['organizer-date-guaranteed']),
      );
      expect(
        (await organizerToldSince(mark, date.id)).filter((k) => k === 'organizer-date-guaranteed'),
      ).toHaveLength(1);
      expect((await rowOf(ids[0]!)).holdUntil!.getTime()).toBeGreaterThanOrEqual(
        before.getTime() + HOLD_HOURS * 3_600_000,
      );
    }
  });
});
