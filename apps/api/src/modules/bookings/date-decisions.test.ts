/**
 * A not-guaranteed date decided as a whole (decision 148): the organizer's confirmation of one
 * request guarantees its date (by the organizer area and by the e-mailed link), "Run this date",
 * "Cancel this date", and the decision day of the booking job. On PostgreSQL (CI) the calls
 * really overlap and run several rounds; on PGlite they run one after another and the same
 * assertions hold.
 */
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  chatMessages,
  organizerMembers,
  organizers,
  outbox,
  refunds,
  tourDates,
  tours,
  users,
} from '#src/db/schema/index.ts';
import { bookingPayments, sandboxProvider, TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { callOffUndecidedDates } from './departures.ts';
import { displayDay } from './wording.ts';
import {
  book,
  cancelBooking,
  dateWithSeats,
  messagesAbout,
  messagesOfDate,
  signUp,
  tallyStatuses,
  type TourDateRow,
  uniqueEmail,
  organizerMemberOf,
  confirmByLink as confirmByLinkOf,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('date_decisions', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-date-decision-tests',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 3 : 1;
const auth = (token: string) => ({ 'x-authorization': `Bearer ${token}` });
const DAY = 86_400_000;
const isoDay = (offset: number, from = Date.now()) =>
  new Date(from + offset * DAY).toISOString().slice(0, 10);

/** A new not-guaranteed date of `seats`, with its minimum group and decision day as given. */
async function undecidedDate(
  seats: number,
  {
    minRiders = null,
    decisionDate = null,
  }: { minRiders?: number | null; decisionDate?: string | null } = {},
) {
  const date = await dateWithSeats(db, seats, used, { guaranteed: false, minRiders });
  await db.update(tourDates).set({ decisionDate }).where(eq(tourDates.id, date.id));
  return { ...date, decisionDate };
}

async function dateOf(id: number) {
  const [date] = await db.select().from(tourDates).where(eq(tourDates.id, id));
  return date!;
}

async function bookingsOn(dateId: number) {
  return db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.tourDateId, dateId))
    .orderBy(bookingRequests.id);
}

/** An account (a new one unless given) made a member of the organizer of `date`'s tour. */
const memberOf = (date: Pick<TourDateRow, 'tourId'>) => organizerMemberOf(app(), db, date);

/** The organizer's e-mail address of `date`'s tour. */
async function organizerEmailOf(date: Pick<TourDateRow, 'tourId'>) {
  const [row] = await db
    .select({ email: organizers.email })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(eq(tours.id, date.tourId));
  return row!.email!;
}

/** `count` signed-in travellers' one-rider requests on `date`, each waiting (status 1). */
async function waitingRequests(date: Pick<TourDateRow, 'id' | 'tourId'>, count: number) {
  const made: { id: number; email: string; token: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const traveller = await signUp(app());
    const { status, body } = await book(app(), date, { ...traveller });
    expect(status).toBe(201);
    expect(body.status).toBe(1);
    made.push({ id: body.id as number, ...traveller });
  }
  return made;
}

/** The outbox's last id: what is queued later is what a moment told. */
async function outboxMark(): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` }).from(outbox);
  return Number(row!.id);
}

/** E-mails queued after `mark` to `recipient`. */
async function mailsSince(mark: number, recipient: string) {
  return db
    .select()
    .from(outbox)
    .where(and(gt(outbox.id, mark), eq(outbox.recipient, recipient), eq(outbox.channel, 'email')));
}

/** Chat messages about booking `id` written after `since`. */
async function chatLinesSince(id: number, since: Date) {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.requestId, id), gt(chatMessages.createdAt, since)));
}

/** The organizer-area call `path` (confirm, departure guarantee or cancel) and its answer. */
async function post(token: string, path: string, payload: object, operation: string) {
  const response = await app().inject({
    method: 'POST',
    url: `/crm/api/partner/${path}`,
    headers: auth(token),
    payload,
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, operation as never) as Json,
  };
}

const confirmInArea = (token: string, id: number) =>
  post(token, 'booking/confirm', { id }, 'confirmOrganizerBooking');
const runDate = (token: string, id: number) =>
  post(token, 'departure/guarantee', { id }, 'guaranteeOrganizerDeparture');
const cancelDate = (token: string, id: number, reason?: string) =>
  post(
    token,
    'departure/cancel',
    reason === undefined ? { id } : { id, reason },
    'cancelOrganizerDeparture',
  );

/** Confirms request `id` by the Confirm link of the organizer's e-mail about it. */
const confirmByLink = (id: number) => confirmByLinkOf(app(), db, id);

/** A paid booking (status 3) on a date decided before decision 148: left not guaranteed. */
async function legacyPaidBooking(date: Pick<TourDateRow, 'id' | 'tourId'>) {
  await db.update(tourDates).set({ notGuaranteed: false }).where(eq(tourDates.id, date.id));
  const traveller = await signUp(app());
  const made = await book(app(), date, { ...traveller });
  expect(made.body.status).toBe(2);
  const id = made.body.id as number;
  const started = await app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: auth(traveller.token),
    payload: { request_id: id, payment_type: 'prepayment', payment_method: 'card' },
  });
  expect(started.statusCode).toBe(200);
  const paid = await submitCard(app(), started.json().redirect_url as string, TEST_CARDS.success);
  expect(paid.statusCode).toBe(303);
  await db.update(tourDates).set({ notGuaranteed: true }).where(eq(tourDates.id, date.id));
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  expect(row!.status).toBe(3);
  expect(row!.paid).toBeGreaterThan(0);
  return { ...traveller, id, paid: row!.paid };
}

/** Every seat of the date is free or held by a live booking on it. */
async function expectSeatsConsistent(dateId: number) {
  const date = await dateOf(dateId);
  const live = (await bookingsOn(dateId)).filter((row) => row.status <= 3);
  const riders = live.reduce((sum, row) => sum + row.seats, 0);
  expect(date.numberOfFreeSeats).toBe(date.numberOfSeats - riders);
}

/** The organizer's e-mails about the date's guarantee. */
const organizerGuaranteeMails = (dateId: number) =>
  messagesOfDate(db, dateId, 'organizer-date-guaranteed');

/** The organizer's e-mails about the date's call-off (decision 148). */
const organizerCallOffMails = (dateId: number) =>
  messagesOfDate(db, dateId, 'organizer-date-cancelled');

/** The dates of `date`'s tour as its page answers them (`TourDate`). */
async function tourPageDates(date: Pick<TourDateRow, 'tourId'>) {
  const [tour] = await db.select({ slug: tours.slug }).from(tours).where(eq(tours.id, date.tourId));
  const response = await app().inject({
    method: 'GET',
    url: `/spa/tour?slug=${encodeURIComponent(tour!.slug)}`,
  });
  expect(response.statusCode).toBe(200);
  return (expectContractResponse(response, 'getTour') as { dates: Json[] }).dates;
}

describe('the organizer confirms a request on a date not guaranteed', () => {
  it('guarantees the date: every waiting request is confirmed, each traveller told once', async () => {
    const date = await undecidedDate(10, { minRiders: 4, decisionDate: isoDay(30) });
    const waiting = await waitingRequests(date, 3);
    const member = await memberOf(date);
    const organizerEmail = await organizerEmailOf(date);
    const mark = await outboxMark();
    const since = new Date(Date.now() - 1);

    const confirmed = await confirmInArea(member.token, waiting[0]!.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe(2);
    expect(confirmed.body.departure).toMatchObject({
      id: date.id,
      guaranteed: true,
      cancelled: false,
      can_decide: false,
    });

    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    const rows = await bookingsOn(date.id);
    expect(rows.map((row) => row.status)).toEqual([2, 2, 2]);
    for (const row of rows) {
      expect(row.respondBy).toBeNull();
      expect(row.holdUntil).not.toBeNull();
    }
    // One e-mail and one chat line for each traveller, one e-mail for the organizer.
    for (const [index, request] of waiting.entries()) {
      const mails = await mailsSince(mark, request.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.kind).toBe('date-guaranteed');
      expect(mails[0]!.body).toContain('is guaranteed: the organizer confirmed that the date runs');
      if (index === 0)
        expect(mails[0]!.body).toContain(`The organizer confirmed booking #${request.id}`);
      else expect(mails[0]!.body).toContain(`Booking #${request.id} is confirmed: pay`);
      expect(await chatLinesSince(request.id, since)).toHaveLength(1);
    }
    const toOrganizer = await mailsSince(mark, organizerEmail);
    expect(toOrganizer).toHaveLength(1);
    expect(toOrganizer[0]!.kind).toBe('organizer-date-guaranteed');
    expect(toOrganizer[0]!.body).toContain('You confirmed that the ride on');
    for (const request of waiting) expect(toOrganizer[0]!.body).toContain(`#${request.id} `);

    // A later booking is confirmed at once; nobody is told of the guarantee again.
    const later = await book(app(), date, { email: uniqueEmail('later') });
    expect(later.body.status).toBe(2);
    expect(await organizerGuaranteeMails(date.id)).toHaveLength(1);
  });

  it('guarantees a date without a minimum group too, by the e-mailed link', async () => {
    const date = await undecidedDate(10);
    const waiting = await waitingRequests(date, 2);
    const mark = await outboxMark();
    const answered = await confirmByLink(waiting[1]!.id);
    expect(answered.status).toBe(200);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    expect((await bookingsOn(date.id)).map((row) => row.status)).toEqual([2, 2]);
    for (const request of waiting) expect(await mailsSince(mark, request.email)).toHaveLength(1);
    expect(await organizerGuaranteeMails(date.id)).toHaveLength(1);
  });

  it(`races 20 bookings and 5 cancels on the date, ${rounds} rounds: one flip, nobody left waiting`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await undecidedDate(80, { minRiders: 60, decisionDate: isoDay(30) });
      const waiting = await waitingRequests(date, 6);
      const member = await memberOf(date);
      const [confirmed, booked, cancelled] = await Promise.all([
        confirmInArea(member.token, waiting[0]!.id),
        Promise.all(
          Array.from({ length: 20 }, () => book(app(), date, { email: uniqueEmail('race') })),
        ),
        Promise.all(
          waiting.slice(1).map((request) => cancelBooking(app(), request.token, request.id)),
        ),
      ]);
      expect(confirmed.status).toBe(200);
      expect(tallyStatuses(booked)).toEqual({ 201: 20 });
      expect(tallyStatuses(cancelled)).toEqual({ 200: 5 });
      expect((await dateOf(date.id)).notGuaranteed).toBe(false);
      const rows = await bookingsOn(date.id);
      expect(rows.filter((row) => row.status === 1)).toEqual([]);
      expect(rows.filter((row) => row.status === 2)).toHaveLength(21);
      expect(rows.filter((row) => row.status === 5)).toHaveLength(5);
      expect(await organizerGuaranteeMails(date.id)).toHaveLength(1);
      await expectSeatsConsistent(date.id);
    }
  }, 240_000);

  it(`confirms by the link and in the area at once, ${rounds} rounds: one guarantee, one set of notices`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await undecidedDate(10, { minRiders: 6 });
      const waiting = await waitingRequests(date, 3);
      const member = await memberOf(date);
      const mark = await outboxMark();
      // The same request twice, and another one on the date, all at once.
      const answers = await Promise.all([
        confirmByLink(waiting[0]!.id),
        confirmInArea(member.token, waiting[0]!.id),
        confirmInArea(member.token, waiting[1]!.id),
      ]);
      expect(tallyStatuses(answers)).toEqual({ 200: 3 });
      expect((await bookingsOn(date.id)).map((row) => row.status)).toEqual([2, 2, 2]);
      expect(await organizerGuaranteeMails(date.id)).toHaveLength(1);
      for (const request of waiting) expect(await mailsSince(mark, request.email)).toHaveLength(1);
    }
  }, 240_000);
});

describe('the organizer decides the whole date', () => {
  it('runs it: every waiting request is confirmed and told once; again is a 409', async () => {
    const date = await undecidedDate(10, { minRiders: 5, decisionDate: isoDay(30) });
    const waiting = await waitingRequests(date, 2);
    const member = await memberOf(date);
    const organizerEmail = await organizerEmailOf(date);
    const mark = await outboxMark();
    const ran = await runDate(member.token, date.id);
    expect(ran.status).toBe(200);
    expect(ran.body).toMatchObject({
      id: date.id,
      guaranteed: true,
      min_riders: null,
      decision_date: null,
      cancelled: false,
      can_decide: false,
      seats_free: 8,
    });
    expect((await bookingsOn(date.id)).map((row) => row.status)).toEqual([2, 2]);
    for (const request of waiting) {
      const mails = await mailsSince(mark, request.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.kind).toBe('date-guaranteed');
    }
    expect(await mailsSince(mark, organizerEmail)).toHaveLength(1);

    const again = await runDate(member.token, date.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This date is already guaranteed');
    const cancel = await cancelDate(member.token, date.id, 'Too few riders');
    expect(cancel.status).toBe(409);
  });

  it('is a 404 to anyone but its organizer’s members; a started date is a 409; a cancel needs a reason', async () => {
    const date = await undecidedDate(10);
    const [tour] = await db
      .select({ organizerId: tours.organizerId })
      .from(tours)
      .where(eq(tours.id, date.tourId));
    const [other] = await db
      .select({ id: organizers.id })
      .from(organizers)
      .where(ne(organizers.id, tour!.organizerId))
      .limit(1);
    const stranger = await signUp(app());
    const [user] = await db.select().from(users).where(eq(users.email, stranger.email));
    await db.insert(organizerMembers).values({ organizerId: other!.id, userId: user!.id });
    for (const token of [stranger.token, (await signUp(app())).token]) {
      const ran = await runDate(token, date.id);
      expect(ran.status).toBe(404);
      expect(ran.body.message).toBe('Date not found');
      expect((await cancelDate(token, date.id, 'No')).status).toBe(404);
    }
    const member = await memberOf(date);
    expect((await runDate(member.token, 2_147_483_647)).status).toBe(404);
    const blank = await cancelDate(member.token, date.id, '  ');
    expect(blank.status).toBe(422);
    expect((await dateOf(date.id)).cancelledAt).toBeNull();

    await db
      .update(tourDates)
      .set({ startDate: isoDay(0), endDate: isoDay(3) })
      .where(eq(tourDates.id, date.id));
    const started = await runDate(member.token, date.id);
    expect(started.status).toBe(409);
    expect(started.body.message).toBe('This date has already started');
    expect((await cancelDate(member.token, date.id, 'Storm')).status).toBe(409);
  });

  it('cancels it: each traveller told once with the reason, the organizer once naming every booking', async () => {
    const date = await undecidedDate(10, { minRiders: 6, decisionDate: isoDay(30) });
    // Another date of the same tour, left as it is.
    const { id: _dateId, ...copy } = await dateOf(date.id);
    const [other] = await db.insert(tourDates).values(copy).returning();
    used.add(other!.id);
    const legacy = await legacyPaidBooking(date);
    const waiting = await waitingRequests(date, 3);
    const member = await memberOf(date);
    const organizerEmail = await organizerEmailOf(date);
    const day = displayDay(date.startDate);
    const mark = await outboxMark();
    const cancelled = await cancelDate(member.token, date.id, 'The guides are not available.');
    expect(cancelled.status).toBe(200);

    for (const request of waiting) {
      const mails = await mailsSince(mark, request.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.kind).toBe('date-cancelled');
      expect(mails[0]!.subject).toContain(
        `Your ride on ${day} is cancelled (booking #${request.id})`,
      );
      expect(mails[0]!.body).toContain(
        `The organizer cancelled the ride on ${day}: the date does not run, so booking #${request.id} is cancelled. Reason: The guides are not available. Nothing was paid, so nothing is charged.`,
      );
    }
    const paidMails = await mailsSince(mark, legacy.email);
    expect(paidMails).toHaveLength(1);
    expect(paidMails[0]!.kind).toBe('date-cancelled');
    expect(paidMails[0]!.body).toContain('Reason: The guides are not available.');
    expect(paidMails[0]!.body).toMatch(/All \S+ paid is refunded to the card/u);
    const [paidRow] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, legacy.id));
    expect(paidRow!.refunded).toBe(legacy.paid);
    const refundRows = await db.select().from(refunds).where(eq(refunds.requestId, legacy.id));
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]!.amount).toBe(legacy.paid);

    const organizerMails = await mailsSince(mark, organizerEmail);
    expect(organizerMails).toHaveLength(1);
    expect(organizerMails[0]!.kind).toBe('organizer-date-cancelled');
    const body = organizerMails[0]!.body;
    expect(body).toContain(`You cancelled the ride on ${day}`);
    expect(body).toContain('with your reason: The guides are not available.');
    expect(body).toContain('Bookings ended (4 bookings):');
    for (const request of waiting) expect(body).toContain(`- #${request.id} `);
    expect(body).toMatch(
      new RegExp(`- #${legacy.id} .*: cancelled, all \\S+ paid is refunded`, 'u'),
    );
    expect(body.match(/^- #/gmu)).toHaveLength(4);
    for (const request of [...waiting, legacy]) {
      const lines = await chatLinesSince(request.id, new Date(Date.now() - 60_000));
      expect(
        lines.filter((line) => line.body.includes(`The organizer cancelled the ride on ${day}`)),
      ).toHaveLength(1);
    }

    const dates = await tourPageDates(date);
    const shown = dates.find((d) => d.id === date.id)!;
    expect(shown.cancelled).toBe(true);
    expect(shown.is_busy).toBe(true);
    expect(dates.find((d) => d.id === other!.id)!.cancelled).toBe(false);
    // Every date of the tour says whether it was called off, as its row records.
    const rows = await db.select().from(tourDates).where(eq(tourDates.tourId, date.tourId));
    for (const answered of dates) {
      const row = rows.find((r) => r.id === answered.id)!;
      expect(answered.cancelled).toBe(row.cancelledAt !== null);
    }
  });

  it(`cancels it while 10 bookings arrive, ${rounds} rounds: none left live, the paid refunded`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await undecidedDate(40, { minRiders: 30, decisionDate: isoDay(30) });
      const legacy = await legacyPaidBooking(date);
      const waiting = await waitingRequests(date, 2);
      const member = await memberOf(date);
      const [cancelled, booked] = await Promise.all([
        cancelDate(member.token, date.id, 'The guides are not available'),
        Promise.all(
          Array.from({ length: 10 }, () => book(app(), date, { email: uniqueEmail('late') })),
        ),
      ]);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: date.id, cancelled: true, can_decide: false });
      const refused = booked.filter((made) => made.status === 409);
      expect(refused.length + booked.filter((made) => made.status === 201).length).toBe(10);
      for (const made of refused) {
        expect(made.body.message).toBe(
          'This date was cancelled by the organizer and can no longer be booked',
        );
      }
      const rows = await bookingsOn(date.id);
      expect(rows.filter((row) => row.status <= 3)).toEqual([]);
      expect(rows).toHaveLength(3 + (10 - refused.length));
      for (const row of rows) {
        expect(row.status).toBe(6);
        expect(row.cancelMessage).toBe('The guides are not available');
      }
      const paid = rows.find((row) => row.id === legacy.id)!;
      expect(paid.refunded).toBe(legacy.paid);
      const [refund] = await db
        .select({ total: sql<number>`sum(${refunds.amount})`.mapWith(Number) })
        .from(refunds)
        .where(eq(refunds.requestId, legacy.id));
      expect(refund!.total).toBe(legacy.paid);
      for (const request of waiting) {
        expect(await messagesAbout(db, request.id, 'date-cancelled')).toHaveLength(1);
        expect(await messagesAbout(db, request.id, 'booking-declined')).toEqual([]);
      }
      expect(await messagesAbout(db, legacy.id, 'date-cancelled')).toHaveLength(1);
      expect(await organizerCallOffMails(date.id)).toHaveLength(1);
      const after = await dateOf(date.id);
      expect(after.cancelledAt).not.toBeNull();
      expect(after.isBusy).toBe(true);
      expect(after.numberOfFreeSeats).toBe(40);
      await expectSeatsConsistent(date.id);

      const again = await cancelDate(member.token, date.id, 'Again');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This date was cancelled');
      expect((await runDate(member.token, date.id)).status).toBe(409);
      const late = await book(app(), date, { email: uniqueEmail('after') });
      expect(late.status).toBe(409);
    }
  }, 240_000);
});

// Last: the job it runs calls off every date past its decision day, seeded ones included.
describe('the decision day', () => {
  it('answers a request by the decision day at the latest', async () => {
    const date = await undecidedDate(10, { decisionDate: isoDay(1) });
    const [request] = await waitingRequests(date, 1);
    const [row] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, request!.id));
    expect(row!.respondBy!.getTime()).toBe(Date.parse(`${isoDay(2)}T00:00:00Z`));
  });

  it(`releases the requests of a date not run by it, the job run 4 times at once, ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await undecidedDate(20, { minRiders: 10, decisionDate: isoDay(1) });
      const legacy = await legacyPaidBooking(date);
      const waiting = await waitingRequests(date, 3);
      const ids = [legacy.id, ...waiting.map((request) => request.id)];
      const now = new Date(Date.parse(`${isoDay(2)}T09:00:00Z`));
      const payments = bookingPayments(db, sandboxProvider(db));
      const runs = await Promise.all(
        Array.from({ length: 4 }, () =>
          callOffUndecidedDates(db, { now, publicUrl: 'http://web.test', payments }),
        ),
      );
      expect(runs.every((count) => count >= 0)).toBe(true);
      const reason = `The organizer did not confirm the date by ${displayDay(isoDay(1))}`;
      const rows = await db
        .select()
        .from(bookingRequests)
        .where(inArray(bookingRequests.id, ids))
        .orderBy(bookingRequests.id);
      for (const row of rows) expect(row.cancelMessage).toBe(reason);
      for (const request of waiting) {
        const row = rows.find((r) => r.id === request.id)!;
        expect(row.status).toBe(7);
        expect(row.refunded).toBe(0);
        const told = await messagesAbout(db, request.id, 'date-cancelled');
        expect(told).toHaveLength(1);
        expect(told[0]!.subject).toContain(
          `Your ride on ${displayDay(date.startDate)} does not run`,
        );
        expect(told[0]!.body).toContain(
          `${reason}, its decision day, so the ride on ${displayDay(date.startDate)} does not run and booking #${request.id} is cancelled. Nothing was paid, so nothing is charged.`,
        );
        expect(await messagesAbout(db, request.id, 'booking-expired')).toEqual([]);
      }
      const paid = rows.find((row) => row.id === legacy.id)!;
      expect(paid.status).toBe(6);
      expect(paid.refunded).toBe(legacy.paid);
      const paidTold = await messagesAbout(db, legacy.id, 'date-cancelled');
      expect(paidTold).toHaveLength(1);
      expect(paidTold[0]!.body).toContain('paid is refunded to the card');
      expect(await messagesAbout(db, legacy.id, 'booking-canceled')).toEqual([]);
      const organizerMails = await organizerCallOffMails(date.id);
      expect(organizerMails).toHaveLength(1);
      expect(organizerMails[0]!.subject).toContain(
        `The ride on ${displayDay(date.startDate)} does not run`,
      );
      expect(organizerMails[0]!.body).toContain(
        `You did not confirm the ride on ${displayDay(date.startDate)} by its decision day, ${displayDay(isoDay(1))}`,
      );
      for (const id of ids) expect(organizerMails[0]!.body).toContain(`- #${id} `);
      const after = await dateOf(date.id);
      expect(after.cancelledAt).not.toBeNull();
      expect(after.isBusy).toBe(true);
      expect(after.numberOfFreeSeats).toBe(20);
      // Booking it afterwards names why it does not run: not an organizer's cancel.
      const afterCallOff = await book(app(), date, { email: uniqueEmail('after-call-off') });
      expect(afterCallOff.status).toBe(409);
      expect(afterCallOff.body.message).toMatch(
        /^This date can no longer be booked: the organizer did not confirm it by /,
      );

      // A date past its decision day takes no booking, even before the job calls it off.
      const pending = await undecidedDate(10, { decisionDate: isoDay(-1) });
      const refused = await book(app(), pending, { email: uniqueEmail('late') });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `This date can no longer be booked: the organizer did not confirm it by ${displayDay(isoDay(-1))}`,
      );
      expect(await bookingsOn(pending.id)).toEqual([]);
    }
  }, 240_000);
});
