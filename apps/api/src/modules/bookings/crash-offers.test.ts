/**
 * An individual offer's date survives a crash (decision 181), as `crash.test.ts` proves for a
 * catalogue date's seats: the API runs as a child process on a scratch PostgreSQL database and is
 * killed with SIGKILL while a round is in flight. A round is a fresh offer of a tour of 8 riders
 * and 20 guest bookings of one or two riders sent at once, each the offer's possible first: the
 * first makes the offer's date, in a transaction of its own before the booking's. The kill lands
 * once that date exists (between the date and the first booking, or among the first bookings),
 * or after 3 bookings are answered. After the restart every request that got no answer is sent
 * again with its Idempotency-Key. Then the offer has one date; its free seats are its seats less
 * what its live bookings hold, never below zero; every acknowledged booking is there once.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualTours, tourDates, tours } from '#src/db/schema/index.ts';
import { isActive } from '@gallop/booking-rules';
import { addDaysIso, todayIso } from '#src/shared/dates.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import {
  bookingAttempt,
  bookingsAtCrash,
  bookingsOn,
  committedKeys,
  expectBookingsAfterCrash,
  messageOf,
  openCrashBed,
  refusalsAfterCrash,
  retryBookings,
  roundKilled,
  sendBooking,
  type BookingAttempt,
  type CrashBed,
  type KillWhen,
} from './testing-crash.ts';

const SEATS = 8;
const REQUESTS = 20;
const SEATS_SHORT = [/^No seats are left on this date$/, /^Only \d+ seat\(s\) left on this date$/];

let bed: CrashBed | undefined;
let failedInFlight = 0;
let killedWithDateAlone = 0;

const db = () => bed!.db;

async function datesOfOffer(uuid: string) {
  return db().select().from(tourDates).where(eq(tourDates.individualTourUuid, uuid));
}

async function datesOfTour(tourId: number): Promise<number> {
  const rows = await db()
    .select({ id: tourDates.id })
    .from(tourDates)
    .where(eq(tourDates.tourId, tourId));
  return rows.length;
}

async function bookingsOfOffer(uuid: string): Promise<number> {
  const result = await db().execute<{ count: number }>(
    sql`select count(*)::int as count from booking_requests b
        join tour_dates d on d.id = b.tour_date_id
        where d.individual_tour_uuid = ${uuid}`,
  );
  return result.rows[0]!.count;
}

const ROUNDS: { label: string; when: (uuid: string) => KillWhen }[] = [
  {
    label: "once the offer's date exists",
    when: (uuid) => ({ reached: async () => (await datesOfOffer(uuid)).length > 0 }),
  },
  { label: 'after 3 bookings are answered', when: () => ({ acknowledged: 3 }) },
];

/** A fresh offer of `tourId`, US$900 a rider, starting in 100 days. */
async function newOffer(tourId: number): Promise<string> {
  const uuid = randomUUID();
  await db()
    .insert(individualTours)
    .values({
      uuid,
      tourId,
      clientName: 'Crash Client',
      startDate: addDaysIso(todayIso(new Date()), 100),
      price: 90_000,
      currency: 'USD',
    });
  return uuid;
}

/** The round's guest bookings of the offer: a third of two riders, the rest of one. */
function attemptsFor(round: number, tourId: number, uuid: string): BookingAttempt[] {
  return Array.from({ length: REQUESTS }, (_, n) => {
    const attempt = bookingAttempt(
      { id: 0, tourId },
      {
        label: `offer-${round}-${n}`,
        phone: `+1415558${String(1_000 + round * 100 + n)}`,
        riders: n % 3 === 0 ? [{}, {}] : [{}],
        heavy: 0,
      },
    );
    // The offer instead of a date: the body names no `tour_date_id`.
    const { tour_date_id: _date, ...body } = attempt.body as { tour_date_id: number };
    return { ...attempt, body: { ...body, individual_tour_uuid: uuid } };
  });
}

describe.runIf(testDatabaseKind() === 'postgres')('individual offers across a crash', () => {
  beforeAll(async () => {
    bed = await openCrashBed('crash_offers', ROUNDS.length, async (db, date) => {
      await db.update(tours).set({ maxGroupSize: SEATS }).where(eq(tours.id, date.tourId));
    });
  }, 180_000);

  afterAll(() => bed?.close(), 60_000);

  it.each(ROUNDS.map((round, index) => ({ ...round, round: index + 1 })))(
    'round $round: SIGKILL $label, then retries',
    async ({ round, label, when }) => {
      const { tourId } = bed!.dates[round - 1]!;
      const uuid = await newOffer(tourId);
      const tourDatesBefore = await datesOfTour(tourId);
      const attempts = attemptsFor(round, tourId, uuid);
      const { firstTry, killedAtMs, answeredAtKill } = await roundKilled(
        bed!.api,
        attempts.map((attempt) => (url: string) => sendBooking(url, attempt)),
        when(uuid),
      );
      const crash = await bookingsAtCrash(db(), attempts, firstTry);
      failedInFlight += crash.failed.length;
      const bookedAtCrash = await bookingsOfOffer(uuid);
      if ((await datesOfOffer(uuid)).length > 0 && bookedAtCrash === 0) killedWithDateAlone += 1;

      // A fresh process on the same database; every unanswered request is sent again.
      const api = await bed!.restart();
      const retries = await retryBookings(api.url, crash);

      const dates = await datesOfOffer(uuid);
      expect(dates, 'one date for the offer').toHaveLength(1);
      const offerDate = dates[0]!;
      const bookings = await bookingsOn(db(), offerDate.id);
      const keys = await committedKeys(db());
      const live = bookings.filter((booking) => isActive(booking.status));
      const heldSeats = live.reduce((total, booking) => total + booking.seats, 0);

      console.info(
        `offer crash round ${round}: ${REQUESTS} first bookings of one offer of ${SEATS} ` +
          `seats, SIGKILL ${label} (${killedAtMs} ms in, ${answeredAtKill} answered, ` +
          `${bookedAtCrash} booked by then): acknowledged ${crash.acknowledged.length}, refused ` +
          `${crash.refused.length}, failed then retried ${crash.failed.length}; live bookings ` +
          `${live.length}, free seats ${offerDate.numberOfFreeSeats} of ${offerDate.numberOfSeats}`,
      );

      // The offer's date: its price and seats, no seat lost or sold twice.
      expect(offerDate).toMatchObject({
        tourId,
        price: 90_000,
        currency: 'USD',
        numberOfSeats: SEATS,
        cancelledAt: null,
      });
      expect(offerDate.numberOfFreeSeats).toBe(SEATS - heldSeats);
      expect(offerDate.numberOfFreeSeats).toBeGreaterThanOrEqual(0);
      expect(await datesOfTour(tourId), 'the round made one date').toBe(tourDatesBefore + 1);

      // Every acknowledged booking there once, as sent; the rest refused for seats.
      const { answeredIds } = expectBookingsAfterCrash(crash, retries, { bookings, keys });
      expect(live.map((booking) => booking.id).sort((a, b) => a - b)).toEqual(
        [...answeredIds].sort((a, b) => a - b),
      );
      for (const { answer, attempt } of refusalsAfterCrash(crash, retries)) {
        const message = messageOf(answer);
        expect(
          SEATS_SHORT.some((text) => text.test(message)),
          `${attempt.email}: ${message}`,
        ).toBe(true);
      }
    },
    120_000,
  );

  it('had requests in flight when the API was killed', () => {
    expect(failedInFlight).toBeGreaterThan(0);
    console.info(
      `offer crash: killed with the date made and no booking yet ${killedWithDateAlone}×`,
    );
  });
});
