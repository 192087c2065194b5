/**
 * A booking whose hold has ended but which the booking job has not released yet (decision 144):
 * a payment start is refused with 409, so the traveller's answer offers no payment (`can_pay`
 * false) and names no later day the balance is due. On a scratch database: the job runs in the
 * app every minute, and a payment opened before the end keeps the booking from release for 30
 * minutes, as it does for a traveller still on the provider's page. On PostgreSQL (CI) the
 * starts really overlap; on PGlite the same assertions hold one after another.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, payments } from '#src/db/schema/index.ts';
import { contractCaller } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import { DEFAULT_HOLD_HOURS, findRequest, toBookingRequest } from './records.ts';
import { book, dateWithSeats, signUp, tallyStatuses } from './testing-scratch.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const HOLD_ENDED =
  'The seats of this booking were held for a limited time, and that time has ended, so it can no longer be paid. Please book again.';
const rounds = testDatabaseKind() === 'postgres' ? 5 : 2;

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('hold_ended', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const call = contractCaller(app);

/** A signed-in traveller's confirmed two-rider booking (status 2, nothing paid, payable). */
async function confirmedBooking() {
  const date = await dateWithSeats(db, 10, used);
  const traveller = await signUp(app());
  const { status, body } = await book(app(), date, { ...traveller, riders: 2 });
  expect(status).toBe(201);
  expect(body).toMatchObject({ status: 2, paid: 0, can_pay: true });
  return { id: body.id as number, token: traveller.token };
}

const start = (
  booking: { id: number; token: string },
  type: 'prepayment' | 'full',
  method: 'card' | 'sbp',
  key: string = randomUUID(),
) =>
  app().inject({
    method: 'POST',
    url: '/crm/api/payment/start',
    headers: { 'x-authorization': `Bearer ${booking.token}`, 'idempotency-key': key },
    payload: { request_id: booking.id, payment_type: type, payment_method: method },
  });

const answerOf = async (booking: { id: number; token: string }) => {
  const { status, body } = await call(
    'getBookingRequest',
    'GET',
    `/crm/api/request/get?id=${booking.id}`,
    { token: booking.token },
  );
  expect(status).toBe(200);
  return body;
};

describe('a booking whose hold ended a minute ago, not yet released', () => {
  it(`offers no payment and refuses every start with 409, ${rounds} rounds of starts at once`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const booking = await confirmedBooking();
      // The traveller opened a prepayment while the hold ran: the job waits for it.
      const key = randomUUID();
      const opened = await start(booking, 'prepayment', 'card', key);
      expect(opened.statusCode, opened.body).toBe(200);
      const openId = (opened.json() as { payment: { id: number } }).payment.id;
      const holdEnd = new Date(Date.now() - MINUTE);
      await db
        .update(bookingRequests)
        .set({ createdAt: new Date(holdEnd.getTime() - DEFAULT_HOLD_HOURS * HOUR) })
        .where(eq(bookingRequests.id, booking.id));
      await db
        .update(payments)
        .set({ createdAt: new Date(holdEnd.getTime() - MINUTE) })
        .where(eq(payments.id, openId));

      const answer = await answerOf(booking);
      expect(answer).toMatchObject({
        status: 2,
        paid: 0,
        can_pay: false,
        hold_until: holdEnd.toISOString(),
        balance_due_by: null,
      });
      // The booking's list says the same.
      const list = await call('listBookingRequests', 'GET', '/crm/api/request/list', {
        token: booking.token,
      });
      const listed = (list.body.items as { id: number }[]).find((item) => item.id === booking.id);
      expect(listed).toMatchObject({ can_pay: false, balance_due_by: null });

      // Every kind of start, at once, each with a key of its own: all refused, nothing opened.
      const kinds = [
        ['prepayment', 'card'],
        ['prepayment', 'sbp'],
        ['full', 'card'],
        ['full', 'sbp'],
      ] as const;
      const refused = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const [type, method] = kinds[i % kinds.length]!;
          return start(booking, type, method);
        }),
      );
      expect(tallyStatuses(refused.map((answer) => ({ status: answer.statusCode })))).toEqual({
        409: 12,
      });
      for (const answer of refused) expect(answer.json()).toEqual({ message: HOLD_ENDED });
      const open = await db
        .select()
        .from(payments)
        .where(and(eq(payments.requestId, booking.id), eq(payments.status, 1)));
      expect(open.map((payment) => payment.id)).toEqual([openId]);
      // Not released meanwhile: the refusal came from the hold's end, not from a release.
      expect((await findRequest(db, booking.id))!.status).toBe(2);
    }
  }, 120_000);

  it('turns at the end of the hold, as the payment start does', async () => {
    const booking = await confirmedBooking();
    const row = (await findRequest(db, booking.id))!;
    const holdEnd = new Date(row.createdAt.getTime() + DEFAULT_HOLD_HOURS * HOUR);
    const rates = await createRatesCache(db).get();
    const at = (now: Date) =>
      toBookingRequest(db, row, { reader: 'traveller', currency: row.currency, rates, now });

    const before = await at(new Date(holdEnd.getTime() - MINUTE));
    expect(before).toMatchObject({ can_pay: true, hold_until: holdEnd.toISOString() });
    expect(before.balance_due_by).not.toBeNull();
    // payments.ts refuses from the end itself on (`<=`): so does the answer.
    for (const now of [holdEnd, new Date(holdEnd.getTime() + MINUTE)]) {
      expect(await at(now)).toMatchObject({
        can_pay: false,
        hold_until: holdEnd.toISOString(),
        balance_due_by: null,
      });
    }
  });
});
