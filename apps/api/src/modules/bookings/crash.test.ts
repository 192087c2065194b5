/**
 * Booking creation survives a crash (decision 089): the API runs as a child process on a scratch
 * PostgreSQL database, a round of concurrent guest bookings is sent over HTTP and the process is
 * killed with SIGKILL while they are in flight. After a restart every request that got no answer
 * is retried with its Idempotency-Key: no acknowledged booking may be lost, no booking made
 * twice, no seat lost or sold twice, and a request committed before the crash gets its booking.
 * The last round's date waits for a minimum group (decision 111) and the API dies as the booking
 * that reaches it commits: the guarantee is all or nothing with that booking, so afterwards the
 * date is guaranteed, every live booking on it confirmed, and the organizer told once. Its
 * bookings are signed-in travellers' (proven e-mails): a guest's unpaid hold does not count
 * towards the group until the guest proves the address (decision 146).
 * Heavier-horse places across the same crash: `crash-heavy.test.ts`; non-rider beds: `crash-beds.test.ts`.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, tourDates } from '#src/db/schema/index.ts';
import { isActive } from '@gallop/booking-rules';
import { testDatabaseKind } from '#src/testing/database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import {
  bookingAttempt,
  bookingsAtCrash,
  bookingsOn,
  committedKeys,
  expectBookingsAfterCrash,
  openCrashBed,
  retryBookings,
  roundKilled,
  sendBooking,
  type CrashBed,
  type KillWhen,
} from './testing-crash.ts';
import { messagesOfDate } from './testing-scratch.ts';

/** Seats of each round's date, and the one-seat requests sent at it: the last ones are refused. */
const CAPACITY = 40;
const REQUESTS = 60;

let bed: CrashBed | undefined;
let failedInFlight = 0;

/** Bookings committed on the date so far, as the database the API writes to has them. */
async function committedOn(dateId: number): Promise<number> {
  const [row] = await bed!.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(bookingRequests)
    .where(eq(bookingRequests.tourDateId, dateId));
  return row!.count;
}

/**
 * When each round's API is killed: once 5 bookings have been answered 201 (the rest mostly in
 * flight), once half the seats are booked in the database, and once the date is sold out there
 * (answers are built after the commit, so most bookings then are committed but not yet answered).
 */
const ROUNDS: {
  label: string;
  when: (dateId: number) => KillWhen;
  /** The date's minimum group; its round books as signed-in travellers, whose holds count. */
  minRiders?: number;
}[] = [
  { label: 'after 5 bookings are answered', when: () => ({ acknowledged: 5 }) },
  {
    label: `once ${CAPACITY / 2} bookings are committed`,
    when: (dateId) => ({ reached: async () => (await committedOn(dateId)) >= CAPACITY / 2 }),
  },
  {
    label: `once all ${CAPACITY} seats are committed`,
    when: (dateId) => ({ reached: async () => (await committedOn(dateId)) >= CAPACITY }),
  },
  {
    label: `on a date waiting for ${CAPACITY / 2} riders, as the one reaching them commits`,
    minRiders: CAPACITY / 2,
    when: (dateId) => ({ reached: async () => (await committedOn(dateId)) >= CAPACITY / 2 }),
  },
];

/** The outbox's messages of `kind` about the date `dateId`, or about its bookings. */
const dateMessages = (dateId: number, kind: string) => messagesOfDate(bed!.db, dateId, kind);

describe.runIf(testDatabaseKind() === 'postgres')(
  'booking creation across a crash (SIGKILL)',
  () => {
    beforeAll(async () => {
      bed = await openCrashBed('crash', ROUNDS.length, (db, date) =>
        db
          .update(tourDates)
          .set({ numberOfSeats: CAPACITY, numberOfFreeSeats: CAPACITY })
          .where(eq(tourDates.id, date.id)),
      );
    }, 180_000);

    afterAll(() => bed?.close(), 60_000);

    it.each(ROUNDS.map((round, index) => ({ ...round, round: index + 1 })))(
      'round $round: SIGKILL $label, then retries with the same keys',
      async ({ round, label, when, minRiders }) => {
        const date = bed!.dates[round - 1]!;
        if (minRiders !== undefined) {
          await bed!.db
            .update(tourDates)
            .set({ notGuaranteed: true, minRiders })
            .where(eq(tourDates.id, date.id));
        }
        // Each signed-in traveller's session is made before the round, so none is lost with it.
        const tokens = await Promise.all(
          Array.from({ length: REQUESTS }, async () =>
            minRiders === undefined ? undefined : (await signedUser(bed!.db)).token,
          ),
        );
        const attempts = tokens.map((token, n) =>
          bookingAttempt(date, {
            label: `${round}-${n}`,
            phone: `+1415555${String(1_000 + round * 100 + n)}`,
            riders: [{}],
            heavy: 0,
            ...(token ? { token } : {}),
          }),
        );

        // The round, and the kill when its mark is reached.
        const { firstTry, killedAtMs, answeredAtKill } = await roundKilled(
          bed!.api,
          attempts.map((attempt) => (url: string) => sendBooking(url, attempt)),
          when(date.id),
        );
        // What the crash left: the failed requests whose transaction had committed.
        const db = bed!.db;
        const crash = await bookingsAtCrash(db, attempts, firstTry);
        failedInFlight += crash.failed.length;

        // A fresh process on the same database; every unanswered request is sent again.
        const api = await bed!.restart();
        const retries = await retryBookings(api.url, crash);

        const bookings = await bookingsOn(db, date.id);
        const [seatRow] = await db
          .select({ seats: tourDates.numberOfSeats, free: tourDates.numberOfFreeSeats })
          .from(tourDates)
          .where(eq(tourDates.id, date.id));
        const keys = await committedKeys(db);
        const active = bookings.filter((booking) => isActive(booking.status));
        const retriedBooked = retries.retried.filter((answer) => answer.statusCode === 201);

        console.info(
          `crash round ${round}: ${REQUESTS} one-seat requests on ${CAPACITY} seats, SIGKILL ` +
            `${label} (${killedAtMs} ms in, ${answeredAtKill} answered by then): ` +
            `acknowledged ${crash.acknowledged.length}, refused ` +
            `${crash.refused.length}, 5xx ${crash.serverErrors.length}, failed then retried ` +
            `${crash.failed.length} (committed before the crash ${crash.committedBeforeCrash.size}; ` +
            `retries answered ${retriedBooked.length} x 201, ` +
            `${retries.retried.filter((answer) => answer.statusCode === 422).length} x 422, ` +
            `${retries.retried.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 422).length} other); ` +
            `active bookings ${active.length}, free seats ${seatRow!.free} of ${seatRow!.seats}`,
        );

        expect(seatRow!.seats).toBe(CAPACITY);
        const { answeredIds, retriedRefused } = expectBookingsAfterCrash(crash, retries, {
          bookings,
          keys,
        });
        expect(answeredIds.size + crash.refused.length + retriedRefused.length).toBe(REQUESTS);

        // No seat lost or sold twice; a refusal means the date is full.
        const held = active.reduce((sum, booking) => sum + booking.seats, 0);
        expect(seatRow!.free).toBe(CAPACITY - held);
        if (crash.refused.length + retriedRefused.length > 0) expect(seatRow!.free).toBe(0);

        if (minRiders !== undefined) {
          const [dateRow] = await db.select().from(tourDates).where(eq(tourDates.id, date.id));
          expect(dateRow!.notGuaranteed).toBe(false);
          expect(active.filter((booking) => booking.status !== 2)).toEqual([]);
          expect(await dateMessages(date.id, 'organizer-date-guaranteed')).toHaveLength(1);
          // Told once each: the bookings the date's lock let in before the flip, the one
          // reaching the minimum included.
          const told = (await dateMessages(date.id, 'date-guaranteed')).map(
            (message) => (message.payload as { requestId: number }).requestId,
          );
          const byId = [...bookings].sort((a, b) => a.id - b.id).map((booking) => booking.id);
          expect(told.sort((a, b) => a - b)).toEqual(byId.slice(0, minRiders));
        }
      },
      120_000,
    );

    it('had requests in flight when the API was killed', () => {
      expect(failedInFlight).toBeGreaterThan(0);
    });
  },
);
