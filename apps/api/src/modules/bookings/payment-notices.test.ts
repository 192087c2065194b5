/**
 * A booking's first payment opens its meeting (`openMeeting`) and is told (`tellEveryone`) in
 * the payment's transaction: the organizer gets one e-mail for both, the meeting's, which says
 * what is paid. A later payment, with no meeting to open, is told by the notice itself.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingTourists } from '#src/db/schema/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { openMeeting } from './meetings.ts';
import { tellEveryone } from './notices.ts';
import { findRequest } from './records.ts';
import { book, dateWithSeats, messagesAbout, uniqueEmail } from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const publicUrl = 'http://web.test';

beforeAll(async () => {
  scratch = await buildScratchApp('payment_notices', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: publicUrl,
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

/** The payment's part of the notices, as `payments.ts` runs it, with `paid` now paid. */
async function pay(id: number, paid: number, first: boolean) {
  await db.transaction(async (tx) => {
    const booking = { ...(await findRequest(tx, id))!, paid, status: 3 };
    const meetingKey = first ? await openMeeting(tx, booking, publicUrl) : undefined;
    await tellEveryone(
      tx,
      { kind: 'status', event: 'payment-arrives', booking, refunded: 0 },
      { publicUrl, organizerTold: meetingKey !== undefined },
    );
  });
}

describe('the notices of a payment', () => {
  it('send the organizer one e-mail for the first payment and its meeting page', async () => {
    const date = await dateWithSeats(db, 10, new Set());
    const made = await book(scratch.app, date, { email: uniqueEmail('paying'), riders: 2 });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const row = (await findRequest(db, id))!;

    await pay(id, row.price / 2, true);
    const meeting = await messagesAbout(db, id, 'meeting-details-requested');
    expect(meeting).toHaveLength(1);
    expect(meeting[0]!.subject).toMatch(
      new RegExp(`^Booking #${id} is paid: send the meeting details`),
    );
    expect(meeting[0]!.body).toContain(`The traveller paid booking #${id}: `);
    expect(meeting[0]!.body).toMatch(/http:\/\/web\.test\/meet\?key=\S+/);
    expect(meeting[0]!.body).toContain(`The booking: ${publicUrl}/partner/bookings/${id}`);
    expect(meeting[0]!.body).toContain('Traveller: Maya Hart.');
    // No rider gave arrival details (the arrival page is off by default): none are promised.
    expect(meeting[0]!.body).toContain('Write them on this page:\nhttp://web.test/meet?key=');
    expect(meeting[0]!.body).not.toMatch(/arrival/i);
    expect(await messagesAbout(db, id, 'organizer-booking-notice')).toHaveLength(0);

    // The balance: no meeting to open, so the notice tells the organizer.
    await pay(id, row.price, false);
    const paid = await messagesAbout(db, id, 'organizer-booking-notice');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body).toContain(`The traveller paid booking #${id}: `);
    expect(await messagesAbout(db, id, 'meeting-details-requested')).toHaveLength(1);
  });

  it('point the organizer to the riders’ arrival details once a rider gave them', async () => {
    const date = await dateWithSeats(db, 10, new Set());
    const made = await book(scratch.app, date, { email: uniqueEmail('arriving'), riders: 2 });
    const id = made.body.id as number;
    const row = (await findRequest(db, id))!;
    await db
      .update(bookingTourists)
      .set({ arrival: { transport_type: 1, airport_name: 'Ulaanbaatar', flight_number: 'OM302' } })
      .where(eq(bookingTourists.requestId, id));

    await pay(id, row.price, true);
    const [meeting] = await messagesAbout(db, id, 'meeting-details-requested');
    expect(meeting!.body).toContain(
      'Their arrival and departure details are on the same page:\nhttp://web.test/meet?key=',
    );
  });
});
