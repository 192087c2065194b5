/**
 * Development and e2e only, beside the development outbox (DEV_OUTBOX=on, never with
 * NODE_ENV=production): "the tour has ended" for one booking, so a browser test can reach what
 * follows a trip (3 → 4, the review invitation, a verified review) without moving a clock.
 *
 * `POST /dev/booking/end-tour` with `{ "id": <booking id> }` moves that booking, and only it, onto
 * a copy of its date that ran until yesterday (a busy date nobody else can book, holding exactly
 * the booking's seats; the seats go back to the date it leaves, so both dates' seat counts stay
 * right), then runs one round of the booking job, as its timer would. Other bookings on the
 * same date (parallel tests) keep their date.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tourDates } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { runBookingJob, type ExpiryOptions } from './expiry.ts';
import { releasePlaces } from './seats.ts';
import { isActive } from '@gallop/booking-rules';
import { lockBookingAfterDate } from './transitions.ts';

export const DEV_TOUR_END_PATH = '/dev/booking/end-tour';

export interface DevTourEndOptions {
  db: Database;
  /** The environment's DEV_OUTBOX and NODE_ENV: the route exists only with `on`, not in production. */
  devOutbox: 'on' | 'off' | undefined;
  nodeEnv: string | undefined;
  /** The booking job's options, as the app's timer runs it. */
  job: Omit<ExpiryOptions, 'now'>;
}

/** Whether the route may exist: the development outbox is on and this is not production. */
export const devTourEndAllowed = (
  options: Pick<DevTourEndOptions, 'devOutbox' | 'nodeEnv'>,
): boolean => options.devOutbox === 'on' && options.nodeEnv !== 'production';

const DAY_MS = 86_400_000;
const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

type Moved =
  | { kind: 'moved'; tourDateId: number; start: string; end: string }
  | { kind: 'not-found' }
  | { kind: 'no-date' };

/** Moves booking `id` onto a copy of its date that ended yesterday, in one transaction. */
async function moveIntoThePast(db: Database, id: number, now: Date): Promise<Moved> {
  return db.transaction(async (tx) => {
    const booking = await lockBookingAfterDate(tx, id);
    if (!booking) return { kind: 'not-found' };
    if (booking.tourDateId === null) return { kind: 'no-date' };
    const [date] = await tx
      .select()
      .from(tourDates)
      .where(eq(tourDates.id, booking.tourDateId))
      .for('update');
    if (!date) return { kind: 'no-date' };
    const end = dayBefore(todayIso(now), 1);
    const start = dayBefore(end, Math.max(date.duration - 1, 0));
    const { id: _left, ...copy } = date;
    const seats = Math.max(booking.seats, 1);
    const holds = isActive(booking.status);
    const [past] = await tx
      .insert(tourDates)
      .values({
        ...copy,
        startDate: start,
        endDate: end,
        isBusy: true,
        numberOfSeats: seats,
        numberOfFreeSeats: holds ? seats - booking.seats : seats,
        heavyPlaces: booking.heavyPlaces,
        heavyPlacesFree: holds ? 0 : booking.heavyPlaces,
        nonRiderPlaces: booking.nonRiders,
        nonRiderPlacesFree: holds ? 0 : booking.nonRiders,
      })
      .returning({ id: tourDates.id });
    if (holds) {
      await releasePlaces(tx, date.id, {
        seats: booking.seats,
        heavy: booking.heavyPlaces,
        nonRiders: booking.nonRiders,
      });
    }
    await tx
      .update(bookingRequests)
      .set({ tourDateId: past!.id, updatedAt: now })
      .where(eq(bookingRequests.id, id));
    return { kind: 'moved', tourDateId: past!.id, start, end };
  });
}

const isBookingId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

/** Registers the route when {@link devTourEndAllowed}; otherwise nothing (a 404). */
export function registerDevTourEndRoute(app: FastifyInstance, options: DevTourEndOptions): void {
  if (!devTourEndAllowed(options)) return;
  const { db, job } = options;
  app.post<{ Body: unknown }>(DEV_TOUR_END_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const id = (request.body as { id?: unknown } | null | undefined)?.id;
    if (!isBookingId(id)) {
      return reply.code(400).send({ message: 'Give the booking as { "id": <booking id> }' });
    }
    const moved = await moveIntoThePast(db, id, new Date());
    if (moved.kind === 'not-found') return reply.code(404).send({ message: 'No such booking' });
    if (moved.kind === 'no-date') {
      return reply.code(409).send({ message: 'This booking has no tour date to move' });
    }
    await runBookingJob(db, job);
    const [row] = await db
      .select({ status: bookingRequests.status })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, id));
    return {
      id,
      status: row!.status,
      tour_date_id: moved.tourDateId,
      start: moved.start,
      end: moved.end,
    };
  });
}
