/**
 * Replays of the payment calls, as an attacker and as an unlucky client: a start's
 * `idempotency_key` is its booking's (another booking or traveller with the key starts their
 * own), 20 starts with one key open one payment, and the provider's signed notice of one payment
 * applies to that payment only, once, as signed. On PostgreSQL (CI) the requests really overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests, payments } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import {
  book,
  dateWithSeats,
  signUp,
  tallyStatuses,
} from '#src/modules/bookings/testing-scratch.ts';
import { signCallback } from './sandbox-provider.ts';
import { successNoticeOf } from './testing.ts';

const SECRET = 'payment-secret-for-replays';
const { app, db } = scratchAppForFile('payment_replays', {
  PUBLIC_WRITE_LIMIT: '1000000',
  PUBLIC_URL: 'http://web.test',
  PAYMENT_SANDBOX_SECRET: SECRET,
});
const used = new Set<number>();
const AT_ONCE = 20;

async function post(url: string, payload: object, token?: string) {
  const response = await app().inject({
    method: 'POST',
    url,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    payload,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A signed-in traveller's confirmed booking, payable. */
async function payable() {
  const date = await dateWithSeats(db(), 10, used);
  const traveller = await signUp(app());
  const made = await book(app(), date, traveller);
  expect(made.status).toBe(201);
  return { token: traveller.token, id: made.body.id as number };
}

const start = (token: string, id: number, key: string, type = 'prepayment') =>
  post(
    '/crm/api/payment/start',
    { request_id: id, payment_type: type, payment_method: 'card', idempotency_key: key },
    token,
  );

const paymentRow = async (id: number) =>
  (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const bookingRow = async (id: number) =>
  (await db().select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const callback = (notice: object) => post('/crm/api/payment/callback/4', notice);

describe('a payment start replayed', () => {
  it(`opens one payment for ${AT_ONCE} starts with one key at once, and each booking its own`, async () => {
    const mine = await payable();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => start(mine.token, mine.id, key)),
    );
    expect(tallyStatuses(answers)).toEqual({ 200: AT_ONCE });
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const opened = await db().select().from(payments).where(eq(payments.requestId, mine.id));
    expect(opened).toHaveLength(1);

    // Another traveller's booking with the same key: their own payment.
    const theirs = await payable();
    const other = await start(theirs.token, theirs.id, key);
    expect(other.status).toBe(200);
    expect((other.body.payment as Json).id).not.toBe((answers[0]!.body.payment as Json).id);
    // Nobody starts a payment of a booking that is not theirs, with or without its key.
    expect((await start(theirs.token, mine.id, key)).status).toBe(403);
    // The key with another payment of the booking is refused.
    const full = await start(mine.token, mine.id, key, 'full');
    expect(full.status).toBe(422);
  }, 120_000);
});

describe("the provider's signed notice replayed", () => {
  it('applies to its own payment only, as signed, once', async () => {
    const [mine, theirs] = [await payable(), await payable()];
    const x = await paymentRow(
      ((await start(mine.token, mine.id, randomUUID())).body.payment as Json).id as number,
    );
    const y = await paymentRow(
      ((await start(theirs.token, theirs.id, randomUUID())).body.payment as Json).id as number,
    );
    const notice = successNoticeOf(x, SECRET);

    // X's notice moved onto Y, in part or whole: the signature no longer holds.
    expect((await callback({ ...notice, payment_id: y.id })).status).toBe(403);
    expect((await callback({ ...notice, provider_payment_id: y.providerPaymentId })).status).toBe(
      403,
    );
    expect(
      (await callback({ ...notice, payment_id: y.id, provider_payment_id: y.providerPaymentId }))
        .status,
    ).toBe(403);
    // Signed for Y's id with X's provider payment: not Y's payment.
    const crossed = { ...notice, payment_id: y.id };
    const crossSigned = { ...crossed, signature: signCallback(crossed, SECRET) };
    expect((await callback(crossSigned)).status).toBe(404);
    // Another card, or an amount and currency the contract does not take.
    expect((await callback({ ...notice, card_last4: '0002' })).status).toBe(403);
    const priced = await callback({ ...notice, amount: 1, currency: 'USD' });
    expect(priced.status).toBe(400);
    expect(priced.body.message).toEqual(expect.any(String));
    expect(await paymentRow(y.id)).toMatchObject({ status: 1 });
    expect(await paymentRow(x.id)).toMatchObject({ status: 1 });

    // The genuine notice, 20 times at once: paid once.
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => callback(notice)));
    expect(tallyStatuses(answers)).toEqual({ 200: AT_ONCE });
    expect(await paymentRow(x.id)).toMatchObject({ status: 2 });
    expect(await bookingRow(mine.id)).toMatchObject({ status: 3, paid: x.amount });
    expect(await bookingRow(theirs.id)).toMatchObject({ status: 2, paid: 0 });
  }, 120_000);
});
