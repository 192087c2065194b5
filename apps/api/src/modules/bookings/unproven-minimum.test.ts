/**
 * A date reaches its minimum group only with riders who can still come: the unpaid hold of a
 * holder who proved no address (a guest, an account that confirmed neither its e-mail nor its
 * phone) does not count, so a made-up address cannot run a date for good (a guarantee is never
 * taken back, decision 111) and leave it below its minimum once the hold is released. The tour
 * page's `riders_booked` counts the same riders. Once the holder proves the address, the riders
 * count: the proof's claim runs the date in its own transaction when the group is reached. On
 * PostgreSQL (CI) the proofs and bookings really overlap.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests, outbox, tourDates, tours } from '#src/db/schema/index.ts';
import { bookingPayments, sandboxProvider } from '#src/modules/payments/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { expireUnpaidBookings } from './expiry.ts';
import { claimGuestBookings } from './guests.ts';
import { RELEASE_REASONS } from './notices.ts';
import {
  bearer,
  book,
  bookingScratchAppForFile,
  confirmEmail,
  messagesAbout,
  messagesOfDate,
  organizerMemberOf,
  signInWithEmailCode,
  signUp,
  tallyStatuses,
  unconfirmedSignUp,
  uniqueEmail,
  waitingDate,
  type TourDateRow,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('unproven_minimum', {
  PAYMENT_SANDBOX_SECRET: 'payment-secret-for-unproven-minimum',
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 3 : 1;

const rowOf = async (id: number) =>
  (await db().select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const dateOf = async (id: number) =>
  (await db().select().from(tourDates).where(eq(tourDates.id, id)))[0]!;

/** The date as the tour page answers it. */
async function shownDate(date: TourDateRow): Promise<Json> {
  const [tour] = await db()
    .select({ slug: tours.slug })
    .from(tours)
    .where(eq(tours.id, date.tourId));
  const response = await app().inject({ url: `/spa/tour?slug=${tour!.slug}&format=short` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { dates: Json[] }).dates.find((item) => item.id === date.id)!;
}

/** The guarantee e-mails booking `id`'s traveller got. */
async function guaranteeMailsTo(id: number) {
  const { contactEmail } = await rowOf(id);
  return db()
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'date-guaranteed'),
        eq(outbox.recipient, contactEmail),
        sql`(${outbox.payload}->>'requestId')::int = ${id}`,
      ),
    );
}

const organizerMails = (dateId: number) =>
  messagesOfDate(db(), dateId, 'organizer-date-guaranteed');

const runJob = () =>
  expireUnpaidBookings(db(), {
    now: new Date(),
    holdHours: 72,
    publicUrl: 'http://web.test',
    payments: bookingPayments(db(), sandboxProvider(db())),
  });

/** A proven traveller's waiting request of `riders` (status 1). */
async function provenRequest(date: TourDateRow, riders = 1) {
  const made = await book(app(), date, { ...(await signUp(app())), riders });
  expect(made).toMatchObject({ status: 201, body: { status: 1 } });
  return made.body.id as number;
}

/** A signed-out guest's waiting request of `riders` with a new address (status 1). */
async function guestRequest(date: TourDateRow, riders: number) {
  const email = uniqueEmail('unproven');
  const made = await book(app(), date, { email, riders });
  expect(made).toMatchObject({ status: 201, body: { status: 1 } });
  return { id: made.body.id as number, email };
}

describe('riders of holders who proved no address', () => {
  it('do not run the date, nor show as booked; the date stays the organizer’s to cancel once the hold ends', async () => {
    const date = await waitingDate(db(), 12, used, 4);
    const member = await organizerMemberOf(app(), db(), date);
    const proven = await provenRequest(date);
    // A signed-out visitor with an address nobody will prove books the 3 riders missing.
    const guest = await guestRequest(date, 3);

    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    expect(await rowOf(proven)).toMatchObject({ status: 1 });
    expect(await organizerMails(date.id)).toEqual([]);
    expect(await guaranteeMailsTo(proven)).toEqual([]);
    expect(await shownDate(date)).toMatchObject({
      not_guaranteed: true,
      min_riders: 4,
      riders_booked: 1,
    });
    // A guest's request past its time to answer is left out once, not twice.
    await db()
      .update(bookingRequests)
      .set({ respondBy: new Date(Date.now() - 60_000) })
      .where(eq(bookingRequests.id, guest.id));
    expect(await shownDate(date)).toMatchObject({ riders_booked: 1 });

    // The guest's hold ends and the job releases it: the date still waits for its group, and
    // its organizer may still call it off.
    await db()
      .update(bookingRequests)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(bookingRequests.id, guest.id));
    await runJob();
    expect(await rowOf(guest.id)).toMatchObject({ status: 7 });
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    const cancelled = await app().inject({
      method: 'POST',
      url: '/crm/api/partner/departure/cancel',
      headers: bearer(member.token),
      payload: { id: date.id, reason: 'Not enough riders' },
    });
    expect(cancelled.statusCode).toBe(200);
  });

  it('count once the guest proves the address: the claim runs the date, each traveller told once', async () => {
    const date = await waitingDate(db(), 12, used, 4);
    const proven = await provenRequest(date);
    const guest = await guestRequest(date, 3);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);

    const before = Date.now();
    await signInWithEmailCode(app(), db(), guest.email);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    const claimed = await rowOf(guest.id);
    expect(claimed.userId).not.toBeNull();
    expect(claimed.status).toBe(2);
    // Confirmed as a proven traveller: the full hold to pay, from the proof.
    expect(claimed.holdUntil!.getTime()).toBeGreaterThanOrEqual(before + 71 * 3_600_000);
    expect(await rowOf(proven)).toMatchObject({ status: 2 });
    expect(await guaranteeMailsTo(proven)).toHaveLength(1);
    expect(await guaranteeMailsTo(guest.id)).toHaveLength(1);
    expect(await organizerMails(date.id)).toHaveLength(1);
    expect(await shownDate(date)).toMatchObject({
      not_guaranteed: false,
      min_riders: null,
      riders_booked: 4,
    });

    // Proving the address again (another claim of it) tells nobody again.
    expect(
      await claimGuestBookings(db(), {
        userId: claimed.userId!,
        email: guest.email,
        publicUrl: 'http://web.test',
        holdHours: 72,
      }),
    ).toBe(0);
    expect(await guaranteeMailsTo(proven)).toHaveLength(1);
    expect(await guaranteeMailsTo(guest.id)).toHaveLength(1);
    expect(await organizerMails(date.id)).toHaveLength(1);
  });

  it('of an account that confirmed no address count once it confirms its e-mail', async () => {
    const date = await waitingDate(db(), 10, used, 3);
    const unconfirmed = await unconfirmedSignUp(app());
    const held = await book(app(), date, { ...unconfirmed, riders: 2 });
    expect(held).toMatchObject({ status: 201, body: { status: 1 } });
    const proven = await provenRequest(date);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    expect(await shownDate(date)).toMatchObject({ min_riders: 3, riders_booked: 1 });

    await confirmEmail(app(), unconfirmed.email, unconfirmed.token);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    expect(await rowOf(held.body.id as number)).toMatchObject({ status: 2 });
    expect(await rowOf(proven)).toMatchObject({ status: 2 });
    expect(await organizerMails(date.id)).toHaveLength(1);
  });

  it('leave the group to proven riders: when they reach it, a guest whose hold ended is confirmed keeping it, then released', async () => {
    // As `unanswered-requests.test.ts` has it, with the group reached by proven riders alone.
    const date = await waitingDate(db(), 10, used, 2);
    const guest = await guestRequest(date, 2);
    const ended = new Date(Date.now() - 60_000);
    await db()
      .update(bookingRequests)
      .set({ holdUntil: ended })
      .where(eq(bookingRequests.id, guest.id));
    await provenRequest(date);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);
    const reaching = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    expect(reaching).toMatchObject({ status: 201, body: { status: 2 } });
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    expect(await rowOf(guest.id)).toMatchObject({ status: 2, userId: null, holdUntil: ended });

    await runJob();
    expect(await rowOf(guest.id)).toMatchObject({
      status: 7,
      cancelMessage: RELEASE_REASONS.unconfirmed,
    });
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
  });
});

describe('guests proving their address while bookings arrive', () => {
  it(`4 proofs and 2 proven bookings at once, ${rounds} rounds: one guarantee, nobody waiting, told once`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await waitingDate(db(), 20, used, 4);
      const waiting = [await provenRequest(date), await provenRequest(date)];
      const guests = await Promise.all(Array.from({ length: 4 }, () => guestRequest(date, 1)));
      const travellers = await Promise.all(Array.from({ length: 2 }, () => signedUser(db())));
      const [, booked] = await Promise.all([
        Promise.all(guests.map((guest) => signInWithEmailCode(app(), db(), guest.email))),
        Promise.all(travellers.map((traveller) => book(app(), date, traveller))),
      ]);
      expect(tallyStatuses(booked)).toEqual({ 201: 2 });
      expect((await dateOf(date.id)).notGuaranteed).toBe(false);
      expect(await organizerMails(date.id)).toHaveLength(1);
      const rows = await db()
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.tourDateId, date.id));
      expect(rows).toHaveLength(8);
      expect(rows.filter((row) => row.status !== 2)).toEqual([]);
      expect(rows.filter((row) => row.userId === null)).toEqual([]);
      // Everyone booked before the flip is told once; a booking after it starts confirmed.
      for (const id of [...waiting, ...guests.map((guest) => guest.id)]) {
        expect(await guaranteeMailsTo(id)).toHaveLength(1);
      }
      for (const made of booked) {
        expect(
          (await messagesAbout(db(), made.body.id as number, 'date-guaranteed')).length,
        ).toBeLessThanOrEqual(1);
      }
    }
  }, 240_000);
});
