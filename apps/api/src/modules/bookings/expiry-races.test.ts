/**
 * The booking job lists the bookings due for release, then asks the provider about each one's
 * payments (voiding what is open), and only then locks and releases it: a booking that stopped
 * being due meanwhile (its guest proved the address, its date's guarantee confirmed it, a
 * payment arrived) is kept. The due test is asked again just before the provider is called
 * (nothing voided for a booking no longer due) and under the booking's row lock; a payment the
 * provider voided for a booking kept after all is closed in Gallop too, so the next start opens a
 * new one. On a scratch database: the job runs over every booking. On PostgreSQL the races run
 * for real (several rounds); on PGlite one after another.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, payments, sandboxPayments } from '#src/db/schema/index.ts';
import { bookingPayments, sandboxProvider } from '#src/modules/payments/index.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { expireUnpaidBookings } from './expiry.ts';
import { RELEASE_REASONS } from './notices.ts';
import type { BookingPayments } from './payments-port.ts';
import {
  bearer,
  book,
  dateWithSeats,
  placesOf,
  signUp,
  uniqueEmail,
  type TourDateRow,
  organizerMemberOf,
  signInWithEmailCode,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('expiry_races', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-expiry-races',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 5 : 1;
const real = () => bookingPayments(db, sandboxProvider(db));

const rowOf = async (id: number) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const paymentsOf = (id: number) =>
  db.select().from(payments).where(eq(payments.requestId, id)).orderBy(payments.id);
const providerStatusOf = async (providerPaymentId: string) =>
  (
    await db
      .select({ status: sandboxPayments.status })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.providerPaymentId, providerPaymentId))
  )[0]?.status;

/** Kinds of the e-mails booking `id`'s traveller got about it, in order. */
async function kindsAbout(id: number) {
  const { contactEmail } = await rowOf(id);
  const rows = await db
    .select({ kind: outbox.kind, body: outbox.body })
    .from(outbox)
    .where(
      and(sql`(${outbox.payload}->>'requestId')::int = ${id}`, eq(outbox.recipient, contactEmail)),
    )
    .orderBy(outbox.id);
  return rows;
}
const count = (mails: { kind: string }[], kind: string) =>
  mails.filter((m) => m.kind === kind).length;

const job = (payments: BookingPayments = real()) =>
  expireUnpaidBookings(db, {
    now: new Date(),
    holdHours: 72,
    publicUrl: 'http://web.test',
    payments,
  });

/** A guest's one-rider booking on a guaranteed date (status 2) whose short hold ended. */
async function endedGuestHold(date: TourDateRow) {
  const email = uniqueEmail('guest');
  const made = await book(app(), date, { email, riders: 1 });
  expect(made).toMatchObject({ status: 201, body: { status: 2 } });
  const id = made.body.id as number;
  await db
    .update(bookingRequests)
    .set({ holdUntil: new Date(Date.now() - 60_000) })
    .where(eq(bookingRequests.id, id));
  return { id, email };
}

const proveAddress = (email: string) => signInWithEmailCode(app(), db, email);

const startPayment = (id: number, token: string) =>
  app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: bearer(token),
    payload: { request_id: id, payment_type: 'full', payment_method: 'card' },
  });

/** Payments whose `voidBeforeRelease` runs `before` first for booking `id` (between list and lock). */
function meanwhile(id: number, before: () => Promise<void>, after?: () => Promise<void>) {
  const payments = real();
  return {
    ...payments,
    async voidBeforeRelease(requestId, publicUrl) {
      if (requestId === id) await before();
      await payments.voidBeforeRelease(requestId, publicUrl);
      if (requestId === id) await after?.();
    },
  } satisfies BookingPayments;
}

const memberOf = (date: Pick<TourDateRow, 'tourId'>) => organizerMemberOf(app(), db, date);

describe('a booking that stops being due while the job works', () => {
  it('is left untouched, its payment not voided, when it stopped before its turn', async () => {
    const date = await dateWithSeats(db, 10, used);
    const ahead = await endedGuestHold(date);
    const guest = await endedGuestHold(date);
    let paymentId = 0;
    // While the job asks the provider about the booking ahead, the guest proves the address
    // (the hold is cleared) and starts a payment.
    await job(
      meanwhile(ahead.id, async () => {
        const token = await proveAddress(guest.email);
        const started = await startPayment(guest.id, token);
        expect(started.statusCode).toBe(200);
        paymentId = (started.json() as { payment: { id: number } }).payment.id;
      }),
    );
    expect((await rowOf(ahead.id)).status).toBe(7);
    expect(await rowOf(guest.id)).toMatchObject({ status: 2, holdUntil: null });
    const [payment] = await paymentsOf(guest.id);
    expect(payment).toMatchObject({ id: paymentId, status: 1, voidConfirmedAt: null });
    expect(await providerStatusOf(payment!.providerPaymentId)).not.toBe('voided');
  });

  it('is kept when its guest proves the address between the void and the lock, and pays anew', async () => {
    const date = await dateWithSeats(db, 10, used);
    const guest = await endedGuestHold(date);
    const free = (await placesOf(db, date.id)).free;
    let token = '';
    let voidedId = 0;
    // The guest proves the address and starts a payment just before the job voids it.
    await job(
      meanwhile(guest.id, async () => {
        token = await proveAddress(guest.email);
        const started = await startPayment(guest.id, token);
        expect(started.statusCode).toBe(200);
        voidedId = (started.json() as { payment: { id: number } }).payment.id;
      }),
    );
    const kept = await rowOf(guest.id);
    expect(kept).toMatchObject({ status: 2, holdUntil: null, cancelMessage: null });
    expect((await placesOf(db, date.id)).free).toBe(free);
    expect(count(await kindsAbout(guest.id), 'booking-expired')).toBe(0);
    // Voided at the provider: closed in Gallop too, so a start opens a new payment.
    const [voided] = await paymentsOf(guest.id);
    expect(voided).toMatchObject({ id: voidedId, status: 3, failureReason: 'voided' });
    expect(await providerStatusOf(voided!.providerPaymentId)).toBe('voided');
    const again = await startPayment(guest.id, token);
    expect(again.statusCode).toBe(200);
    const fresh = (again.json() as { payment: { id: number; status: number } }).payment;
    expect(fresh).toMatchObject({ status: 1 });
    expect(fresh.id).not.toBe(voidedId);
  });

  it('is released once, as unanswered, when its date is guaranteed while the job works on it', async () => {
    const date = await dateWithSeats(db, 10, used, { guaranteed: false, minRiders: 3 });
    const traveller = await signUp(app());
    const made = await book(app(), date, { ...traveller, riders: 1 });
    const id = made.body.id as number;
    await db
      .update(bookingRequests)
      .set({ respondBy: new Date(Date.now() - 60_000) })
      .where(eq(bookingRequests.id, id));
    await job(
      meanwhile(id, async () => {
        const reaching = await book(app(), date, { ...(await signUp(app())), riders: 2 });
        expect(reaching.status).toBe(201);
      }),
    );
    expect(await rowOf(id)).toMatchObject({ status: 7, cancelMessage: RELEASE_REASONS.unanswered });
    const mails = await kindsAbout(id);
    expect(count(mails, 'booking-expired')).toBe(1);
    for (const mail of mails) expect(mail.body).not.toMatch(/is confirmed/);
  });
});

describe('the job under concurrency', () => {
  it(`racing itself, ${rounds} rounds: each due booking released once, told once`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db, 12, used);
      const due = await Promise.all(Array.from({ length: 6 }, () => endedGuestHold(date)));
      const released = await Promise.all(Array.from({ length: 4 }, () => job()));
      expect(released.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(due.length);
      for (const { id } of due) {
        expect((await rowOf(id)).status).toBe(7);
        expect(count(await kindsAbout(id), 'booking-expired')).toBe(1);
      }
      const places = await placesOf(db, date.id);
      expect(places).toMatchObject({ free: 12, sold: 0 });
    }
  }, 120_000);

  it(`racing guarantees and proven guests, ${rounds} rounds: nobody told confirmed is released, nobody unanswered confirmed`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db, 12, used, { guaranteed: false, minRiders: 4 });
      const member = await memberOf(date);
      const signedIn = await Promise.all(Array.from({ length: 3 }, () => signUp(app())));
      const requests = await Promise.all(
        signedIn.map(async (t) => (await book(app(), date, { ...t, riders: 1 })).body.id as number),
      );
      const [stale, ...waiting] = requests as [number, ...number[]];
      await db
        .update(bookingRequests)
        .set({ respondBy: new Date(Date.now() - 60_000) })
        .where(eq(bookingRequests.id, stale));
      // Guests whose short hold ended, proving their address at the same moment.
      const guests = await Promise.all(
        Array.from({ length: 2 }, async () => {
          const email = uniqueEmail('guest');
          const made = await book(app(), date, { email, riders: 1 });
          const id = made.body.id as number;
          await db
            .update(bookingRequests)
            .set({ holdUntil: new Date(Date.now() - 60_000) })
            .where(eq(bookingRequests.id, id));
          return { id, email };
        }),
      );
      const answers = await Promise.all([
        ...Array.from({ length: 3 }, () => job().then(() => 200)),
        book(app(), date, { ...(await signUp(app())), riders: 1 }).then((r) => r.status),
        app()
          .inject({
            method: 'POST',
            url: '/crm/api/partner/departure/guarantee',
            headers: bearer(member.token),
            payload: { id: date.id },
          })
          .then((r) => r.statusCode),
        ...guests.map((g) => proveAddress(g.email).then(() => 200)),
      ]);
      expect(answers.filter((s) => s >= 500)).toEqual([]);
      // A later round of the job: what is due now goes.
      await job();

      const staleRow = await rowOf(stale);
      expect(staleRow).toMatchObject({ status: 7, cancelMessage: RELEASE_REASONS.unanswered });
      for (const mail of await kindsAbout(stale)) expect(mail.body).not.toMatch(/is confirmed/);
      for (const id of waiting) expect((await rowOf(id)).status).toBe(2);
      for (const { id } of guests) {
        const row = await rowOf(id);
        const mails = await kindsAbout(id);
        if (row.userId !== null) {
          // Claimed by its proven guest: kept, never told it was released.
          expect(row.status).toBe(2);
          expect(count(mails, 'booking-expired')).toBe(0);
        } else {
          // Released before the guest proved the address: the claim left it released.
          expect(row).toMatchObject({ status: 7, cancelMessage: RELEASE_REASONS.unconfirmed });
          expect(count(mails, 'booking-expired')).toBe(1);
        }
      }
      const places = await placesOf(db, date.id);
      expect(places.free).toBe(places.capacity - places.sold);
      const live = await db
        .select({ seats: bookingRequests.seats })
        .from(bookingRequests)
        .where(
          and(eq(bookingRequests.tourDateId, date.id), sql`${bookingRequests.status} in (1, 2, 3)`),
        );
      expect(places.sold).toBe(live.reduce((a, r) => a + r.seats, 0));
    }
  }, 240_000);
});
