/**
 * Non-rider beds survive a crash (decision 118), as `crash.test.ts` proves for seats and
 * `crash-heavy.test.ts` for heavier horses: the API runs as a child process on a scratch
 * PostgreSQL database and is killed with SIGKILL while a round is in flight, on a date with 18
 * seats and 6 beds for companions who do not ride, 2 of them taken. A round is the two travellers
 * who hold those beds cancelling, sent first, then 50 guest bookings: a third of one rider and one
 * non-rider, a third of one rider and two, the rest of one rider (both seats and beds run out; the
 * beds given back are taken again). After the restart every request that got no answer is sent
 * again (a booking with its Idempotency-Key). Then the date's free beds are its beds less what its
 * live bookings hold, never below zero; each live booking holds a bed per companion who does not
 * ride; every acknowledged booking is there once.
 */
import { eq, inArray, notInArray, and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, bookingTourists, tourDates, tours } from '#src/db/schema/index.ts';
import { isActive, STATUS } from '@gallop/booking-rules';
import { expectContractResponse } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import {
  bookingAttempt,
  bookingsAtCrash,
  bookingsOn,
  committedKeys,
  expectBookingsAfterCrash,
  bookedBefore,
  cancelAs,
  dateRowOf,
  messageOf,
  openCrashBed,
  refusalsAfterCrash,
  retryBookings,
  roundKilled,
  sendBooking,
  untilAnswered,
  type BookingAttempt,
  type CrashBed,
  type KillWhen,
} from './testing-crash.ts';

const CAPACITY = 18;
const BEDS = 6;
const REQUESTS = 50;
/** 300.00 of the date's currency a companion. */
const NON_RIDER_PRICE = 30_000;

const SEATS_SHORT = [/^No seats are left on this date$/, /^Only \d+ seat\(s\) left on this date$/];
const BEDS_SHORT = [
  /^No places for non-riders are left on this date$/,
  /^Only \d+ place\(s\) for non-riders left on this date$/,
];

let bed: CrashBed | undefined;
let failedInFlight = 0;
let refusedForBeds = 0;

const db = () => bed!.db;

const dateRow = (dateId: number) => dateRowOf(db(), dateId);

async function roundHolds(dateId: number, travellers: readonly number[]) {
  const [row] = await db()
    .select({
      bookings: sql<number>`count(*)`.mapWith(Number),
      beds: sql<number>`coalesce(sum(${bookingRequests.nonRiders}), 0)`.mapWith(Number),
    })
    .from(bookingRequests)
    .where(
      and(eq(bookingRequests.tourDateId, dateId), notInArray(bookingRequests.id, [...travellers])),
    );
  return row!;
}

/**
 * When each round's API is killed: once 5 bookings have been answered 201, once 10 of the
 * round's bookings are committed, and once the round's bookings hold 4 beds (the four free, or
 * some of those given back, so most bookings with companions are still in flight).
 */
const ROUNDS: {
  label: string;
  when: (dateId: number, travellers: readonly number[]) => KillWhen;
}[] = [
  { label: 'after 5 bookings are answered', when: () => ({ acknowledged: 5 }) },
  {
    label: "once 10 of the round's bookings are committed",
    when: (dateId, travellers) => ({
      reached: async () => (await roundHolds(dateId, travellers)).bookings >= 10,
    }),
  },
  {
    label: "once the round's bookings hold 4 beds",
    when: (dateId, travellers) => ({
      reached: async () => (await roundHolds(dateId, travellers)).beds >= 4,
    }),
  },
];

/** The round's guest bookings: a third with one companion, a third with two, the rest alone. */
function attemptsFor(round: number, date: { id: number; tourId: number }): BookingAttempt[] {
  return Array.from({ length: REQUESTS }, (_, n) =>
    bookingAttempt(date, {
      label: `beds-${round}-${n}`,
      phone: `+1415557${String(1_000 + round * 100 + n)}`,
      riders: [{}],
      heavy: 0,
      nonRiders: n % 3 === 2 ? 0 : n % 3 === 0 ? 1 : 2,
    }),
  );
}

/** A signed-in traveller's booking of one rider and one companion, made before the round. */
const bookedBeforeAt = (date: { id: number; tourId: number }) =>
  bookedBefore(
    bed!,
    bookingAttempt(date, {
      label: 'before',
      phone: '+14155550199',
      riders: [{}],
      heavy: 0,
      nonRiders: 1,
    }),
  );

const cancel = cancelAs;

describe.runIf(testDatabaseKind() === 'postgres')('non-rider beds across a crash (SIGKILL)', () => {
  beforeAll(async () => {
    bed = await openCrashBed('crash_beds', ROUNDS.length, async (db, date) => {
      await db
        .update(tourDates)
        .set({
          numberOfSeats: CAPACITY,
          numberOfFreeSeats: CAPACITY,
          nonRiderPrice: NON_RIDER_PRICE,
          nonRiderPlaces: BEDS,
          nonRiderPlacesFree: BEDS,
        })
        .where(eq(tourDates.id, date.id));
      await db.update(tours).set({ nonRidersWelcome: true }).where(eq(tours.id, date.tourId));
    });
  }, 180_000);

  afterAll(() => bed?.close(), 60_000);

  it.each(ROUNDS.map((round, index) => ({ ...round, round: index + 1 })))(
    'round $round: SIGKILL $label, then retries',
    async ({ round, label, when }) => {
      const date = bed!.dates[round - 1]!;
      // Before the round: 2 seats and 2 of the 6 beds are taken.
      const leaving = [await bookedBeforeAt(date), await bookedBeforeAt(date)];
      expect(await dateRow(date.id)).toMatchObject({
        numberOfFreeSeats: CAPACITY - 2,
        nonRiderPlacesFree: BEDS - 2,
      });
      const travellers = leaving.map((traveller) => traveller.bookingId);

      const attempts = attemptsFor(round, date);
      const { firstTry, killedAtMs, answeredAtKill } = await roundKilled(
        bed!.api,
        [
          ...leaving.map(cancel),
          ...attempts.map((attempt) => (url: string) => sendBooking(url, attempt)),
        ],
        when(date.id, travellers),
      );
      const bookingsFirstTry = firstTry.slice(leaving.length);
      const crash = await bookingsAtCrash(db(), attempts, bookingsFirstTry);
      failedInFlight += crash.failed.length;

      // A fresh process on the same database; every unanswered request is sent again.
      const api = await bed!.restart();
      const retries = await retryBookings(api.url, crash);
      const cancelled = await Promise.all(
        leaving.map(
          (traveller, n) => firstTry[n] ?? untilAnswered(() => cancel(traveller)(api.url)),
        ),
      );

      const bookings = await bookingsOn(db(), date.id);
      const companions = await db()
        .select({ bookingId: bookingTourists.requestId })
        .from(bookingTourists)
        .where(
          and(
            inArray(
              bookingTourists.requestId,
              bookings.map((booking) => booking.id),
            ),
            eq(bookingTourists.rides, false),
          ),
        );
      const after = await dateRow(date.id);
      const keys = await committedKeys(db());
      const live = bookings.filter((booking) => isActive(booking.status));
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

      console.info(
        `beds crash round ${round}: ${REQUESTS} bookings and ${leaving.length} cancels on ` +
          `${CAPACITY} seats and ${BEDS} beds, SIGKILL ${label} (${killedAtMs} ms in, ` +
          `${answeredAtKill} answered by then): acknowledged ${crash.acknowledged.length}, ` +
          `refused ${crash.refused.length}, failed then retried ${crash.failed.length} ` +
          `(committed before the crash ${crash.committedBeforeCrash.size}); live bookings ` +
          `${live.length}, free seats ${after.numberOfFreeSeats} of ${after.numberOfSeats}, ` +
          `free beds ${after.nonRiderPlacesFree} of ${after.nonRiderPlaces}`,
      );

      expect(after).toMatchObject({ numberOfSeats: CAPACITY, nonRiderPlaces: BEDS });

      // The round's guest bookings: every acknowledged one there once, as sent.
      const roundBookings = bookings.filter((booking) => !travellers.includes(booking.id));
      const { answeredIds } = expectBookingsAfterCrash(crash, retries, {
        bookings: roundBookings,
        keys,
      });

      // Every refusal says what was short; only a booking with companions is refused for beds.
      const refusals = refusalsAfterCrash(crash, retries);
      for (const { answer, attempt } of refusals) {
        const message = messageOf(answer);
        const short = attempt.nonRiders > 0 ? [...SEATS_SHORT, ...BEDS_SHORT] : SEATS_SHORT;
        expect(
          short.some((text) => text.test(message)),
          `${attempt.email}: ${message}`,
        ).toBe(true);
        if (BEDS_SHORT.some((text) => text.test(message))) refusedForBeds += 1;
      }

      // The cancels: each answered once, the booking cancelled, its bed given back once.
      for (const answer of cancelled) expectContractResponse(answer, 'cancelBookingRequest');
      expect(cancelled.map((answer) => answer.statusCode)).toEqual([200, 200]);
      for (const id of travellers) {
        expect(bookings.find((booking) => booking.id === id)!.status).toBe(
          STATUS.canceledByTourist,
        );
      }
      expect(live.map((booking) => booking.id).sort((a, b) => a - b)).toEqual(
        [...answeredIds].sort((a, b) => a - b),
      );

      // Each live booking holds a bed per companion who does not ride.
      for (const booking of live) {
        expect(booking.nonRiders, `booking ${booking.id}`).toBe(
          companions.filter((companion) => companion.bookingId === booking.id).length,
        );
      }

      // No bed or seat lost or sold twice; never below zero, never oversold.
      const heldBeds = sum(live.map((booking) => booking.nonRiders));
      const heldSeats = sum(live.map((booking) => booking.seats));
      expect(after.nonRiderPlacesFree).toBe(BEDS - heldBeds);
      expect(after.numberOfFreeSeats).toBe(CAPACITY - heldSeats);
      expect(after.nonRiderPlacesFree).toBeGreaterThanOrEqual(0);
      expect(after.numberOfFreeSeats).toBeGreaterThanOrEqual(0);
    },
    120_000,
  );

  it('had requests in flight when the API was killed, and refused some for beds', () => {
    expect(failedInFlight).toBeGreaterThan(0);
    expect(refusedForBeds).toBeGreaterThan(0);
  });
});
