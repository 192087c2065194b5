/**
 * The development-only "the tour has ended" route (`dev-tour-end.ts`), on a scratch database: it
 * exists only with DEV_OUTBOX=on outside production, moves one booking (not its date's other
 * bookings) onto a copy of its date that ended yesterday with the seats accounted for, and runs
 * the booking job, which completes the prepaid booking and invites its traveller to review it.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tourDates } from '#src/db/schema/index.ts';
import { bookingPayments, TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import type { Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { DEV_TOUR_END_PATH, devTourEndAllowed, registerDevTourEndRoute } from './dev-tour-end.ts';
import { book, dateWithSeats, messagesAbout, seatsOf, signUp } from './testing-scratch.ts';

const PUBLIC_URL = 'http://web.test';
let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('dev_tour_end', {
    DEV_OUTBOX: 'on',
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL,
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-dev-tour-end',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

const endTour = (payload: unknown) =>
  app().inject({ method: 'POST', url: DEV_TOUR_END_PATH, payload: payload as object });

async function booked(date: { id: number; tourId: number }, riders = 2) {
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, { ...traveller, riders });
  expect(status).toBe(201);
  return { ...traveller, id: body.id as number };
}

/** Pays the booking's prepayment on the sandbox's card page (status 3). */
async function payPrepayment(booking: { id: number; token: string }) {
  const started = await app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: { 'x-authorization': `Bearer ${booking.token}` },
    payload: { request_id: booking.id, payment_type: 'prepayment', payment_method: 'card' },
  });
  expect(started.statusCode).toBe(200);
  const redirect = (started.json() as Json).redirect_url as string;
  expect((await submitCard(app(), redirect, TEST_CARDS.success)).statusCode).toBe(303);
}

const bookingRow = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;

describe('the development "tour has ended" route', () => {
  it('exists only with the development outbox on, and never in production', async () => {
    expect(devTourEndAllowed({ devOutbox: 'on', nodeEnv: undefined })).toBe(true);
    expect(devTourEndAllowed({ devOutbox: 'on', nodeEnv: 'development' })).toBe(true);
    expect(devTourEndAllowed({ devOutbox: 'on', nodeEnv: 'production' })).toBe(false);
    expect(devTourEndAllowed({ devOutbox: 'off', nodeEnv: undefined })).toBe(false);
    expect(devTourEndAllowed({ devOutbox: undefined, nodeEnv: undefined })).toBe(false);

    for (const [devOutbox, nodeEnv] of [
      [undefined, undefined],
      ['off', undefined],
      ['on', 'production'],
    ] as const) {
      const bare = Fastify();
      registerDevTourEndRoute(bare, {
        db,
        devOutbox,
        nodeEnv,
        job: { publicUrl: PUBLIC_URL, payments: bookingPayments(db) },
      });
      const answer = await bare.inject({
        method: 'POST',
        url: DEV_TOUR_END_PATH,
        payload: { id: 1 },
      });
      expect(answer.statusCode, `${devOutbox} ${nodeEnv}`).toBe(404);
      await bare.close();
    }
  });

  it('ends the tour of one prepaid booking: completed, invited to review, seats accounted for', async () => {
    const date = await dateWithSeats(db, 10, used);
    const traveller = await booked(date);
    await payPrepayment(traveller);
    const neighbour = await booked(date, 1);
    expect(await seatsOf(db, date.id)).toMatchObject({ capacity: 10, free: 7, sold: 3 });

    const answer = await endTour({ id: traveller.id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const moved = answer.json() as Json;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(moved).toMatchObject({ id: traveller.id, status: 4, end: yesterday });

    // The booking alone moved, onto a busy copy of its date that holds its two seats.
    const row = await bookingRow(traveller.id);
    expect(row.tourDateId).toBe(moved.tour_date_id);
    const [past] = await db
      .select()
      .from(tourDates)
      .where(eq(tourDates.id, moved.tour_date_id as number));
    expect(past).toMatchObject({
      tourId: date.tourId,
      endDate: yesterday,
      startDate: moved.start,
      duration: date.duration,
      isBusy: true,
      price: date.price,
    });
    expect(await seatsOf(db, past!.id)).toEqual({ capacity: 2, free: 0, sold: 0 });
    expect((await bookingRow(neighbour.id)).tourDateId).toBe(date.id);
    expect(await seatsOf(db, date.id)).toMatchObject({ capacity: 10, free: 9, sold: 1 });

    const invitations = await messagesAbout(db, traveller.id, 'review-invitation');
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.body).toContain(`${PUBLIC_URL}/review/${row.uuid}`);
    expect(await messagesAbout(db, neighbour.id, 'review-invitation')).toHaveLength(0);
    // The review link opens now.
    const review = await app().inject({ url: `/crm/api/review/get-by-uuid?uuid=${row.uuid}` });
    expect(review.statusCode).toBe(200);
  });

  it('answers 400 without a booking id and 404 for an unknown one, changing nothing', async () => {
    for (const payload of [{}, { id: 'seven' }, { id: 0 }, { id: 1.5 }]) {
      const answer = await endTour(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await endTour({ id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
  });
});
