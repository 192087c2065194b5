import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chats, organizerMembers, tourDates, tours, users } from '#src/db/schema/index.ts';
import { TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { openMeeting } from './meetings.ts';
import { findRequest } from './records.ts';
import { book, dateWithSeats, seatsOf, signUp, type TourDateRow } from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('organizer_area', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-organizer-area-tests',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const used = new Set<number>();

/** An account (a new one unless given) made a member of the organizer of `date`'s tour. */
async function memberOf(date: TourDateRow, account?: { token: string; email: string }) {
  const member = account ?? (await signUp(app()));
  const [user] = await db.select().from(users).where(eq(users.email, member.email));
  const [tour] = await db
    .select({ organizerId: tours.organizerId })
    .from(tours)
    .where(eq(tours.id, date.tourId));
  await db
    .insert(organizerMembers)
    .values({ organizerId: tour!.organizerId, userId: user!.id })
    .onConflictDoNothing();
  return member;
}

/** A traveller's booking on a new date: a request (status 1) unless `guaranteed`. */
async function booking({ guaranteed = false, riders = 2 } = {}) {
  const date = await dateWithSeats(db, 10, used, { guaranteed });
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, { ...traveller, riders });
  expect(status).toBe(201);
  return { date, traveller, id: body.id as number };
}

const auth = (token: string | undefined) =>
  token ? { 'x-authorization': `Bearer ${token}` } : undefined;

async function get(token: string | undefined, id: number) {
  const response = await app().inject({
    url: `/crm/api/partner/booking?id=${id}`,
    headers: auth(token),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'getOrganizerBooking') as Json,
  };
}

async function list(token: string | undefined, status = 'active') {
  const response = await app().inject({
    url: `/crm/api/partner/bookings?status=${status}&per-page=100`,
    headers: auth(token),
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'listOrganizerBookings') as Json,
  };
}

const ACTIONS = {
  confirm: 'confirmOrganizerBooking',
  decline: 'declineOrganizerBooking',
  cancel: 'cancelOrganizerBooking',
} as const;

async function act(token: string | undefined, action: keyof typeof ACTIONS, payload: object) {
  const response = await app().inject({
    method: 'POST',
    url: `/crm/api/partner/booking/${action}`,
    headers: auth(token),
    payload,
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, ACTIONS[action]) as Json,
  };
}

describe('the signed-in organizer area', () => {
  it('lists the member’s bookings, waiting requests with their deadline, newest first', async () => {
    const first = await booking();
    const member = await memberOf(first.date);
    const second = await booking({ guaranteed: true });
    await memberOf(second.date, member);

    const active = await list(member.token);
    expect(active.status).toBe(200);
    const ids = active.body.items.map((item: Json) => item.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const request = active.body.items.find((item: Json) => item.id === first.id);
    expect(request).toMatchObject({ status: 1, seats: 2, contact_name: 'Maya Hart', paid: 0 });
    expect(Date.parse(request.respond_by)).toBeGreaterThan(Date.now());

    const waiting = await list(member.token, 'waiting');
    const waitingIds = waiting.body.items.map((item: Json) => item.id);
    expect(waitingIds).toContain(first.id);
    expect(waitingIds).not.toContain(second.id);
    expect(waiting.body.items.every((item: Json) => item.status === 1)).toBe(true);

    // Someone of no organizer sees nothing; a signed-out visitor is refused.
    const stranger = await signUp(app());
    expect((await list(stranger.token, 'all')).body).toMatchObject({
      items: [],
      pagination: { total: 0 },
    });
    expect((await list(undefined)).status).toBe(401);
  });

  it('lists a declined booking among the ended ones, no longer among the active', async () => {
    const request = await booking();
    const member = await memberOf(request.date);
    const declined = await act(member.token, 'decline', { id: request.id, reason: 'No horses' });
    expect(declined.status).toBe(200);
    const ids = async (status: string) =>
      (await list(member.token, status)).body.items.map((item: Json) => item.id);
    expect(await ids('ended')).toContain(request.id);
    expect(await ids('active')).not.toContain(request.id);
    const ended = (await list(member.token, 'ended')).body.items as Json[];
    expect(ended.every((item) => (item.status as number) >= 4)).toBe(true);
  });

  it('names the conversation with the traveller, so the organizer can write to them', async () => {
    const request = await booking();
    const member = await memberOf(request.date);
    const view = await get(member.token, request.id);
    expect(view.status).toBe(200);
    const [traveller] = await db
      .select()
      .from(users)
      .where(eq(users.email, request.traveller.email));
    const [chat] = await db
      .select()
      .from(chats)
      .where(eq(chats.id, view.body.chat_id as number));
    expect(chat).toMatchObject({ kind: 'organizer', clientId: traveller!.id });
  });

  it('opens one conversation for many bookings a traveller makes at once with one organizer', async () => {
    const rounds = testDatabaseKind() === 'postgres' ? 3 : 1;
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db, 40, used, { guaranteed: false });
      const traveller = await signUp(app());
      const member = await memberOf(date);
      const made = await Promise.all(
        Array.from({ length: 20 }, () => book(app(), date, { ...traveller, riders: 1 })),
      );
      expect(made.map((answer) => answer.status)).toEqual(Array(20).fill(201));
      const [user] = await db.select().from(users).where(eq(users.email, traveller.email));
      const opened = await db.select().from(chats).where(eq(chats.clientId, user!.id));
      expect(opened).toHaveLength(1);
      // Every booking's organizer view names that one conversation.
      const views = await Promise.all(made.map(({ body }) => get(member.token, body.id as number)));
      expect(new Set(views.map((view) => view.body.chat_id))).toEqual(new Set([opened[0]!.id]));
    }
  }, 120_000);

  it('shows one booking as its organizer sees it; to anyone else it does not exist', async () => {
    const { date, id, traveller } = await booking({ riders: 2 });
    const member = await memberOf(date);
    const shown = await get(member.token, id);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id,
      status: 1,
      seats: 2,
      contact_name: 'Maya Hart',
      contact_email: traveller.email,
      contact_phone: '+14155550199',
      start: date.startDate,
      can_confirm: true,
      can_decline: true,
      can_cancel: false,
      payments: [],
      arrival: { request_id: id },
    });
    expect(shown.body.tourists.map((t: Json) => t.full_name)).toEqual(['Maya Hart', 'Rider1 Hart']);
    expect(shown.body.meeting).toBeUndefined();
    // The date as it stands, for the answer: what this and every other booking on it took.
    const free = await seatsOf(db, date.id);
    expect(shown.body.departure).toMatchObject({
      seats: 10,
      seats_free: free.free,
      guaranteed: false,
    });
    expect(free.free).toBe(8);

    // Not the traveller, not another account, not a visitor: 404 or 401 on every call.
    for (const outsider of [traveller.token, (await signUp(app())).token]) {
      expect((await get(outsider, id)).status).toBe(404);
      expect((await act(outsider, 'confirm', { id })).status).toBe(404);
      expect((await act(outsider, 'decline', { id, reason: 'No' })).status).toBe(404);
      expect((await act(outsider, 'cancel', { id, reason: 'No' })).status).toBe(404);
    }
    expect((await get(member.token, 2_000_000_000)).status).toBe(404);
    expect((await get(undefined, id)).status).toBe(401);
    expect((await act(undefined, 'confirm', { id })).status).toBe(401);
    expect((await get(member.token, id)).body.status).toBe(1);
  });

  it('confirms once: a repeated confirm changes nothing, a decline afterwards is a 409', async () => {
    const { date, id } = await booking();
    const member = await memberOf(date);
    const before = await seatsOf(db, date.id);
    const confirmed = await act(member.token, 'confirm', { id });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { status: 2, respond_by: null, can_confirm: false, can_cancel: true },
    });
    const row = await findRequest(db, id);
    const again = await act(member.token, 'confirm', { id });
    expect(again).toMatchObject({ status: 200, body: { status: 2 } });
    expect((await findRequest(db, id))!.updatedAt).toEqual(row!.updatedAt);
    expect(await seatsOf(db, date.id)).toEqual(before);
    const declined = await act(member.token, 'decline', { id, reason: 'Too late' });
    expect(declined).toMatchObject({
      status: 409,
      body: { message: 'This booking is confirmed and waiting for its prepayment' },
    });
  });

  it('declines with a reason only; the seats are released', async () => {
    const { date, id } = await booking({ riders: 3 });
    const member = await memberOf(date);
    const before = await seatsOf(db, date.id);
    for (const payload of [{ id }, { id, reason: '   ' }]) {
      const refused = await act(member.token, 'decline', payload);
      expect(refused).toMatchObject({
        status: 422,
        body: { errors: { reason: ['Required field'] } },
      });
    }
    const declined = await act(member.token, 'decline', { id, reason: 'The horses rest' });
    expect(declined.body).toMatchObject({
      status: 6,
      decline_reason: 'The horses rest',
      can_confirm: false,
      can_decline: false,
      can_cancel: false,
    });
    expect((await seatsOf(db, date.id)).free).toBe(before.free + 3);
    expect(declined.body.departure).toMatchObject({ seats: 10, seats_free: before.free + 3 });
    const confirm = await act(member.token, 'confirm', { id });
    expect(confirm).toMatchObject({
      status: 409,
      body: { message: 'This booking was cancelled by the organizer' },
    });
  });

  it('cancels a confirmed booking with a reason; a request cannot be cancelled', async () => {
    const { date, id, traveller } = await booking({ guaranteed: true, riders: 2 });
    const member = await memberOf(date);
    const before = await seatsOf(db, date.id);
    expect((await act(member.token, 'cancel', { id })).status).toBe(422);
    const cancelled = await act(member.token, 'cancel', { id, reason: 'A storm closed the trail' });
    expect(cancelled.body).toMatchObject({
      status: 6,
      cancel_message: 'A storm closed the trail',
      can_cancel: false,
    });
    expect((await seatsOf(db, date.id)).free).toBe(before.free + 2);
    const again = await act(member.token, 'cancel', { id, reason: 'Again' });
    expect(again).toMatchObject({ status: 200, body: { status: 6 } });
    expect((await seatsOf(db, date.id)).free).toBe(before.free + 2);
    const own = await app().inject({
      url: `/crm/api/request/get?id=${id}`,
      headers: auth(traveller.token),
    });
    expect(own.json()).toMatchObject({ status: 6 });

    const request = await booking();
    const requestMember = await memberOf(request.date);
    const refused = await act(requestMember.token, 'cancel', { id: request.id, reason: 'No' });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'This booking is waiting for the organizer to confirm it' },
    });
  });

  it('shows the meeting page of a paid booking with a key that opens it', async () => {
    const { date, id } = await booking({ guaranteed: true });
    const member = await memberOf(date);
    await openMeeting(db, (await findRequest(db, id))!, 'http://web.test');
    const { body } = await get(member.token, id);
    expect(body.meeting).toMatchObject({ files: [] });
    expect(body.meeting.text).toBeUndefined();
    const link = new URL(body.meeting.meet_url as string);
    expect(link.origin + link.pathname).toBe('http://web.test/meet');
    const page = await app().inject({
      url: `/spa/contract-organizer-meet-data?key=${encodeURIComponent(link.searchParams.get('key')!)}`,
    });
    expect(page.statusCode).toBe(200);
    // A key signed for another meeting, or altered, opens nothing.
    const forged = await app().inject({
      url: `/spa/contract-organizer-meet-data?key=${encodeURIComponent(`${link.searchParams.get('key')!}x`)}`,
    });
    expect(forged.statusCode).toBe(404);
  });
});

describe('what is left to pay, as the organizer reads it', () => {
  const DAY = 86_400_000;
  const isoDay = (offsetDays: number, from = Date.now()) =>
    new Date(from + offsetDays * DAY).toISOString().slice(0, 10);
  const daysBefore = (day: string, days: number) => isoDay(-days, Date.parse(`${day}T00:00:00Z`));

  /** The traveller's own view of booking `id`. */
  async function travellers(token: string, id: number) {
    const response = await app().inject({
      url: `/crm/api/request/get?id=${id}`,
      headers: auth(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Json;
  }

  /** The traveller pays `type` of booking `id` through the sandbox's card page. */
  async function pay(token: string, id: number, type: 'prepayment' | 'payment') {
    const started = await app().inject({
      method: 'POST',
      url: '/crm/api/payment/start',
      headers: auth(token),
      payload: { request_id: id, payment_type: type, payment_method: 'card' },
    });
    expect(started.statusCode).toBe(200);
    const paid = await submitCard(app(), started.json().redirect_url as string, TEST_CARDS.success);
    expect(paid.statusCode).toBe(303);
  }

  /** A confirmed booking (status 2) of 2 riders on a date whose balance is due 30 days before. */
  async function confirmedBooking() {
    const date = await dateWithSeats(db, 10, used, { guaranteed: true });
    await db.update(tourDates).set({ fullPaymentDays: 30 }).where(eq(tourDates.id, date.id));
    const traveller = await signUp(app());
    const made = await book(app(), date, { ...traveller, riders: 2 });
    expect(made.body.status).toBe(2);
    return { date, traveller, id: made.body.id as number, member: await memberOf(date) };
  }

  it('lists what the paid payments brought, not a payment page still open', async () => {
    const { traveller, id, member } = await confirmedBooking();
    const listed = async () =>
      ((await list(member.token)).body.items as Json[]).find((item) => item.id === id)!;
    expect(await listed()).toMatchObject({ paid: 0, received: 0, refunded: 0 });
    await pay(traveller.token, id, 'prepayment');
    const prepaid = await listed();
    expect(prepaid.paid).toBeGreaterThan(0);
    expect(prepaid.received).toBe(prepaid.paid);
    // A payment page opened for the rest and not paid brings nothing yet.
    const opened = await app().inject({
      method: 'POST',
      url: '/crm/api/payment/start',
      headers: auth(traveller.token),
      payload: { request_id: id, payment_type: 'payment', payment_method: 'card' },
    });
    expect(opened.statusCode).toBe(200);
    expect((await listed()).received).toBe(prepaid.paid);
  });

  it('names the hold while unpaid, the balance day after a prepayment, and a late rest as overdue', async () => {
    const { date, traveller, id, member } = await confirmedBooking();
    const dueDay = daysBefore(date.startDate, 30);
    expect(dueDay > isoDay(0)).toBe(true);

    // Unpaid: the seats are held until the deadline the traveller reads.
    const own = await travellers(traveller.token, id);
    const unpaid = (await get(member.token, id)).body;
    expect(own.hold_until).not.toBeNull();
    expect(unpaid).toMatchObject({
      left_to_pay: own.price,
      hold_until: own.hold_until,
      balance_due_by: dueDay,
      balance_overdue: false,
    });

    // Prepaid: no hold any more, the rest is due by the day the traveller reads.
    await pay(traveller.token, id, 'prepayment');
    const prepaid = (await get(member.token, id)).body;
    const ownPrepaid = await travellers(traveller.token, id);
    expect(prepaid.status).toBe(3);
    expect(prepaid.paid).toBeGreaterThan(0);
    expect(prepaid).toMatchObject({
      left_to_pay: prepaid.price - prepaid.paid,
      hold_until: null,
      balance_due_by: ownPrepaid.balance_due_by,
      balance_overdue: false,
    });
    expect(prepaid.left_to_pay).toBeGreaterThan(0);

    // The date moves closer: its balance day has passed and the rest is late. The traveller is
    // told it is due now; the organizer reads the day it was due and that it is overdue.
    await db
      .update(tourDates)
      .set({ startDate: isoDay(10), endDate: isoDay(15) })
      .where(eq(tourDates.id, date.id));
    const late = (await get(member.token, id)).body;
    expect(late).toMatchObject({
      left_to_pay: prepaid.left_to_pay,
      balance_due_by: isoDay(-20),
      balance_overdue: true,
    });
    expect((await travellers(traveller.token, id)).balance_due_by).toBe(isoDay(0));

    // Paid up: nothing left, no day, nothing late.
    await pay(traveller.token, id, 'payment');
    expect((await get(member.token, id)).body).toMatchObject({
      paid: prepaid.price,
      left_to_pay: 0,
      hold_until: null,
      balance_due_by: null,
      balance_overdue: false,
    });
  });

  it('keeps what was never collected after the tour; a cancelled booking owes nothing', async () => {
    const ended = await confirmedBooking();
    await pay(ended.traveller.token, ended.id, 'prepayment');
    await db
      .update(tourDates)
      .set({ startDate: isoDay(-6), endDate: isoDay(-2) })
      .where(eq(tourDates.id, ended.date.id));
    const after = (await get(ended.member.token, ended.id)).body;
    expect(after.left_to_pay).toBe(after.price - after.paid);
    expect(after).toMatchObject({ balance_due_by: isoDay(-36), balance_overdue: true });

    const cancelled = await confirmedBooking();
    const answer = await act(cancelled.member.token, 'cancel', {
      id: cancelled.id,
      reason: 'The river is in flood',
    });
    expect(answer.body).toMatchObject({
      status: 6,
      left_to_pay: 0,
      hold_until: null,
      balance_due_by: null,
      balance_overdue: false,
    });
  });
});
