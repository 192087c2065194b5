import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { bookingPayments } from '#src/modules/payments/index.ts';
import { expireUnpaidBookings } from './expiry.ts';
import {
  book,
  bookingScratchAppForFile,
  dateWithSeats,
  messagesAbout,
  seatsOf,
  signUp,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('answers');

const used = new Set<number>();

/**
 * A traveller's request on a date of its own that its organizer has not guaranteed, and the
 * links of the organizer's e-mail.
 */
async function request(riders = 2) {
  const date = await dateWithSeats(db(), 10, used, { guaranteed: false });
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, { ...traveller, riders });
  expect(status).toBe(201);
  const [mail] = await messagesAbout(db(), body.id as number, 'request-to-answer');
  expect(mail).toBeDefined();
  expect(mail!.body).toContain(`The booking: http://web.test/partner/bookings/${body.id}`);
  expect(mail!.body).toMatch(/until \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC; unanswered/);
  const links = [...mail!.body.matchAll(/http:\/\/web\.test\/partner\/answer\?\S+/g)].map(
    (match) => new URL(match[0]),
  );
  const confirm = links.find((link) => link.searchParams.get('answer') === 'confirm')!;
  return { date, traveller, booking: body, token: confirm.searchParams.get('token')!, links };
}

async function answer(payload: object) {
  const response = await app().inject({
    method: 'POST',
    url: '/crm/api/request/answer',
    payload,
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'answerRequest') as Json,
  };
}

describe('the organizer answers a request', () => {
  it('e-mails Confirm and Decline links; the request shows its riders and deadline', async () => {
    const { booking, token, links } = await request();
    expect(links.map((link) => link.searchParams.get('answer')).sort()).toEqual([
      'confirm',
      'decline',
    ]);
    expect(booking.status).toBe(1);
    const hours = (Date.parse(booking.respond_by as string) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const read = await app().inject({
      url: `/crm/api/request/answer?token=${encodeURIComponent(token)}`,
    });
    expect(read.statusCode).toBe(200);
    const shown = expectContractResponse(read, 'getRequestForAnswer') as Json;
    expect(shown).toMatchObject({
      id: booking.id,
      status: 1,
      seats: 2,
      respond_by: booking.respond_by,
    });
    expect(shown.tourists.map((t: Json) => t.full_name)).toEqual(['Maya Hart', 'Rider1 Hart']);
    const forged = await app().inject({ url: '/crm/api/request/answer?token=e30.AAAA' });
    expect(forged.statusCode).toBe(404);
  });

  it('confirms once, however often the link is used at once, and then refuses a decline', async () => {
    const { booking, token, traveller } = await request();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => answer({ token, answer: 'confirm' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.body.status === 2)).toBe(true);
    // The confirmation guaranteed the date (decision 148): one e-mail tells both.
    expect(await messagesAbout(db(), booking.id as number, 'booking-confirmed')).toHaveLength(0);
    const told = await messagesAbout(db(), booking.id as number, 'date-guaranteed');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/^Booking #\d+ is confirmed; your ride on .+ is guaranteed: /);
    const declined = await answer({ token, answer: 'decline', reason: 'Too late' });
    expect(declined).toMatchObject({
      status: 409,
      body: { message: 'This booking is confirmed and waiting for its prepayment' },
    });
    // The traveller can pay now, within the hold counted from the confirmation.
    const own = await app().inject({
      url: `/crm/api/request/get?id=${booking.id}`,
      headers: { 'x-authorization': `Bearer ${traveller.token}` },
    });
    const mine = own.json() as Json;
    expect(mine).toMatchObject({ status: 2, can_pay: true, respond_by: null });
    expect((Date.parse(mine.hold_until as string) - Date.now()) / 3_600_000).toBeGreaterThan(71.9);
  });

  it('declines with a reason: seats freed, the traveller sees why', async () => {
    const { booking, token, date, traveller } = await request(3);
    const before = await seatsOf(db(), date.id);
    const noReason = await answer({ token, answer: 'decline' });
    expect(noReason.status).toBe(422);
    const declined = await answer({
      token,
      answer: 'decline',
      reason: 'The horses rest that week',
    });
    expect(declined.body).toMatchObject({ status: 6, decline_reason: 'The horses rest that week' });
    expect((await seatsOf(db(), date.id)).free).toBe(before.free + 3);
    const own = await app().inject({
      url: `/crm/api/request/get?id=${booking.id}`,
      headers: { 'x-authorization': `Bearer ${traveller.token}` },
    });
    expect(own.json()).toMatchObject({ status: 6, decline_reason: 'The horses rest that week' });
    const [mail] = await messagesAbout(db(), booking.id as number, 'booking-declined');
    expect(mail!.body).toContain('The horses rest that week');
    // Declining again changes nothing.
    const again = await answer({ token, answer: 'decline', reason: 'Again' });
    expect(again.status).toBe(200);
    expect((await seatsOf(db(), date.id)).free).toBe(before.free + 3);
  });

  it('releases an unanswered request at the deadline, after which the links refuse', async () => {
    const { booking, token, date } = await request(1);
    const before = await seatsOf(db(), date.id);
    const options = { publicUrl: 'http://web.test', payments: bookingPayments(db()) };
    await expireUnpaidBookings(db(), { ...options, now: new Date(Date.now() + 47 * 3_600_000) });
    expect((await seatsOf(db(), date.id)).free).toBe(before.free);
    await expireUnpaidBookings(db(), { ...options, now: new Date(Date.now() + 49 * 3_600_000) });
    expect((await seatsOf(db(), date.id)).free).toBe(before.free + 1);
    const [released] = await db()
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'booking-expired'), sql`(payload->>'requestId')::int = ${booking.id}`),
      )
      .orderBy(desc(outbox.id));
    expect(released!.body).toContain('The organizer did not answer in time');
    const [toOrganizer] = await db()
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'organizer-booking-notice'),
          sql`(payload->>'requestId')::int = ${booking.id}`,
          sql`payload->>'event' = 'deadline-passes'`,
        ),
      );
    expect(toOrganizer!.body).toContain(
      `You did not answer booking request #${booking.id as number} in time, so it was released`,
    );
    const late = await answer({ token, answer: 'confirm' });
    expect(late).toMatchObject({
      status: 409,
      body: { message: 'This booking was cancelled because its deadline passed' },
    });
  });

  it('tells the organizer of a booking on a guaranteed date, without links to answer', async () => {
    const date = await dateWithSeats(db(), 10, used);
    const traveller = await signUp(app());
    const { body } = await book(app(), date, { ...traveller, riders: 1 });
    expect(body.status).toBe(2);
    const [mail] = await messagesAbout(db(), body.id as number, 'booking-for-organizer');
    expect(mail!.subject).toContain(`New booking #${body.id}`);
    // Nothing to answer: the e-mail opens the booking's page, with its riders and dates.
    expect(mail!.body).toContain(`The booking: http://web.test/partner/bookings/${body.id}`);
    expect(mail!.body).not.toContain('/partner/answer');
    expect(mail!.body).toContain('Riders:\n- Maya Hart: ');
    expect(mail!.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await messagesAbout(db(), body.id as number, 'request-to-answer')).toHaveLength(0);
  });
});
