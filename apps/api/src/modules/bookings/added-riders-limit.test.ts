/**
 * Riders added to a booking (`add-tourists`, decision 192) count against the booking's rider-list
 * limit of decision 190, after the owner check: each addition e-mails the organizer and the
 * booking's contact address, which may be anyone's, and writes in the chat. Measured before:
 * 30 additions of one rider, 30 × 200, 60 e-mails (30 to the organizer, 30 to the contact) and
 * 30 chat lines. And a cancelled booking says it was cancelled when riders are added to it
 * (410 on the add-riders page's read, 409 on the call), where a booking whose tour has begun
 * keeps "This booking can no longer be changed". On a scratch database with a limit of 7.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingTourists, tourDates } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { todayIso } from '#src/shared/dates.ts';
import { ADD_RIDERS_CANCELLED } from './rider-changes.ts';
import { chatCount, mailsTo, renameRider } from './testing-rider-lists.ts';
import {
  bearer,
  book,
  cancelBooking,
  dateWithSeats,
  signUp,
  tallyStatuses,
  uniqueEmail,
} from './testing-scratch.ts';

/** Also the bookings per address (`PUBLIC_WRITE_LIMIT`): the file makes 6 from one. */
const LIMIT = 7;
const CANNOT_CHANGE = 'This booking can no longer be changed';

const { app, db } = scratchAppForFile('added_riders_limit', { PUBLIC_WRITE_LIMIT: String(LIMIT) });
const used = new Set<number>();

async function addRider(token: string | undefined, uuid: string, firstName: string) {
  const response = await app().inject({
    method: 'POST',
    url: `/crm/api/request/add-tourists?uuid=${uuid}`,
    headers: bearer(token),
    payload: { tourists: [{ first_name: firstName, last_name: 'Probe', birthday: '1990-01-01' }] },
  });
  return { response, status: response.statusCode, body: response.json() as Json };
}

async function touristsInfo(token: string, uuid: string) {
  const response = await app().inject({
    method: 'GET',
    url: `/spa/tourists-info?uuid=${uuid}`,
    headers: bearer(token),
  });
  return { response, status: response.statusCode, body: response.json() as Json };
}

/** A booking of one rider by `owner` on a date of its own, `contact` its contact address. */
async function bookingOf(owner: { token: string }, contact: string) {
  const date = await dateWithSeats(db(), 40, used);
  const made = await book(app(), date, { token: owner.token, email: contact, riders: 1 });
  expect(made.status).toBe(201);
  const [rider] = made.body.tourists as { id: number }[];
  return {
    id: made.body.id as number,
    uuid: made.body.uuid as string,
    riderId: rider!.id,
    date,
  };
}

describe('adding riders again and again', () => {
  it('answers 429 with a captcha past the limit per booking, after the owner check', async () => {
    const owner = await signUp(app());
    // Someone else's address as the booking's contact: it hears of every addition.
    const contact = uniqueEmail('not-the-traveller');
    const booking = await bookingOf(owner, contact);
    const other = await bookingOf(owner, owner.email);

    // Signed out and another account are refused before they count: the owner's limit stays.
    const stranger = await signUp(app());
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await addRider(undefined, booking.uuid, `Nobody${i}`)).status).toBe(401);
      expect((await addRider(stranger.token, booking.uuid, `Stranger${i}`)).status).toBe(403);
    }

    const mailsBefore = await mailsTo(db(), contact);
    const chatBefore = await chatCount(db());
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const added = await addRider(owner.token, booking.uuid, `Spam${i}`);
      statuses.push(added.status);
      if (added.status === 429) {
        // A status the contract declares, with its captcha body.
        expect(expectContractResponse(added.response, 'addTourists')).toMatchObject({
          type: 'captcha',
          message: 'Too many requests. Please confirm you are not a robot.',
        });
      }
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    // Only the additions let through were told.
    expect(await mailsTo(db(), contact)).toBe(mailsBefore + LIMIT);
    expect(await chatCount(db())).toBeLessThanOrEqual(chatBefore + LIMIT);
    // One count per booking for its rider list, however it changes: the renames are used up too.
    expect((await renameRider(app(), owner.token, booking, 'Renamed')).status).toBe(429);

    // The count is the booking's: the owner's other booking takes riders on.
    expect((await addRider(owner.token, other.uuid, 'Ola')).status).toBe(200);
  }, 120_000);

  it('lets no more through when the additions come all at once', async () => {
    const owner = await signUp(app());
    const contact = uniqueEmail('not-the-traveller');
    const booking = await bookingOf(owner, contact);
    const mailsBefore = await mailsTo(db(), contact);
    const added = await Promise.all(
      Array.from({ length: LIMIT + 5 }, (_, i) => addRider(owner.token, booking.uuid, `Rush${i}`)),
    );
    expect(tallyStatuses(added)).toEqual({ 200: LIMIT, 429: 5 });
    const riders = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookingTourists)
      .where(eq(bookingTourists.requestId, booking.id));
    expect(riders[0]!.n).toBe(1 + LIMIT);
    expect(await mailsTo(db(), contact)).toBe(mailsBefore + LIMIT);
  }, 120_000);

  it('counts renames and additions of one booking together', async () => {
    const owner = await signUp(app());
    const booking = await bookingOf(owner, owner.email);
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await renameRider(app(), owner.token, booking, `Name${i}`)).status).toBe(200);
    }
    expect((await addRider(owner.token, booking.uuid, 'Late')).status).toBe(429);
  }, 120_000);
});

describe('adding riders to a booking that can no longer change', () => {
  it('says a cancelled booking was cancelled: 410 on its page, 409 on the call', async () => {
    const owner = await signUp(app());
    const booking = await bookingOf(owner, owner.email);
    expect((await cancelBooking(app(), owner.token, booking.id)).status).toBe(200);

    const page = await touristsInfo(owner.token, booking.uuid);
    expect(page.status).toBe(410);
    expect(expectContractResponse(page.response, 'getTouristsInfo')).toEqual({
      message: ADD_RIDERS_CANCELLED,
    });
    const added = await addRider(owner.token, booking.uuid, 'Late');
    expect(added.status).toBe(409);
    expect(expectContractResponse(added.response, 'addTourists')).toEqual({
      message: ADD_RIDERS_CANCELLED,
    });
    expect(ADD_RIDERS_CANCELLED).toBe(
      'This booking was cancelled, so riders can no longer be added',
    );
  }, 120_000);

  it('keeps "can no longer be changed" for a booking whose tour has begun', async () => {
    const owner = await signUp(app());
    const booking = await bookingOf(owner, owner.email);
    await db()
      .update(tourDates)
      .set({ startDate: todayIso(new Date()) })
      .where(eq(tourDates.id, booking.date.id));

    const page = await touristsInfo(owner.token, booking.uuid);
    expect(page.status).toBe(410);
    expect(page.body).toEqual({ message: CANNOT_CHANGE });
    const added = await addRider(owner.token, booking.uuid, 'Late');
    expect(added.status).toBe(409);
    expect(added.body).toEqual({ message: CANNOT_CHANGE });
  }, 120_000);
});
