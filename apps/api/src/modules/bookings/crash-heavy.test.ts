/**
 * Heavier-horse places survive a crash (decisions 089 and 108), as `crash.test.ts` proves for
 * seats: the API runs as a child process on a scratch PostgreSQL database and is killed with
 * SIGKILL while a round is in flight, on a date with 24 seats and 4 heavier horses, 3 of them
 * taken. A round is two travellers cancelling a heavy rider's booking, one changing a heavy rider
 * to a light one and one a light rider to a heavy one, sent first, then 60 guest bookings: a
 * quarter of one heavy rider, a quarter of a light and a heavy rider, the rest of one light rider
 * (both kinds of places run out; the heavier horses given back are taken again). After the
 * restart every request that got no answer is sent again (a booking with its Idempotency-Key).
 * Then the date's free places are its places less what its live bookings hold, of seats and of
 * heavier horses, never below zero; each live booking holds a heavier horse per rider above the
 * tour's standard limit; every acknowledged booking is there once.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
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
  post,
  refusalsAfterCrash,
  retryBookings,
  roundKilled,
  sendBooking,
  untilAnswered,
  type BookingAttempt,
  type CrashBed,
  type KillWhen,
} from './testing-crash.ts';

const CAPACITY = 24;
const HEAVY_PLACES = 4;
const REQUESTS = 60;
/** The standard horses carry up to 90 kg, the heavier ones up to 120 kg. */
const LIMITS = { maxRiderWeightKg: 90, heavyRiderWeightKg: 120 };

const SEATS_SHORT = [/^No seats are left on this date$/, /^Only \d+ seat\(s\) left on this date$/];
const HEAVY_SHORT = [
  /^No horse for riders over 90\u00a0kg \(198\u00a0lb\) is left on this date$/,
  /^Only \d+ horse\(s\) for riders over 90 kg left on this date$/,
];

let bed: CrashBed | undefined;
let failedInFlight = 0;
let refusedForHeavyHorses = 0;

const db = () => bed!.db;

const dateRow = (dateId: number) => dateRowOf(db(), dateId);

async function bookingCount(dateId: number): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(bookingRequests)
    .where(eq(bookingRequests.tourDateId, dateId));
  return row!.count;
}

async function heavyHeldByRound(dateId: number, travellers: readonly number[]): Promise<number> {
  const [row] = await db()
    .select({
      heavy: sql<number>`coalesce(sum(${bookingRequests.heavyPlaces}), 0)`.mapWith(Number),
    })
    .from(bookingRequests)
    .where(
      and(eq(bookingRequests.tourDateId, dateId), notInArray(bookingRequests.id, [...travellers])),
    );
  return row!.heavy;
}

/**
 * When each round's API is killed: once 5 bookings have been answered 201, once 12 of the
 * round's bookings are committed, and once the round's bookings hold 3 heavier horses (the one
 * free and two of those given back, so most heavy riders are still in flight).
 */
const ROUNDS: {
  label: string;
  when: (dateId: number, travellers: readonly number[]) => KillWhen;
}[] = [
  { label: 'after 5 bookings are answered', when: () => ({ acknowledged: 5 }) },
  {
    label: "once 12 of the round's bookings are committed",
    when: (dateId, travellers) => ({
      reached: async () => (await bookingCount(dateId)) >= travellers.length + 12,
    }),
  },
  {
    label: "once the round's bookings hold 3 heavier horses",
    when: (dateId, travellers) => ({
      reached: async () => (await heavyHeldByRound(dateId, travellers)) >= 3,
    }),
  },
];

const heavyWeight = (n: number) => LIMITS.maxRiderWeightKg + 1 + (n % 30);
const lightWeight = (n: number) => 55 + (n % 36);
/** The heavier-horse places riders of these weights take. */
const heavyOf = (riders: { weight: number }[]) =>
  riders.filter((rider) => rider.weight > LIMITS.maxRiderWeightKg).length;

/** The round's guest bookings: every fourth one heavy rider, the next a light and a heavy one. */
function attemptsFor(round: number, date: { id: number; tourId: number }): BookingAttempt[] {
  return Array.from({ length: REQUESTS }, (_, n) => {
    const riders =
      n % 4 === 0
        ? [{ weight: heavyWeight(n) }]
        : n % 4 === 1
          ? [{ weight: lightWeight(n) }, { weight: heavyWeight(n) }]
          : [{ weight: lightWeight(n) }];
    return bookingAttempt(date, {
      label: `heavy-${round}-${n}`,
      phone: `+1415556${String(1_000 + round * 100 + n)}`,
      riders,
      heavy: heavyOf(riders),
    });
  });
}

interface Traveller {
  token: string;
  bookingId: number;
  riderId: number;
}

/** A signed-in traveller's booking of one rider of `weight`, made before the round. */
async function bookedBeforeAt(date: { id: number; tourId: number }, weight: number) {
  const attempt = bookingAttempt(date, {
    label: 'before',
    phone: '+14155550199',
    riders: [{ weight }],
    heavy: heavyOf([{ weight }]),
  });
  const { token, bookingId, body } = await bookedBefore(bed!, attempt);
  return { token, bookingId, riderId: body.tourists[0]!.id } satisfies Traveller;
}

const cancel = cancelAs;

const changeWeight = (traveller: Traveller, weight: number) => (url: string) =>
  post(
    `${url}/crm/api/request/update-tourists?request_id=${traveller.bookingId}`,
    { tourists: [{ id: traveller.riderId, first_name: 'Crash', last_name: 'Rider0', weight }] },
    { 'x-authorization': `Bearer ${traveller.token}` },
  );

describe.runIf(testDatabaseKind() === 'postgres')(
  'heavier-horse places across a crash (SIGKILL)',
  () => {
    beforeAll(async () => {
      bed = await openCrashBed('crash_heavy', ROUNDS.length, async (db, date) => {
        await db
          .update(tourDates)
          .set({
            numberOfSeats: CAPACITY,
            numberOfFreeSeats: CAPACITY,
            heavyPlaces: HEAVY_PLACES,
            heavyPlacesFree: HEAVY_PLACES,
          })
          .where(eq(tourDates.id, date.id));
        await db.update(tours).set(LIMITS).where(eq(tours.id, date.tourId));
      });
    }, 180_000);

    afterAll(() => bed?.close(), 60_000);

    it.each(ROUNDS.map((round, index) => ({ ...round, round: index + 1 })))(
      'round $round: SIGKILL $label, then retries',
      async ({ round, label, when }) => {
        const date = bed!.dates[round - 1]!;
        // Before the round: 4 seats and 3 of the 4 heavier horses are taken.
        const leaving = [await bookedBeforeAt(date, 100), await bookedBeforeAt(date, 104)];
        const lighter = await bookedBeforeAt(date, 110);
        const heavier = await bookedBeforeAt(date, 70);
        const before = await dateRow(date.id);
        expect(before).toMatchObject({ numberOfFreeSeats: CAPACITY - 4, heavyPlacesFree: 1 });
        const travellers = [...leaving, lighter, heavier].map((t) => t.bookingId);

        const attempts = attemptsFor(round, date);
        const changes = [
          ...leaving.map((traveller) => ({ name: 'cancel', send: cancel(traveller) })),
          { name: 'lighter', send: changeWeight(lighter, 80) },
          { name: 'heavier', send: changeWeight(heavier, 105) },
        ];
        const { firstTry, killedAtMs, answeredAtKill } = await roundKilled(
          bed!.api,
          [
            ...changes.map((change) => change.send),
            ...attempts.map((attempt) => (url: string) => sendBooking(url, attempt)),
          ],
          when(date.id, travellers),
        );
        const bookingsFirstTry = firstTry.slice(changes.length);
        const crash = await bookingsAtCrash(db(), attempts, bookingsFirstTry);
        failedInFlight += crash.failed.length;

        // A fresh process on the same database; every unanswered request is sent again.
        const api = await bed!.restart();
        const retries = await retryBookings(api.url, crash);
        const changed = await Promise.all(
          changes.map((change, n) => firstTry[n] ?? untilAnswered(() => change.send(api.url))),
        );

        const bookings = await bookingsOn(db(), date.id);
        const riders = await db()
          .select({ bookingId: bookingTourists.requestId, weight: bookingTourists.weight })
          .from(bookingTourists)
          .where(
            inArray(
              bookingTourists.requestId,
              bookings.map((booking) => booking.id),
            ),
          );
        const after = await dateRow(date.id);
        const keys = await committedKeys(db());
        const live = bookings.filter((booking) => isActive(booking.status));
        const byId = new Map(bookings.map((booking) => [booking.id, booking]));
        const riderWeights = (id: number) =>
          riders.filter((rider) => rider.bookingId === id).map((rider) => rider.weight);
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

        const changesAnswered = changed
          .map((answer, n) => `${changes[n]!.name} ${answer.statusCode}`)
          .map((text, n) => (firstTry[n] ? text : `${text} (retried)`))
          .join(', ');
        console.info(
          `heavy crash round ${round}: ${REQUESTS} bookings and ${changes.length} changes on ` +
            `${CAPACITY} seats and ${HEAVY_PLACES} heavier horses, SIGKILL ${label} ` +
            `(${killedAtMs} ms in, ${answeredAtKill} answered by then): acknowledged ` +
            `${crash.acknowledged.length}, refused ${crash.refused.length}, failed then ` +
            `retried ${crash.failed.length} (committed before the crash ` +
            `${crash.committedBeforeCrash.size}), changes answered ${changesAnswered}; ` +
            `live bookings ${live.length}, free seats ${after.numberOfFreeSeats} of ` +
            `${after.numberOfSeats}, heavier horses free ${after.heavyPlacesFree} of ${after.heavyPlaces}`,
        );

        expect(after).toMatchObject({ numberOfSeats: CAPACITY, heavyPlaces: HEAVY_PLACES });

        // The round's guest bookings: every acknowledged one there once, as sent.
        const roundBookings = bookings.filter((booking) => !travellers.includes(booking.id));
        const { answeredIds } = expectBookingsAfterCrash(crash, retries, {
          bookings: roundBookings,
          keys,
        });
        expect(bookings).toHaveLength(roundBookings.length + travellers.length);

        // Every refusal says what was short; only a heavy rider is refused for a heavier horse.
        const refusals = refusalsAfterCrash(crash, retries);
        for (const { attempt, answer } of refusals) {
          const message = messageOf(answer);
          const short = attempt.heavy > 0 ? [...SEATS_SHORT, ...HEAVY_SHORT] : SEATS_SHORT;
          expect(
            short.some((text) => text.test(message)),
            `${attempt.email}: ${message}`,
          ).toBe(true);
          if (HEAVY_SHORT.some((text) => text.test(message))) refusedForHeavyHorses += 1;
        }

        // The travellers' changes: each answered, none lost, none applied twice.
        for (const [n, answer] of changed.entries()) {
          expectContractResponse(
            answer,
            changes[n]!.name === 'cancel' ? 'cancelBookingRequest' : 'updateBookingRequestTourists',
          );
        }
        expect(changed.slice(0, 3).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
        for (const traveller of leaving) {
          expect(byId.get(traveller.bookingId)!.status).toBe(STATUS.canceledByTourist);
        }
        expect(isActive(byId.get(lighter.bookingId)!.status)).toBe(true);
        expect(byId.get(lighter.bookingId)).toMatchObject({ heavy: 0 });
        expect(riderWeights(lighter.bookingId)).toEqual([80]);
        const heavierAnswer = changed[3]!;
        if (heavierAnswer.statusCode === 200) {
          expect(byId.get(heavier.bookingId)).toMatchObject({ heavy: 1 });
          expect(riderWeights(heavier.bookingId)).toEqual([105]);
        } else {
          // No heavier horse was left: refused, and nothing moved.
          expect(heavierAnswer.statusCode).toBe(422);
          expect(HEAVY_SHORT.some((text) => text.test(messageOf(heavierAnswer)))).toBe(true);
          expect(byId.get(heavier.bookingId)).toMatchObject({ heavy: 0 });
          expect(riderWeights(heavier.bookingId)).toEqual([70]);
        }
        expect(isActive(byId.get(heavier.bookingId)!.status)).toBe(true);

        // Each live booking holds a seat per rider and a heavier horse per heavy rider.
        for (const booking of live) {
          const weights = riderWeights(booking.id);
          expect(booking.seats, `booking ${booking.id}`).toBe(weights.length);
          expect(booking.heavy, `booking ${booking.id}`).toBe(
            weights.filter((weight) => weight !== null && weight > LIMITS.maxRiderWeightKg).length,
          );
        }
        expect(live.map((booking) => booking.id).sort((a, b) => a - b)).toEqual(
          [...answeredIds, lighter.bookingId, heavier.bookingId].sort((a, b) => a - b),
        );

        // No place lost or sold twice, of either kind; never below zero, never oversold.
        const heldSeats = sum(live.map((booking) => booking.seats));
        const heldHeavy = sum(live.map((booking) => booking.heavy));
        expect(after.numberOfFreeSeats).toBe(CAPACITY - heldSeats);
        expect(after.heavyPlacesFree).toBe(HEAVY_PLACES - heldHeavy);
        expect(after.numberOfFreeSeats).toBeGreaterThanOrEqual(0);
        expect(after.heavyPlacesFree).toBeGreaterThanOrEqual(0);
        expect(heldHeavy).toBeLessThanOrEqual(HEAVY_PLACES);
        expect(live.filter((booking) => booking.heavy > 0).length).toBeLessThanOrEqual(
          HEAVY_PLACES,
        );
      },
      120_000,
    );

    it('had requests in flight when the API was killed, and refused some for heavier horses', () => {
      expect(failedInFlight).toBeGreaterThan(0);
      expect(refusedForHeavyHorses).toBeGreaterThan(0);
    });
  },
);
