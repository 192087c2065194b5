/**
 * The organizer and the traveller act on one booking at once (decisions 089, 091, 092): the
 * organizer confirms while the traveller cancels, cancels or declines while a payment arrives,
 * confirms or cancels while riders are added, and reads the booking while a rider's weight
 * changes. Whatever order PostgreSQL runs them in, every answer is a 200 or a 409 with a JSON
 * message (never a 5xx), seats are held or released once, the e-mails say what happened, money
 * is kept or given back whole, and the organizer's booking page and list (the calls the web's
 * /partner/bookings pages make) show the booking as it is. On PGlite the requests serialise and
 * the same assertions hold.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingRequests,
  bookingTourists,
  chatMessages,
  outbox,
  payments,
  organizerMembers,
  organizers,
  refunds,
  tourDates,
  tours,
  users,
} from '#src/db/schema/index.ts';
import { bookingPayments, TEST_CARDS } from '#src/modules/payments/index.ts';
import { providerBooksOf, submitCard, successNoticeOf } from '#src/modules/payments/testing.ts';
import type { Json } from '#src/testing/call.ts';
import { RIDER_LEVELS } from '@gallop/rider-fit';
import { testDatabaseKind } from '#src/testing/database.ts';
import {
  bookingScratchAppForFile,
  dateWithSeats,
  organizerMemberOf,
  placesOf,
  signUp,
  waitingDate,
  type TourDateRow,
} from './testing-scratch.ts';

const SECRET = 'payment-secret-for-organizer-traveller-races';
const PUBLIC_URL = 'http://web.test';
const { app, db } = bookingScratchAppForFile('org_traveller_races', {
  PAYMENT_SANDBOX_SECRET: SECRET,
});
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 5 : 1;
const AT_ONCE = 20;
const REASON = 'The horses are lame';

async function api(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await app().inject({
    method,
    url,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  let body: Json;
  try {
    body = response.json() as Json;
  } catch {
    body = { raw: response.body } as unknown as Json;
  }
  return { status: response.statusCode, body };
}

/** Every answer a 2xx/3xx or a 4xx carrying a JSON `message`; a 5xx never. */
function expectClearAnswers(answers: { status: number; body: Json }[], allowed: number[]) {
  for (const answer of answers) {
    expect(allowed, JSON.stringify(answer.body)).toContain(answer.status);
    if (answer.status >= 400) {
      expect(typeof answer.body.message, JSON.stringify(answer.body)).toBe('string');
      expect((answer.body.message as string).length).toBeGreaterThan(0);
    }
  }
}

const RIDERS = [
  { first_name: 'Maya', last_name: 'Hart', weight: 64, level: 'intermediate' },
  { first_name: 'Tom', last_name: 'Hart', weight: 82.5, level: 'advanced' },
];

/** A proven traveller's two-rider booking on `date` (with weights and levels), and a member. */
async function bookingOn(date: TourDateRow) {
  const traveller = await signUp(app());
  const made = await api('POST', '/crm/api/request/create', traveller.token, {
    tour_id: date.tourId,
    tour_date_id: date.id,
    tourists: RIDERS,
    contact: { name: 'Maya Hart', email: traveller.email, phone: '+14155550199' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const member = await organizerMemberOf(app(), db(), date);
  return {
    traveller,
    member,
    id: made.body.id as number,
    uuid: made.body.uuid as string,
    status: made.body.status as number,
  };
}

/** `send` after `ms` milliseconds, so either side of a race goes first in some round. */
const later = <T>(ms: number, send: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms));

const stored = async (id: number) =>
  (await db().select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;

/** The e-mails about booking `id`, oldest first: kind and the event that sent it. */
async function mailsAbout(id: number) {
  return db()
    .select({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, body: outbox.body })
    .from(outbox)
    .where(sql`(${outbox.payload}->>'requestId')::int = ${id}`)
    .orderBy(outbox.id);
}

/** The booking's system messages in its chat, oldest first. */
async function chatNoticesOf(id: number) {
  return db()
    .select({ id: chatMessages.id, text: chatMessages.body })
    .from(chatMessages)
    .where(and(eq(chatMessages.requestId, id), isNotNull(chatMessages.requestId)))
    .orderBy(chatMessages.id);
}

/**
 * What the organizer's page and list show of booking `id` equals what is stored: status, money,
 * seats, and each rider's level and weight; a stranger organizer sees nothing of it.
 */
async function expectOrganizerViews(id: number, memberToken: string) {
  const row = await stored(id);
  const riders = await db()
    .select()
    .from(bookingTourists)
    .where(eq(bookingTourists.requestId, id))
    .orderBy(bookingTourists.position);
  const page = await api('GET', `/crm/api/partner/booking?id=${id}`, memberToken);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  const list = await api('GET', '/crm/api/partner/bookings?status=all&per-page=100', memberToken);
  expect(list.status).toBe(200);
  const item = (list.body.items as Json[]).find((b) => b.id === id);
  expect(item, `booking ${id} in the organizer's list`).toBeDefined();
  const money = {
    status: row.status,
    price: row.price / 100,
    paid: row.paid / 100,
    refunded: row.refunded / 100,
    seats: row.seats,
  };
  const pick = (b: Json) => ({
    status: b.status,
    price: b.price,
    paid: b.paid,
    refunded: b.refunded,
    seats: b.seats,
  });
  expect(pick(page.body)).toEqual(money);
  expect(pick(item!)).toEqual(money);
  // What the charges brought, what is left, and the answers the status still allows.
  const charged = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, id), eq(payments.status, 2)));
  expect(item!.received).toBe(charged.reduce((sum, p) => sum + p.amount, 0) / 100);
  const live = [1, 2, 3].includes(row.status);
  expect(page.body.left_to_pay).toBe(live ? Math.max(row.price - row.paid, 0) / 100 : 0);
  expect({
    confirm: page.body.can_confirm,
    decline: page.body.can_decline,
    cancel: page.body.can_cancel,
  }).toEqual({
    confirm: row.status === 1,
    decline: row.status === 1,
    cancel: row.status === 2 || row.status === 3,
  });
  const shown = (page.body.tourists as Json[]).map((t) => ({
    id: t.id,
    weight: t.weight,
    level: t.level,
  }));
  expect(shown).toEqual(
    riders.map((r) => ({
      id: r.id,
      weight: r.weight,
      level: r.riderLevel === null ? null : RIDER_LEVELS[r.riderLevel],
    })),
  );
  return { row, page: page.body, riders };
}

describe('the organizer confirms while the traveller cancels', () => {
  it(`${AT_ONCE} at once, ${rounds} rounds: one outcome, seats once, mails as happened`, async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      const date = await waitingDate(db(), 10, used);
      const { traveller, member, id, status } = await bookingOn(date);
      expect(status).toBe(1);
      // Confirms, cancels and the traveller's payment starts (refused until confirmed).
      const calls = Array.from({ length: AT_ONCE }, (_, i) => {
        const kind = ['confirm', 'cancel', 'confirm', 'start'][(i + round) % 4]!;
        // Even rounds hold the traveller back a little, odd ones the organizer: each goes first.
        const [organizerWait, travellerWait] = round % 2 === 0 ? [0, round * 4] : [round * 4, 0];
        if (kind === 'confirm')
          return later(organizerWait, () =>
            api('POST', '/crm/api/partner/booking/confirm', member.token, { id }),
          ).then((a) => ({ ...a, who: kind }));
        if (kind === 'start')
          return api('POST', '/crm/api/payment/start', traveller.token, {
            request_id: id,
            payment_type: 'prepayment',
            payment_method: 'card',
          }).then((a) => ({ ...a, who: kind }));
        return later(travellerWait, () =>
          api('POST', '/crm/api/request/cancel', traveller.token, { id }),
        ).then((a) => ({ ...a, who: kind }));
      });
      const answers = await Promise.all(calls);
      expectClearAnswers(answers, [200, 409]);
      const row = await stored(id);
      expect([2, 5]).toContain(row.status);
      const mails = await mailsAbout(id);
      // The confirmation on a date not guaranteed tells the traveller the date runs (decision 148).
      const confirmedMails = mails.filter(
        (m) => m.kind === 'booking-confirmed' || m.kind === 'date-guaranteed',
      );
      const cancelMails = mails.filter((m) => m.kind === 'booking-canceled');
      const confirmsOk = answers.filter((a) => a.who === 'confirm' && a.status === 200);
      const cancelsOk = answers.filter((a) => a.who === 'cancel' && a.status === 200);
      // No "confirmed" mail unless the confirmation happened, and one at most.
      expect(confirmedMails.length).toBeLessThanOrEqual(1);
      expect(cancelMails.length).toBe(row.status === 5 ? 1 : 0);
      if (confirmsOk.length > 0) expect(confirmedMails).toHaveLength(1);
      if (confirmedMails.length === 0) expect(confirmsOk).toHaveLength(0);
      if (row.status === 5 && confirmedMails.length === 1) {
        // Confirmed first, then cancelled: the mails say so in that order.
        expect(confirmedMails[0]!.id).toBeLessThan(cancelMails[0]!.id);
      }
      // A confirm answered 200 answers the booking as it left it: confirmed. A booking that
      // stayed confirmed was cancelled by nobody.
      for (const a of confirmsOk) expect(a.body.status).toBe(2);
      if (row.status !== 5) expect(cancelsOk).toHaveLength(0);
      // A payment started before the confirmation is refused; one opened after it is closed by
      // the cancel and voided at the provider; none stays open on a cancelled booking.
      for (const a of answers.filter((x) => x.who === 'start' && x.status === 200)) {
        expect(confirmedMails).toHaveLength(1);
        expect(a.body.payment).toBeDefined();
      }
      const settle = bookingPayments(db());
      await settle.reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000));
      const open = await db().execute<{ n: string }>(
        sql`select count(*) as n from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id where p.request_id = ${id} and (p.status = 1 or s.status = 'open')`,
      );
      if (row.status === 5) expect(Number(open.rows[0]!.n)).toBe(0);
      // Seats: held by a live booking, released once by a cancelled one.
      const places = await placesOf(db(), date.id);
      expect(places.free + places.sold).toBe(places.capacity);
      expect(places.free).toBe(row.status === 5 ? 10 : 8);
      // The chat tells each move once.
      const notices = await chatNoticesOf(id);
      const moves = (confirmedMails.length > 0 ? 1 : 0) + (row.status === 5 ? 1 : 0);
      // The request's own line, then one per move, each saying what happened.
      expect(notices.length, JSON.stringify(notices)).toBe(1 + moves);
      expect(notices.filter((n) => /is confirmed/.test(n.text))).toHaveLength(
        confirmedMails.length,
      );
      if (row.status === 5) {
        expect(notices.at(-1)!.text).toMatch(/cancelled by the traveller/);
      }
      await expectOrganizerViews(id, member.token);
      const key = `${row.status}${confirmedMails.length ? '+confirmed' : ''}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    console.info('confirm/cancel outcomes', outcomes);
  }, 300_000);
});

describe('the organizer declines while the traveller cancels', () => {
  it(`${AT_ONCE} at once, ${rounds} rounds: exactly one wins, the other side is told why`, async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      const date = await waitingDate(db(), 10, used);
      const { traveller, member, id } = await bookingOn(date);
      const [organizerWait, travellerWait] = round % 2 === 0 ? [0, round * 3] : [round * 3, 0];
      const calls = Array.from({ length: AT_ONCE }, (_, i) =>
        (i + round) % 2 === 0
          ? later(organizerWait, () =>
              api('POST', '/crm/api/partner/booking/decline', member.token, {
                id,
                reason: REASON,
              }),
            ).then((a) => ({ ...a, who: 'decline' }))
          : later(travellerWait, () =>
              api('POST', '/crm/api/request/cancel', traveller.token, { id }),
            ).then((a) => ({ ...a, who: 'cancel' })),
      );
      const answers = await Promise.all(calls);
      expectClearAnswers(answers, [200, 409]);
      const row = await stored(id);
      expect([5, 6]).toContain(row.status);
      const winner = row.status === 5 ? 'cancel' : 'decline';
      // The winner's side is answered 200 (a repeat is unchanged); the loser's all 409.
      for (const a of answers) expect(a.status, a.who).toBe(a.who === winner ? 200 : 409);
      for (const a of answers.filter((x) => x.status === 409)) {
        expect(a.body.message).toBe(
          winner === 'cancel'
            ? 'This booking was cancelled by the traveller'
            : 'This booking was cancelled by the organizer',
        );
      }
      const kinds = (await mailsAbout(id)).map((m) => m.kind);
      expect(kinds.filter((k) => k === 'booking-declined')).toHaveLength(
        winner === 'decline' ? 1 : 0,
      );
      expect(kinds.filter((k) => k === 'booking-canceled')).toHaveLength(
        winner === 'cancel' ? 1 : 0,
      );
      const places = await placesOf(db(), date.id);
      expect(places.free).toBe(10);
      await expectOrganizerViews(id, member.token);
      outcomes[winner] = (outcomes[winner] ?? 0) + 1;
    }
    console.info('decline/cancel outcomes', outcomes);
  }, 300_000);
});

describe('a confirmation runs the date while another traveller cancels', () => {
  it(`one request confirmed, another on its date cancelled, ${AT_ONCE} at once, ${rounds} rounds`, async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      const date = await waitingDate(db(), 10, used);
      const a = await bookingOn(date);
      const b = await bookingOn(date);
      expect([a.status, b.status]).toEqual([1, 1]);
      const calls = Array.from({ length: AT_ONCE }, (_, i) =>
        i % 2 === 0
          ? api('POST', '/crm/api/partner/booking/confirm', a.member.token, { id: a.id }).then(
              (x) => ({ ...x, who: 'confirm' }),
            )
          : later(round * 3, () =>
              api('POST', '/crm/api/request/cancel', b.traveller.token, { id: b.id }),
            ).then((x) => ({ ...x, who: 'cancel' })),
      );
      const answers = await Promise.all(calls);
      expectClearAnswers(answers, [200]);
      const [rowA, rowB] = [await stored(a.id), await stored(b.id)];
      expect(rowA.status).toBe(2);
      expect(rowB.status).toBe(5);
      const kindsB = (await mailsAbout(b.id)).map((m) => m.kind);
      const toldRunning = kindsB.filter(
        (k) => k === 'date-guaranteed' || k === 'booking-confirmed',
      );
      const cancelled = kindsB.filter((k) => k === 'booking-canceled');
      expect(cancelled, kindsB.join(',')).toHaveLength(1);
      expect(toldRunning.length, kindsB.join(',')).toBeLessThanOrEqual(1);
      if (toldRunning.length === 1) {
        // Confirmed by the date first, then cancelled: told in that order.
        expect(kindsB.indexOf(toldRunning[0]!)).toBeLessThan(kindsB.indexOf('booking-canceled'));
      }
      const places = await placesOf(db(), date.id);
      expect(places.free).toBe(8);
      expect(places.free + places.sold).toBe(places.capacity);
      await expectOrganizerViews(a.id, a.member.token);
      await expectOrganizerViews(b.id, a.member.token);
      const key = toldRunning.length ? 'B confirmed then cancelled' : 'B cancelled first';
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    console.info('confirm A / cancel B outcomes', outcomes);
  }, 300_000);
});

describe('the organizer declines or cancels while the payment arrives', () => {
  it(`${AT_ONCE} at once, ${rounds} rounds: money kept by a live booking or given back whole`, async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db(), 10, used);
      const { traveller, member, id, status } = await bookingOn(date);
      expect(status).toBe(2);
      const type = round % 2 === 0 ? 'prepayment' : 'full';
      const started = await api('POST', '/crm/api/payment/start', traveller.token, {
        request_id: id,
        payment_type: type,
        payment_method: 'card',
      });
      expect(started.status).toBe(200);
      const [payment] = await db()
        .select()
        .from(payments)
        .where(eq(payments.id, started.body.payment.id as number));
      const notice = successNoticeOf(payment!, SECRET);
      const url = started.body.redirect_url as string;
      const calls: Promise<{ status: number; body: Json; who: string }>[] = [];
      for (let i = 0; i < AT_ONCE; i += 1) {
        const kind = ['decline', 'cancel', 'callback', 'start', 'page'][(i + round) % 5]!;
        const tag = (p: Promise<{ status: number; body: Json }>) =>
          p.then((a) => ({ ...a, who: kind }));
        // The organizer's calls start later in later rounds, so the payment wins some.
        const wait = round * 10;
        if (kind === 'decline') {
          calls.push(
            tag(
              later(wait, () =>
                api('POST', '/crm/api/partner/booking/decline', member.token, {
                  id,
                  reason: REASON,
                }),
              ),
            ),
          );
        } else if (kind === 'cancel') {
          calls.push(
            tag(
              later(wait, () =>
                api('POST', '/crm/api/partner/booking/cancel', member.token, {
                  id,
                  reason: REASON,
                }),
              ),
            ),
          );
        } else if (kind === 'callback') {
          calls.push(tag(api('POST', '/crm/api/payment/callback/4', undefined, notice)));
        } else if (kind === 'start') {
          calls.push(
            tag(
              api('POST', '/crm/api/payment/start', traveller.token, {
                request_id: id,
                payment_type: type,
                payment_method: 'card',
              }),
            ),
          );
        } else {
          calls.push(
            submitCard(app(), url, TEST_CARDS.success).then((r) => ({
              status: r.statusCode,
              body: {} as Json,
              who: 'page',
            })),
          );
        }
      }
      const answers = await Promise.all(calls);
      const bad = answers.filter((a) => a.status >= 500);
      expect(bad.map((a) => `${a.who} ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
      expectClearAnswers(
        answers.filter((a) => a.who !== 'page'),
        [200, 409, 422],
      );
      // A decline of a confirmed booking is refused; of one the organizer cancelled meanwhile,
      // it is the same end (6) and answers it.
      for (const a of answers.filter((x) => x.who === 'decline')) {
        if (a.status !== 409)
          expect({ status: a.status, booking: a.body.status }).toEqual({ status: 200, booking: 6 });
      }
      // Finish what the race left, as the booking job would.
      const settle = bookingPayments(db());
      await settle.reconcile(PUBLIC_URL, new Date(Date.now() + 3_600_000));
      await settle.sendRefunds();
      const row = await stored(id);
      const books = await providerBooksOf(db(), id);
      const recorded = await db().select().from(refunds).where(eq(refunds.requestId, id));
      expect(
        recorded.every((r) => r.status === 2),
        JSON.stringify(recorded),
      ).toBe(true);
      expect(row.paid).toBeLessThanOrEqual(row.price);
      // The provider gave back exactly what Gallop recorded, never more than it charged.
      expect(books.refunded).toBe(row.refunded);
      expect(books.refunded).toBeLessThanOrEqual(books.charged);
      if (row.status === 6) {
        // Closed by the organizer: everything charged goes back, once.
        expect(row.refunded).toBe(books.charged);
      } else {
        expect([2, 3]).toContain(row.status);
        // Live: what was charged is kept as far as due, the rest went back.
        expect(row.paid).toBe(books.charged - row.refunded);
        expect(row.paid).toBeGreaterThan(0);
      }
      const places = await placesOf(db(), date.id);
      expect(places.free).toBe(row.status === 6 ? 10 : 8);
      const mails = await mailsAbout(id);
      const cancelMails = mails.filter((m) => m.kind === 'booking-canceled');
      expect(cancelMails.length).toBe(row.status === 6 ? 1 : 0);
      await expectOrganizerViews(id, member.token);
      const key = `${row.status}:${row.paid > 0 ? 'paid' : 'unpaid'}:${row.refunded > 0 ? 'refunded' : ''}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    console.info('decline/cancel vs payment outcomes', outcomes);
  }, 300_000);
});

describe("the organizer's cancel, retried with the web's key, while the traveller cancels", () => {
  it(`a paid booking, ${AT_ONCE} at once, ${rounds} rounds: one cancel, its refund, answers alike`, async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db(), 10, used);
      // 20 days ahead under the moderate policy: half back to the traveller, all from the organizer.
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      await db()
        .update(tourDates)
        .set({ startDate: day(20), endDate: day(25) })
        .where(eq(tourDates.id, date.id));
      await db()
        .update(tours)
        .set({ cancellationPolicy: 'moderate' })
        .where(eq(tours.id, date.tourId));
      const { traveller, member, id } = await bookingOn(date);
      const started = await api('POST', '/crm/api/payment/start', traveller.token, {
        request_id: id,
        payment_type: 'full',
        payment_method: 'card',
      });
      expect(started.status).toBe(200);
      const url = started.body.redirect_url as string;
      expect((await submitCard(app(), url, TEST_CARDS.success)).statusCode).toBe(303);
      const paid = await stored(id);
      expect(paid.status).toBe(3);
      const key = randomUUID();
      const calls = Array.from({ length: AT_ONCE }, (_, i) =>
        (i + round) % 2 === 0
          ? app()
              .inject({
                method: 'POST',
                url: '/crm/api/partner/booking/cancel',
                headers: { 'x-authorization': `Bearer ${member.token}`, 'idempotency-key': key },
                payload: { id, reason: REASON },
              })
              .then((r) => ({ status: r.statusCode, body: r.json() as Json, who: 'organizer' }))
          : later(round * 3, () =>
              api('POST', '/crm/api/request/cancel', traveller.token, { id }),
            ).then((a) => ({ ...a, who: 'traveller' })),
      );
      const answers = await Promise.all(calls);
      expectClearAnswers(answers, [200, 409]);
      const row = await stored(id);
      expect([5, 6]).toContain(row.status);
      const winner = row.status === 5 ? 'traveller' : 'organizer';
      for (const a of answers) expect(a.status, a.who).toBe(a.who === winner ? 200 : 409);
      const organizers = answers.filter((a) => a.who === 'organizer' && a.status === 200);
      for (const a of organizers) expect(a.body).toEqual(organizers[0]!.body);
      await bookingPayments(db()).sendRefunds();
      const recorded = await db().select().from(refunds).where(eq(refunds.requestId, id));
      const want = winner === 'organizer' ? paid.paid : Math.floor(paid.paid / 200) * 100;
      expect(recorded.filter((r) => r.reason === 'cancellation')).toHaveLength(want > 0 ? 1 : 0);
      expect(row.refunded).toBe(want);
      expect(recorded.every((r) => r.status === 2)).toBe(true);
      const books = await providerBooksOf(db(), id);
      expect(books.refunded).toBe(want);
      const kinds = (await mailsAbout(id)).map((m) => m.kind);
      expect(kinds.filter((k) => k === 'booking-canceled')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'support-booking-notice')).toHaveLength(1);
      expect((await placesOf(db(), date.id)).free).toBe(10);
      await expectOrganizerViews(id, member.token);
      outcomes[winner] = (outcomes[winner] ?? 0) + 1;
    }
    console.info('keyed organizer cancel / traveller cancel outcomes', outcomes);
  }, 300_000);
});

describe('riders change while the organizer answers or reads', () => {
  /**
   * Riders added while the organizer answers: on a waiting request whose date needs 3 riders (an
   * added rider reaches the minimum and confirms it as the organizer's answer does), and on a
   * confirmed booking the organizer cancels.
   */
  for (const shape of ['waiting', 'confirmed'] as const) {
    it(`adds riders while the organizer ${shape === 'waiting' ? 'confirms' : 'cancels'}, ${rounds} rounds`, async () => {
      const outcomes: Record<string, number> = {};
      for (let round = 0; round < rounds; round += 1) {
        const date =
          shape === 'waiting'
            ? await waitingDate(db(), 24, used, 3)
            : await dateWithSeats(db(), 24, used);
        const capacity = 24;
        const { traveller, member, id, uuid, status } = await bookingOn(date);
        expect(status).toBe(shape === 'waiting' ? 1 : 2);
        const organizerAt = new Set([(round * 3) % AT_ONCE, (round * 7 + 5) % AT_ONCE]);
        const calls = Array.from({ length: AT_ONCE }, (_, i) => {
          const kind = organizerAt.has(i)
            ? shape === 'waiting'
              ? 'confirm'
              : 'cancel'
            : i % 3 === 0
              ? 'read'
              : 'add';
          const tag = (p: Promise<{ status: number; body: Json }>) =>
            p.then((a) => ({ ...a, who: kind }));
          const wait = round * 8;
          if (kind === 'read')
            return tag(
              later(i, () => api('GET', `/crm/api/partner/booking?id=${id}`, member.token)),
            );
          if (kind === 'confirm')
            return tag(
              later(wait, () =>
                api('POST', '/crm/api/partner/booking/confirm', member.token, { id }),
              ),
            );
          if (kind === 'cancel')
            return tag(
              later(wait, () =>
                api('POST', '/crm/api/partner/booking/cancel', member.token, {
                  id,
                  reason: REASON,
                }),
              ),
            );
          return tag(
            api('POST', `/crm/api/request/add-tourists?uuid=${uuid}`, traveller.token, {
              tourists: [
                {
                  first_name: `Added${i}`,
                  last_name: 'Rider',
                  birthday: '1990-01-01',
                  weight: 60 + i,
                  level: 'novice',
                },
              ],
            }),
          );
        });
        const answers = await Promise.all(calls);
        expectClearAnswers(answers, [200, 201, 409]);
        // Each read of the organizer's page is one state of the booking: its seats, price and
        // riders agree (the riders a read lists are the ones its seats and price count).
        const torn: string[] = [];
        for (const read of answers.filter((a) => a.who === 'read')) {
          const tourists = read.body.tourists as Json[];
          const riding = tourists.filter((t) => t.rides !== false).length;
          if (read.body.status === 6) continue;
          if (read.body.seats !== riding)
            torn.push(`seats ${String(read.body.seats)} vs ${riding} riders`);
        }
        expect(torn).toEqual([]);
        const row = await stored(id);
        const riders = await db()
          .select()
          .from(bookingTourists)
          .where(eq(bookingTourists.requestId, id));
        const added = answers.filter((a) => a.who === 'add' && a.status < 300).length;
        expect(riders.length).toBe(2 + added);
        const places = await placesOf(db(), date.id);
        expect(places.free + places.sold).toBe(places.capacity);
        if (row.status === 6) expect(places.free).toBe(capacity);
        else {
          expect(row.seats).toBe(riders.filter((r) => r.rides).length);
          expect(places.free).toBe(capacity - row.seats);
        }
        // Each rider at the agreed per-person price.
        expect(row.price % riders.length).toBe(0);
        const mails = await mailsAbout(id);
        const kinds = mails.map((m) => m.kind);
        // Each rider added is told once: in the rider change's e-mail, or in the e-mail of the
        // guarantee the added rider brought (one e-mail per moment).
        const riderMails = kinds.filter((k) => k === 'booking-riders-changed').length;
        const guaranteed = kinds.filter((k) => k === 'date-guaranteed').length;
        expect([added, added - guaranteed], kinds.join(',')).toContain(riderMails);
        if (shape === 'waiting') {
          expect(row.status).toBe(2);
          // Confirmed once, whichever confirmed it: the organizer or the minimum group.
          const told = kinds.filter((k) => k === 'booking-confirmed' || k === 'date-guaranteed');
          expect(told, kinds.join(',')).toHaveLength(1);
        } else {
          expect(kinds.filter((k) => k === 'booking-canceled')).toHaveLength(
            row.status === 6 ? 1 : 0,
          );
        }
        await expectOrganizerViews(id, member.token);
        const key = `${row.status}:+${added}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }
      console.info(`add riders vs organizer (${shape}) outcomes`, outcomes);
    }, 300_000);
  }

  it(`changes a weight while the organizer reads, ${rounds} rounds; nobody else sees weights`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await dateWithSeats(db(), 10, used);
      const { traveller, member, id } = await bookingOn(date);
      const [, second] = await db()
        .select()
        .from(bookingTourists)
        .where(eq(bookingTourists.requestId, id))
        .orderBy(bookingTourists.position);
      const first = (
        await db().select().from(bookingTourists).where(eq(bookingTourists.requestId, id))
      ).find((t) => t.position === 0)!;
      const weights = new Set<number>([82.5]);
      const calls = Array.from({ length: AT_ONCE }, (_, i) => {
        if (i % 2 === 0) {
          const weight = 60 + i + round;
          weights.add(weight);
          return api('POST', `/crm/api/request/update-tourists?request_id=${id}`, traveller.token, {
            tourists: [
              {
                id: first.id,
                first_name: 'Maya',
                last_name: 'Hart',
                weight: 64,
                level: 'intermediate',
              },
              { id: second!.id, first_name: 'Tom', last_name: 'Hart', weight, level: 'advanced' },
            ],
          }).then((a) => ({ ...a, who: 'weight' }));
        }
        return api('GET', `/crm/api/partner/booking?id=${id}`, member.token).then((a) => ({
          ...a,
          who: 'read',
        }));
      });
      const answers = await Promise.all(calls);
      expectClearAnswers(answers, [200]);
      for (const read of answers.filter((a) => a.who === 'read')) {
        const tourists = read.body.tourists as Json[];
        expect(tourists).toHaveLength(2);
        expect(tourists[0]!.weight).toBe(64);
        expect(tourists[0]!.level).toBe('intermediate');
        expect(weights.has(tourists[1]!.weight as number), String(tourists[1]!.weight)).toBe(true);
        expect(tourists[1]!.level).toBe('advanced');
      }
      const { riders } = await expectOrganizerViews(id, member.token);
      expect(weights.has(riders[1]!.weight!)).toBe(true);
      // A member of another organizer, and a traveller who is nobody's member, see nothing of it.
      const [tour] = await db().select().from(tours).where(eq(tours.id, date.tourId));
      const [otherOrganizer] = await db()
        .select({ id: organizers.id })
        .from(organizers)
        .where(ne(organizers.id, tour!.organizerId))
        .limit(1);
      const outsider = await signUp(app());
      const [outsiderUser] = await db().select().from(users).where(eq(users.email, outsider.email));
      await db()
        .insert(organizerMembers)
        .values({ organizerId: otherOrganizer!.id, userId: outsiderUser!.id });
      const peek = await api('GET', `/crm/api/partner/booking?id=${id}`, outsider.token);
      expect(peek.status).toBe(404);
      const listed = await api('GET', '/crm/api/partner/bookings?status=all', outsider.token);
      expect((listed.body.items as Json[]).some((b) => b.id === id)).toBe(false);
      const stranger = await signUp(app());
      const theirs = await api('GET', `/crm/api/partner/booking?id=${id}`, stranger.token);
      expect(theirs.status).toBe(404);
    }
  }, 300_000);
});
