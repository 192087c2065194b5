/**
 * A booking sent with a token that opens no session (signed out elsewhere, expired) is a 401 to
 * refresh and send again, never a guest's booking made in a signed-in traveller's name: it would
 * sit outside their account, held as an unproven guest's (probe 2026-12-07, web failure states).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests } from '#src/db/schema/index.ts';
import {
  bearer,
  book,
  bookingScratchAppForFile,
  dateWithSeats,
  seatsOf,
  signUp,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('stale_token_booking');
const used = new Set<number>();
const SESSION_EXPIRED = 'The session has expired. Please sign in again.';

const bookingsOf = (email: string) =>
  db().select().from(bookingRequests).where(eq(bookingRequests.contactEmail, email));

async function signOut(token: string) {
  const response = await app().inject({
    method: 'POST',
    url: '/crm/api/user/logout',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
}

describe('a booking sent with a token that opens no session', () => {
  it('is a 401 to refresh, and books nothing as a guest', async () => {
    const date = await dateWithSeats(db(), 10, used);
    const traveller = await signUp(app());
    await signOut(traveller.token);

    const stale = await book(app(), date, { ...traveller, key: randomUUID() });
    expect(stale).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    const unknown = await book(app(), date, { email: traveller.email, token: 'not-a-session' });
    expect(unknown).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
    expect(await bookingsOf(traveller.email)).toEqual([]);
    expect(await seatsOf(db(), date.id)).toMatchObject({ sold: 0 });

    // Without a token the same form is a visitor's booking, as before.
    const guest = await book(app(), date, { email: traveller.email });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
  });

  it('adds no riders as a stranger: the owner with a stale token is told to refresh', async () => {
    const date = await dateWithSeats(db(), 10, used);
    const traveller = await signUp(app());
    const made = await book(app(), date, { ...traveller });
    expect(made.status).toBe(201);
    await signOut(traveller.token);
    const added = await app().inject({
      method: 'POST',
      url: `/crm/api/request/add-tourists?uuid=${String(made.body.uuid)}`,
      headers: bearer(traveller.token),
      payload: { tourists: [{ first_name: 'Ada', last_name: 'Hart' }] },
    });
    expect(added.statusCode, added.body).toBe(401);
    expect(added.json()).toMatchObject({ message: SESSION_EXPIRED });
  });
});
