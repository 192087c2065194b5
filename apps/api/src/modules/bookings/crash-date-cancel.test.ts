/**
 * "Cancel this date" and the booking job's decision-day call-off survive a crash (decisions 148,
 * 091, 089): the API runs as a child process on a scratch PostgreSQL database. Each round has two
 * not-guaranteed dates with a booking in every live state (paid in full, a deposit paid and its
 * balance open at the provider, a payment open at the provider, confirmed unpaid, waiting
 * requests). On one the organizer sends "Cancel this date" three times at once while two
 * travellers cancel and six guests book; the other's decision day passed, and the API runs a
 * round of its booking job (which calls it off) while two travellers cancel. The process is
 * killed with SIGKILL at a mark held on each date by a row lock the test takes: once the cancel
 * and the call-off committed and before anything was sent to the provider, in the middle of those
 * sends, and inside their transactions. A fresh process answers the requests that got none, the
 * booking job runs again (in that process and in another at once), and then each date is called
 * off once, every booking on it ended once and told once, every seat, heavier horse and bed given
 * back, everything charged at the provider refunded once and every other payment voided there. A
 * payment the crash left open at the provider cannot be paid on the hosted page, and one the
 * provider charged anyway is refunded by the job.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  organizerMembers,
  outbox,
  payments,
  refunds,
  sandboxPayments,
  sandboxRefunds,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { isActive, STATUS } from '@gallop/booking-rules';
import { bookingPayments } from '#src/modules/payments/index.ts';
import { expectContractResponse, type CheckedResponse } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { todayIso } from '#src/shared/dates.ts';
import { runBookingJob } from './expiry.ts';
import { undecidedDateReason } from './notices.ts';
import { dateWithSeats, messagesAbout, messagesOfDate } from './testing-scratch.ts';
import type { Transaction } from './transitions.ts';
import {
  bookedBefore,
  bookingAttempt,
  bookingJobRound,
  bookingsAtCrash,
  cancelAs,
  committedKeys,
  dateRowOf,
  messageOf,
  openCrashBed,
  payByCard,
  post,
  retryBookings,
  roundKilled,
  sendBooking,
  untilAnswered,
  type BookingAttempt,
  type CrashBed,
} from './testing-crash.ts';

const CAPACITY = 20;
const HEAVY_PLACES = 3;
const BEDS = 3;
/** The standard horses carry up to 90 kg, the heavier ones up to 120 kg. */
const LIMITS = { maxRiderWeightKg: 90, heavyRiderWeightKg: 120 };
const REASON = 'The guides are not available';
const CANCELLED = 'This date was cancelled';
const DATE_CLOSED = 'This date was cancelled by the organizer and can no longer be booked';
const GUESTS = 6;
const DOUBLE_CLICKS = 3;

let bed: CrashBed | undefined;
const db = (): Database => bed!.db;

type DateRef = { id: number; tourId: number };
type Traveller = Awaited<ReturnType<typeof bookedBefore>>;

/** A payment the traveller started: its ids and the hosted page's address. */
interface Started {
  paymentId: number;
  providerPaymentId: string;
  redirectUrl: string;
}

async function startPayment(
  traveller: Traveller,
  type: 'prepayment' | 'payment' | 'full',
): Promise<Started> {
  const answer = await post(
    `${bed!.api.url}/crm/api/payment/start`,
    { request_id: traveller.bookingId, payment_type: type, payment_method: 'card' },
    { 'x-authorization': `Bearer ${traveller.token}` },
  );
  expectContractResponse(answer, 'startPayment');
  const body = JSON.parse(answer.body) as { payment: { id: number }; redirect_url: string };
  const [row] = await db().select().from(payments).where(eq(payments.id, body.payment.id));
  return {
    paymentId: body.payment.id,
    providerPaymentId: row!.providerPaymentId,
    redirectUrl: body.redirect_url,
  };
}

/** The payer opens the hosted page: the payment is opened at the provider, left unpaid. */
async function openAtProvider(started: Started) {
  const page = new URL(started.redirectUrl);
  const response = await fetch(`${bed!.api.url}${page.pathname}${page.search}`);
  expect(response.status).toBe(200);
  const [books] = await db()
    .select({ status: sandboxPayments.status })
    .from(sandboxPayments)
    .where(eq(sandboxPayments.providerPaymentId, started.providerPaymentId));
  expect(books?.status).toBe('open');
}

async function paid(started: Started) {
  const answer = await payByCard(bed!.api.url, started);
  expect(answer.statusCode, answer.body).toBe(303);
}

/** What a round's date holds before the round: a booking in every live state. */
interface DateSetup {
  organizer: { token: string };
  fullyPaid: Traveller;
  /** Its deposit paid, its balance payment open at the provider. */
  deposit: Traveller;
  /** A full payment open at the provider, unpaid. */
  opened: Traveller;
  openedPayment: Started;
  confirmed: Traveller;
  waiting: Traveller[];
  /** A confirmed booking and a request whose travellers cancel during the round. */
  leaving: Traveller[];
}

let phones = 0;
const attemptOn = (date: DateRef, label: string, riders: object[], heavy = 0, nonRiders = 0) =>
  bookingAttempt(date, {
    label,
    phone: `+1415558${String(1_000 + (phones += 1))}`,
    riders,
    heavy,
    nonRiders,
  });

async function setUpDate(date: DateRef): Promise<DateSetup> {
  // Guaranteed first (decision 148 confirms a date's first booking only by guaranteeing it):
  // the confirmed and paid bookings are made, then the date is left undecided, with no minimum
  // group whose reaching would guarantee it.
  await db()
    .update(tourDates)
    .set({ notGuaranteed: false, decisionDate: null, minRiders: null })
    .where(eq(tourDates.id, date.id));
  const fullyPaid = await bookedBefore(bed!, attemptOn(date, 'full', [{ weight: 100 }], 1));
  await paid(await startPayment(fullyPaid, 'full'));
  const deposit = await bookedBefore(bed!, attemptOn(date, 'deposit', [{ weight: 70 }], 0, 1));
  await paid(await startPayment(deposit, 'prepayment'));
  await openAtProvider(await startPayment(deposit, 'payment'));
  const opened = await bookedBefore(bed!, attemptOn(date, 'open', [{}, { weight: 110 }], 1));
  const openedPayment = await startPayment(opened, 'full');
  await openAtProvider(openedPayment);
  const confirmed = await bookedBefore(bed!, attemptOn(date, 'confirmed', [{}], 0, 1));
  const leavingConfirmed = await bookedBefore(bed!, attemptOn(date, 'leaving', [{}]));
  await db().update(tourDates).set({ notGuaranteed: true }).where(eq(tourDates.id, date.id));
  const waiting = [
    await bookedBefore(bed!, attemptOn(date, 'waiting', [{}])),
    await bookedBefore(bed!, attemptOn(date, 'waiting', [{ weight: 95 }], 1, 1)),
  ];
  const leavingRequest = await bookedBefore(bed!, attemptOn(date, 'leaving', [{}]));

  const rows = await bookingsOf(date.id);
  const statusOf = (traveller: Traveller) => rows.find((r) => r.id === traveller.bookingId)!;
  expect(statusOf(fullyPaid)).toMatchObject({ status: STATUS.madePrepayment });
  expect(statusOf(fullyPaid).paid).toBe(statusOf(fullyPaid).price);
  expect(statusOf(deposit).status).toBe(STATUS.madePrepayment);
  expect(statusOf(deposit).paid).toBeGreaterThan(0);
  expect(statusOf(deposit).paid).toBeLessThan(statusOf(deposit).price);
  for (const traveller of [opened, confirmed, leavingConfirmed]) {
    expect(statusOf(traveller)).toMatchObject({ status: STATUS.pendingPrepayment, paid: 0 });
  }
  for (const traveller of [...waiting, leavingRequest]) {
    expect(statusOf(traveller).status).toBe(STATUS.pendingConfirm);
  }
  const dateNow = await dateRowOf(db(), date.id);
  expect(dateNow).toMatchObject({
    numberOfFreeSeats: CAPACITY - 9,
    heavyPlacesFree: HEAVY_PLACES - 3,
    nonRiderPlacesFree: BEDS - 3,
  });

  const member = await signedUser(db());
  const [tour] = await db().select().from(tours).where(eq(tours.id, date.tourId));
  await db()
    .insert(organizerMembers)
    .values({ organizerId: tour!.organizerId, userId: member.userId });
  return {
    organizer: member,
    fullyPaid,
    deposit,
    opened,
    openedPayment,
    confirmed,
    waiting,
    leaving: [leavingConfirmed, leavingRequest],
  };
}

const bookingsOf = (dateId: number) =>
  db().select().from(bookingRequests).where(eq(bookingRequests.tourDateId, dateId));

const cancelDate = (organizer: { token: string }, dateId: number) => (url: string) =>
  post(
    `${url}/crm/api/partner/departure/cancel`,
    { id: dateId, reason: REASON },
    { 'x-authorization': `Bearer ${organizer.token}` },
  );

/**
 * A row lock the test holds in its own transaction until `release`: what the API reaches next
 * waits on it, so the kill comes at a known step. Answers the holding backend's pid. The release
 * first ends the killed API's sessions waiting on the lock: PostgreSQL would otherwise run the
 * statement a dead client left waiting (a provider call would still reach the provider).
 */
async function holdLocks(lock: (tx: Transaction) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: (pid: number) => void;
  const pid = new Promise<number>((resolve) => (locked = resolve));
  const done = db().transaction(async (tx) => {
    await lock(tx);
    const rows = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    locked(rows.rows[0]!.pid);
    await released;
  });
  return {
    pid: await Promise.race([pid, done.then(() => Promise.reject(new Error('lock not held')))]),
    release: async () => {
      await db().execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where ${await pid} = any(pg_blocking_pids(pid))`,
      );
      release();
      await done;
    },
  };
}

/** The sandbox rows of these payments, locked: the provider's voids and refunds wait. */
const lockProviderRows = (ids: string[]) => (tx: Transaction) =>
  tx
    .select()
    .from(sandboxPayments)
    .where(inArray(sandboxPayments.providerPaymentId, ids))
    .for('update');

/** The payments of the date's bookings, with the provider's books of each. */
async function ledgerOf(dateId: number) {
  return db()
    .select({
      payment: payments,
      books: sandboxPayments,
    })
    .from(payments)
    .innerJoin(bookingRequests, eq(bookingRequests.id, payments.requestId))
    .leftJoin(sandboxPayments, eq(sandboxPayments.providerPaymentId, payments.providerPaymentId))
    .where(eq(bookingRequests.tourDateId, dateId));
}

async function refundsOf(dateId: number) {
  return db()
    .select({ refund: refunds, sent: sandboxRefunds })
    .from(refunds)
    .innerJoin(bookingRequests, eq(bookingRequests.id, refunds.requestId))
    .leftJoin(sandboxRefunds, eq(sandboxRefunds.refundKey, sql`${refunds.id}::text`))
    .where(eq(bookingRequests.tourDateId, dateId));
}

const organizerMailsOf = (dateId: number) =>
  messagesOfDate(db(), dateId, 'organizer-date-cancelled');

/** The cancelled date's state: what a repeated cancel must leave unchanged. */
async function snapshotOf(dateId: number) {
  const [mails] = await db()
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(outbox);
  return {
    date: await dateRowOf(db(), dateId),
    bookings: (await bookingsOf(dateId)).sort((a, b) => a.id - b.id),
    ledger: (await ledgerOf(dateId)).sort((a, b) => a.payment.id - b.payment.id),
    refunds: (await refundsOf(dateId)).sort((a, b) => a.refund.id - b.refund.id),
    mails: mails!.count,
  };
}

/** Where a round's kill comes on one date: a lock the test holds, and when the API reached it. */
interface Mark {
  lock: (tx: Transaction) => Promise<unknown>;
  reached: (holder: number) => Promise<boolean>;
}

interface Round {
  label: string;
  /**
   * The lock held on a date while the round runs, and when the API is killed: the same mark on
   * the date its organizer cancels and on the date the booking job calls off.
   */
  mark: (date: DateRef, setup: DateSetup, ledger: Awaited<ReturnType<typeof ledgerOf>>) => Mark;
  /** Whether the cancel and the call-off had committed when the API was killed. */
  committed: boolean;
}

const cancelledAtSet = async (dateId: number) =>
  (await dateRowOf(db(), dateId)).cancelledAt !== null;

const ROUNDS: Round[] = [
  {
    label: 'as the cancel and the call-off commit, before the provider is told anything',
    committed: true,
    mark: (date, _setup, ledger) => ({
      lock: lockProviderRows(ledger.map((row) => row.payment.providerPaymentId)),
      reached: () => cancelledAtSet(date.id),
    }),
  },
  {
    label: 'midway through the voids and refunds after the commits',
    committed: true,
    mark: (date, setup) => ({
      // The last booking's void waits: the refunds of the two paid bookings are sent before.
      lock: lockProviderRows([setup.openedPayment.providerPaymentId]),
      reached: async () =>
        (await cancelledAtSet(date.id)) &&
        (await refundsOf(date.id)).filter((row) => row.refund.status === 2).length >= 2,
    }),
  },
  {
    label: "inside the cancel's and the call-off's transactions, bookings ended, not committed",
    committed: false,
    mark: (_date, setup) => ({
      // Both end the bookings in id order and wait on this one, the last made before.
      lock: (tx) =>
        tx
          .select()
          .from(bookingRequests)
          .where(eq(bookingRequests.id, setup.leaving[1]!.bookingId))
          .for('update'),
      reached: async (holder) => {
        const waiting = await db().execute<{ count: number }>(
          sql`select count(*)::int as count from pg_stat_activity
              where ${holder} = any(pg_blocking_pids(pid))`,
        );
        return waiting.rows[0]!.count > 0;
      },
    }),
  },
];

/** The job date's decision day was yesterday, the date still not guaranteed: the job calls it off. */
async function passDecisionDay(date: DateRef): Promise<string> {
  const decisionDate = todayIso(new Date(Date.now() - 86_400_000));
  await db().update(tourDates).set({ decisionDate }).where(eq(tourDates.id, date.id));
  return decisionDate;
}

/** What the crash left of a date's call-off: committed or not, its refunds and voids not done. */
async function crashStateOf(dateId: number) {
  return {
    cancelled: await cancelledAtSet(dateId),
    refundsPending: (await refundsOf(dateId)).filter((row) => row.refund.status === 1).length,
    openAtProvider: (await ledgerOf(dateId)).filter((row) => row.books?.status === 'open').length,
  };
}

const crashLine = (state: Awaited<ReturnType<typeof crashStateOf>>) =>
  `${state.cancelled ? 'committed' : 'not committed'}, ${state.refundsPending} refunds ` +
  `pending, ${state.openAtProvider} payments open at the provider`;

/**
 * The crash kept the provider from voiding the payment the call-off closed: the payer cannot pay
 * it on the hosted page, and when the provider charges it anyway (the payer was on its page), the
 * job must refund it.
 */
async function chargedLate(url: string, started: Started): Promise<Started> {
  const atProvider = eq(sandboxPayments.providerPaymentId, started.providerPaymentId);
  const page = await untilAnswered(() => payByCard(url, started));
  expect([303, 410]).toContain(page.statusCode);
  const [books] = await db().select().from(sandboxPayments).where(atProvider);
  expect(books!.status).toBe('open');
  await db()
    .update(sandboxPayments)
    .set({ status: 'succeeded', cardLast4: '4242' })
    .where(atProvider);
  return started;
}

type DateBooking = Awaited<ReturnType<typeof bookingsOf>>[number];

/** Who called a date off: the reason its bookings carry and how each was ended. */
interface CallOff {
  reason: string;
  endedAs: (row: DateBooking) => number;
}

const BY_ORGANIZER: CallOff = { reason: REASON, endedAs: () => STATUS.canceledByAuthor };

/** The decision day: a paid booking is cancelled and refunded, the others released. */
const byDecisionDay = (decisionDate: string): CallOff => ({
  reason: undecidedDateReason(decisionDate),
  endedAs: (row) => (row.paid > 0 ? STATUS.canceledByAuthor : STATUS.canceledBySystem),
});

/**
 * What a date called off across the crash holds once the job ran again: called off once (one
 * organizer e-mail), every seat, heavier horse and bed back, every booking ended once and its
 * traveller told once (one whose own cancel was answered 200 ended it), every charge at the
 * provider refunded in full once, nothing else charged, nothing left open there; a cancel sent
 * again changes nothing. Answers its bookings, the refunds sent and the charges, for the log.
 */
async function expectCalledOffOnce(
  date: DateRef,
  setup: DateSetup,
  callOff: CallOff,
  {
    apiUrl,
    leavingAnswers,
    lateCharge,
  }: { apiUrl: string; leavingAnswers: CheckedResponse[]; lateCharge: Started | undefined },
) {
  const after = await dateRowOf(db(), date.id);
  expect(after.cancelledAt).not.toBeNull();
  expect(after.isBusy).toBe(true);
  expect(after).toMatchObject({
    numberOfFreeSeats: CAPACITY,
    heavyPlacesFree: HEAVY_PLACES,
    nonRiderPlacesFree: BEDS,
  });
  expect(await organizerMailsOf(date.id)).toHaveLength(1);

  const rows = await bookingsOf(date.id);
  expect(rows.filter((row) => isActive(row.status))).toEqual([]);
  for (const [n, traveller] of setup.leaving.entries()) {
    const answer = leavingAnswers[n]!;
    expect([200, 409]).toContain(answer.statusCode);
    const row = rows.find((r) => r.id === traveller.bookingId)!;
    expect(row.status).toBe(
      answer.statusCode === 200 ? STATUS.canceledByTourist : callOff.endedAs(row),
    );
  }
  for (const row of rows) {
    const told = await messagesAbout(db(), row.id, 'date-cancelled');
    if (row.status === STATUS.canceledByTourist) {
      expect(told).toEqual([]);
    } else {
      expect(row.status, `booking ${row.id}`).toBe(callOff.endedAs(row));
      expect(row.cancelMessage).toBe(callOff.reason);
      expect(told, `booking ${row.id}`).toHaveLength(1);
    }
  }

  // Money: every charge at the provider refunded in full, once; nothing else charged, and
  // nothing left open there; every refund sent; each booking refunded all it paid.
  const ledger = await ledgerOf(date.id);
  const sent = await refundsOf(date.id);
  for (const { payment, books } of ledger) {
    expect(payment.status, `payment ${payment.id}`).not.toBe(1);
    if (payment.status === 3) expect(payment.voidConfirmedAt).not.toBeNull();
    if (!books) continue;
    expect(books.status, `payment ${payment.id}`).not.toBe('open');
    expect(books.refunded, `payment ${payment.id}`).toBe(
      books.status === 'succeeded' ? books.amount : 0,
    );
    const refunded = sent.filter((row) => row.refund.paymentId === payment.id);
    expect(refunded.reduce((sum, row) => sum + row.refund.amount, 0)).toBe(
      books.status === 'succeeded' ? payment.amount : 0,
    );
  }
  expect(sent.filter((row) => row.refund.status !== 2 || !row.sent)).toEqual([]);
  for (const row of rows) {
    const mine = sent.filter((refund) => refund.refund.requestId === row.id);
    expect(mine.reduce((sum, refund) => sum + refund.refund.amount, 0)).toBe(row.refunded);
    expect(row.refunded, `booking ${row.id}`).toBe(
      row.paid + (lateCharge && row.id === setup.opened.bookingId ? row.price : 0),
    );
  }
  const charged = ledger.filter((row) => row.books?.status === 'succeeded');
  expect(charged.map((row) => row.payment.requestId).sort()).toEqual(
    [setup.fullyPaid, setup.deposit, ...(lateCharge ? [setup.opened] : [])]
      .map((traveller) => traveller.bookingId)
      .sort(),
  );
  if (lateCharge) {
    const told = await messagesAbout(db(), setup.opened.bookingId, 'payment-refunded');
    expect(told).toHaveLength(1);
  }

  // A cancel sent again changes nothing.
  const settled = await snapshotOf(date.id);
  const again = await cancelDate(setup.organizer, date.id)(apiUrl);
  expect(again.statusCode).toBe(409);
  expect(messageOf(again)).toBe(CANCELLED);
  expect(await snapshotOf(date.id)).toEqual(settled);
  return { rows, sent, charged };
}

const statusesOf = (answers: readonly (CheckedResponse | undefined)[]) =>
  answers.map((answer) => answer?.statusCode ?? 'none').join(',');

describe.runIf(testDatabaseKind() === 'postgres')(
  '"Cancel this date" and the decision-day call-off across a crash (SIGKILL)',
  () => {
    /** The booking the job's development route moves each time it runs the job. */
    let spare: Traveller;

    beforeAll(async () => {
      // Per round a date its organizer cancels and one the job calls off.
      bed = await openCrashBed('crash_date', ROUNDS.length * 2, async (db, date) => {
        await db
          .update(tourDates)
          .set({
            numberOfSeats: CAPACITY,
            numberOfFreeSeats: CAPACITY,
            heavyPlaces: HEAVY_PLACES,
            heavyPlacesFree: HEAVY_PLACES,
            nonRiderPrice: 30_000,
            nonRiderPlaces: BEDS,
            nonRiderPlacesFree: BEDS,
          })
          .where(eq(tourDates.id, date.id));
        await db
          .update(tours)
          .set({ ...LIMITS, nonRidersWelcome: true })
          .where(eq(tours.id, date.tourId));
      });
      const spareDate = await dateWithSeats(bed.db, 1, new Set());
      spare = await bookedBefore(bed, attemptOn(spareDate, 'spare', [{}]));
    }, 180_000);

    afterAll(() => bed?.close(), 60_000);

    it.each(ROUNDS.map((round, index) => ({ ...round, round: index + 1 })))(
      'round $round: SIGKILL $label, then retries and the booking job',
      async ({ round, label, mark, committed }) => {
        const date = bed!.dates[2 * round - 2]!;
        const jobDate = bed!.dates[2 * round - 1]!;
        const [setup, jobSetup] = await Promise.all([setUpDate(date), setUpDate(jobDate)]);
        const decisionDate = await passDecisionDay(jobDate);
        const cancelMark = mark(date, setup, await ledgerOf(date.id));
        const callOffMark = mark(jobDate, jobSetup, await ledgerOf(jobDate.id));

        // The booking job calls one date off while two of its travellers cancel; on the other
        // guests book, two travellers cancel and the organizer cancels it.
        const guests: BookingAttempt[] = Array.from({ length: GUESTS }, (_, n) =>
          attemptOn(date, `guest-${round}-${n}`, [{}]),
        );
        const cancels = Array.from({ length: DOUBLE_CLICKS }, () =>
          cancelDate(setup.organizer, date.id),
        );
        const leaving = setup.leaving.map((traveller) => cancelAs(traveller));
        const jobLeaving = jobSetup.leaving.map((traveller) => cancelAs(traveller));
        const job = bookingJobRound(spare.bookingId);
        // The job's call-off reaches its mark first; then the rest is sent, all at once (the
        // API's ten connections would otherwise all wait on the first date's locks, and the
        // call-off would never get one).
        let openGate!: () => void;
        const gate = Promise.race([
          new Promise<void>((open) => (openGate = open)),
          bed!.api.exited,
        ]);
        const afterCallOff = (send: (url: string) => Promise<CheckedResponse>) => (url: string) =>
          gate.then(() => send(url));
        const requests = [
          ...guests.map((attempt) => afterCallOff((url) => sendBooking(url, attempt))),
          ...leaving.map(afterCallOff),
          ...cancels.map(afterCallOff),
          ...jobLeaving.map(afterCallOff),
          job,
        ];
        const held: Awaited<ReturnType<typeof holdLocks>>[] = [];
        let killed;
        try {
          const cancelHeld = await holdLocks(cancelMark.lock);
          held.push(cancelHeld);
          const callOffHeld = await holdLocks(callOffMark.lock);
          held.push(callOffHeld);
          let callOffAtMark = false;
          const reached = async () => {
            if (!callOffAtMark) {
              if (!(await callOffMark.reached(callOffHeld.pid))) return false;
              callOffAtMark = true;
              openGate();
            }
            return cancelMark.reached(cancelHeld.pid);
          };
          killed = await roundKilled(bed!.api, requests, { reached });
        } finally {
          for (const hold of held) await hold.release();
        }
        const { firstTry, killedAtMs, answeredAtKill } = killed;
        let taken = 0;
        const take = (count: number) => firstTry.slice(taken, (taken += count));
        const guestTries = take(GUESTS);
        const leavingTries = take(leaving.length);
        const cancelTries = take(cancels.length);
        const jobLeavingTries = take(jobLeaving.length);
        const [jobTry] = take(1);

        const atCrash = await crashStateOf(date.id);
        const jobAtCrash = await crashStateOf(jobDate.id);
        expect(atCrash.cancelled).toBe(committed);
        expect(jobAtCrash.cancelled).toBe(committed);
        const crash = await bookingsAtCrash(db(), guests, guestTries);

        const api = await bed!.restart();
        const [lateCharge, jobLateCharge] =
          round === 1
            ? [
                await chargedLate(api.url, setup.openedPayment),
                await chargedLate(api.url, jobSetup.openedPayment),
              ]
            : [];

        // Every request that got no answer is sent again, all at once.
        const answered = (sends: typeof leaving, first: typeof leavingTries) =>
          Promise.all(
            sends.map((send, n) =>
              first[n] ? Promise.resolve(first[n]) : untilAnswered(() => send(api.url)),
            ),
          );
        const [guestRetries, leavingRetries, cancelRetries, jobLeavingRetries] = await Promise.all([
          retryBookings(api.url, crash),
          answered(leaving, leavingTries),
          answered(cancels, cancelTries),
          answered(jobLeaving, jobLeavingTries),
        ]);
        // The booking job runs again, in the restarted process and in another at once.
        const [jobAgain] = await Promise.all([
          untilAnswered(() => job(api.url)),
          runBookingJob(db(), {
            now: new Date(Date.now() + 3 * 60_000),
            holdHours: 72,
            publicUrl: 'http://web.test',
            payments: bookingPayments(db()),
          }),
        ]);
        expect(jobAgain.statusCode, jobAgain.body).toBe(200);

        // The organizer's cancel: never a 5xx; once 200 at most, every other answer the 409.
        for (const answer of cancelRetries) {
          expectContractResponse(answer, 'cancelOrganizerDeparture');
          expect([200, 409]).toContain(answer.statusCode);
          if (answer.statusCode === 409) expect(messageOf(answer)).toBe(CANCELLED);
        }
        const won = cancelRetries.filter((answer) => answer.statusCode === 200);
        // A cancel committed before the crash is the date's one: its retry is answered the 409.
        expect(won).toHaveLength(committed ? 0 : 1);

        const calledOff = await expectCalledOffOnce(
          jobDate,
          jobSetup,
          byDecisionDay(decisionDate),
          {
            apiUrl: api.url,
            leavingAnswers: jobLeavingRetries,
            lateCharge: jobLateCharge,
          },
        );

        const cancelled = await expectCalledOffOnce(date, setup, BY_ORGANIZER, {
          apiUrl: api.url,
          leavingAnswers: leavingRetries,
          lateCharge,
        });
        // The guests: each booked (and ended with the date) or refused for the cancelled date.
        const guestAnswers = guests.map((attempt, n) => {
          const failed = crash.failed.indexOf(attempt);
          return failed >= 0 ? guestRetries.retried[failed]! : guestTries[n]!;
        });
        const keys = await committedKeys(db());
        for (const [n, answer] of guestAnswers.entries()) {
          expect([201, 409], answer.body).toContain(answer.statusCode);
          if (answer.statusCode === 409) {
            expect(messageOf(answer)).toBe(DATE_CLOSED);
            expect(keys.get(guests[n]!.key)).toBeUndefined();
          } else {
            const id = (JSON.parse(answer.body) as { id: number }).id;
            expect(keys.get(guests[n]!.key)).toBe(id);
            const committedId = crash.committedBeforeCrash.get(guests[n]!.key);
            if (committedId !== undefined) expect(id).toBe(committedId);
          }
        }
        for (const answer of guestRetries.replayed) expect(answer.statusCode).toBe(201);
        const guestEmails = new Set(guests.map((attempt) => attempt.email));
        const guestRows = cancelled.rows.filter((row) => guestEmails.has(row.contactEmail));
        expect(guestRows).toHaveLength(guestAnswers.filter((a) => a.statusCode === 201).length);

        console.info(
          `date cancel crash round ${round} (${label}): SIGKILL ${killedAtMs} ms in, ` +
            `${answeredAtKill} of ${requests.length} answered (the job ${statusesOf([jobTry])}); ` +
            `at the crash: cancel ${crashLine(atCrash)}; call-off ${crashLine(jobAtCrash)}; ` +
            `cancels first ${statusesOf(cancelTries)}, after ${statusesOf(cancelRetries)}; ` +
            `travellers' cancels ${statusesOf(leavingRetries)} and ` +
            `${statusesOf(jobLeavingRetries)}; guests ${guestRows.length} booked and ended, ` +
            `${GUESTS - guestRows.length} refused; refunds sent ${cancelled.sent.length} and ` +
            `${calledOff.sent.length}, charges refunded ${cancelled.charged.length} and ` +
            `${calledOff.charged.length}`,
        );
      },
      120_000,
    );
  },
);
