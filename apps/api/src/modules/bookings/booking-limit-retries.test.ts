/**
 * The booking limit (10 a quarter-hour per address) counts bookings, not retries: a request that
 * repeats an `Idempotency-Key` while the key's first request is still in flight waits for its
 * answer instead of being counted, and a request refused by the limit gives its key back, so the
 * traveller's retry after the captcha still books. On PostgreSQL (CI) the requests really overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import {
  bookingScratchAppForFile,
  dateWithSeats,
  seatsOf,
  tallyStatuses,
  uniqueEmail,
  type TourDateRow,
} from './testing-scratch.ts';

const LIMIT = 10;
const { app, db } = bookingScratchAppForFile('booking_limit_retries', {
  PUBLIC_WRITE_LIMIT: String(LIMIT),
});
const used = new Set<number>();
const AT_ONCE = 20;

/** A documentation-range address per test: the limit counts per address. */
const visitor = () =>
  `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function bookAsGuest(
  date: Pick<TourDateRow, 'id' | 'tourId'>,
  ip: string,
  email: string,
  key?: string,
) {
  const response = await app().inject({
    method: 'POST',
    url: '/crm/api/request/create',
    remoteAddress: ip,
    headers: key ? { 'idempotency-key': key } : {},
    payload: {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: [{ first_name: 'Maya', last_name: 'Hart' }],
      contact: { name: 'Maya Hart', email, phone: '+14155550199' },
    },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

describe('the booking limit and retries of one key', () => {
  it(`counts ${AT_ONCE} sends of one keyed booking at once as one booking`, async () => {
    const date = await dateWithSeats(db(), 100, used);
    const ip = visitor();
    const email = uniqueEmail('retry');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => bookAsGuest(date, ip, email, key)),
    );
    expect(tallyStatuses(answers)).toEqual({ 201: AT_ONCE });
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await seatsOf(db(), date.id)).toMatchObject({ sold: 1 });

    // The address has used one booking of its ten: nine more go through, the next is refused.
    for (let n = 1; n < LIMIT; n += 1) {
      const next = await bookAsGuest(date, ip, uniqueEmail('next'));
      expect(next.status, `booking ${n + 1}: ${JSON.stringify(next.body)}`).toBe(201);
    }
    const over = await bookAsGuest(date, ip, uniqueEmail('over'));
    expect(over).toMatchObject({ status: 429, body: { type: 'captcha' } });
  }, 120_000);

  it('gives a refused booking’s key back, so nothing is saved under it', async () => {
    const date = await dateWithSeats(db(), 100, used);
    const ip = visitor();
    for (let n = 0; n < LIMIT; n += 1) {
      expect((await bookAsGuest(date, ip, uniqueEmail('fill'))).status).toBe(201);
    }
    const key = randomUUID();
    const refused = await bookAsGuest(date, ip, uniqueEmail('refused'), key);
    expect(refused).toMatchObject({ status: 429, body: { type: 'captcha' } });
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual(
      [],
    );
    expect(await seatsOf(db(), date.id)).toMatchObject({ sold: LIMIT });
  });
});
