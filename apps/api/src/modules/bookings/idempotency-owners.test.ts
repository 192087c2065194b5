/**
 * An `Idempotency-Key` belongs to whoever sent it: the same key sent by another traveller, guest
 * or organizer member is their own request, never answered with someone else's booking and never
 * refused because someone else used it first (as Stripe scopes keys to an account). The owner's
 * own key with another request is still the 422. On PostgreSQL (CI) the requests really overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests, bookingTourists, idempotencyKeys } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import {
  book,
  bookingScratchAppForFile,
  dateWithSeats,
  organizerMemberOf,
  seatsOf,
  signUp,
  tallyStatuses,
  uniqueEmail,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('idempotency_owners');
const used = new Set<number>();
const KEY_REUSED = 'This Idempotency-Key was already used for another request';
const AT_ONCE = 20;

async function post(token: string, url: string, payload: object, key: string) {
  const response = await app().inject({
    method: 'POST',
    url,
    headers: { 'x-authorization': `Bearer ${token}`, 'idempotency-key': key },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const ridersOf = async (id: number) =>
  (await db().select().from(bookingTourists).where(eq(bookingTourists.requestId, id))).length;

describe('one Idempotency-Key sent by several owners', () => {
  it('books for each traveller who sends it, and still refuses the owner another request', async () => {
    const date = await dateWithSeats(db(), 40, used);
    const other = await dateWithSeats(db(), 40, used);
    const key = randomUUID();
    const first = await signUp(app());
    const made = await book(app(), date, { ...first, key });
    expect(made.status).toBe(201);

    // Another traveller, another date and body, the same key: their own booking.
    const second = await signUp(app());
    const theirs = await book(app(), other, { ...second, riders: 2, key });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.body.id).not.toBe(made.body.id);
    expect(await seatsOf(db(), other.id)).toMatchObject({ sold: 2 });
    // Replayed to each owner as their own.
    expect(await book(app(), other, { ...second, riders: 2, key })).toEqual(theirs);
    expect(await book(app(), date, { ...first, key })).toEqual(made);
    // The owner's key with another request is still refused.
    const changed = await book(app(), date, { ...first, riders: 3, key });
    expect(changed).toMatchObject({ status: 422, body: { message: KEY_REUSED } });

    // A guest with another address, the same key: their own booking too.
    const guest = await book(app(), date, { email: uniqueEmail('guest'), key });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    expect(guest.body.id).not.toBe(made.body.id);
  });

  it(`books once for each of ${AT_ONCE} travellers sending one key at once`, async () => {
    const date = await dateWithSeats(db(), AT_ONCE, used);
    const key = randomUUID();
    const travellers = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(app())));
    const answers = await Promise.all(travellers.map((t) => book(app(), date, { ...t, key })));
    expect(tallyStatuses(answers)).toEqual({ 201: AT_ONCE });
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(AT_ONCE);
    expect(await seatsOf(db(), date.id)).toMatchObject({ free: 0, sold: AT_ONCE });
  }, 120_000);

  it('adds riders to each owner’s booking sent with one key', async () => {
    const date = await dateWithSeats(db(), 10, used);
    const key = randomUUID();
    const owners = [await signUp(app()), await signUp(app())];
    const bookings = [];
    for (const owner of owners) bookings.push((await book(app(), date, owner)).body);
    const tourists = { tourists: [{ first_name: 'Extra', last_name: 'Rider', weight: 70 }] };
    for (const [n, owner] of owners.entries()) {
      const url = `/crm/api/request/add-tourists?uuid=${bookings[n]!.uuid as string}`;
      const added = await post(owner.token, url, tourists, key);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(await ridersOf(bookings[n]!.id as number)).toBe(2);
    }
  });

  it("cancels each member's booking sent with one key", async () => {
    const date = await dateWithSeats(db(), 10, used);
    const key = randomUUID();
    for (let n = 0; n < 2; n += 1) {
      const made = await book(app(), date, await signUp(app()));
      const member = await organizerMemberOf(app(), db(), date);
      const payload = { id: made.body.id, reason: 'The guides are not available' };
      const cancelled = await post(member.token, '/crm/api/partner/booking/cancel', payload, key);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const [row] = await db()
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, made.body.id as number));
      expect(row!.status).toBe(6);
    }
  });

  it('replays a key saved before keys had owners to its own retry (a deploy crossing)', async () => {
    const date = await dateWithSeats(db(), 40, used);
    const traveller = await signUp(app());
    const key = randomUUID();
    const made = await book(app(), date, { ...traveller, key });
    expect(made.status).toBe(201);
    // As the key was saved before the deploy that scoped keys: the operation alone.
    await db()
      .update(idempotencyKeys)
      .set({ scope: 'createBookingRequest' })
      .where(eq(idempotencyKeys.key, key));
    const retried = await Promise.all(
      Array.from({ length: 5 }, () => book(app(), date, { ...traveller, key })),
    );
    expect(retried).toEqual(retried.map(() => made));
    expect(await seatsOf(db(), date.id)).toMatchObject({ sold: 1 });
    // Another traveller with that key books for themselves.
    const other = await book(app(), date, { ...(await signUp(app())), key });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(made.body.id);
  });
});
