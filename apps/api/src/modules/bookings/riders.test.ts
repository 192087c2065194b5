/**
 * Riders of a booking (issue 42): who may add them through the booking's link, and what the
 * owner's edits and removals do to seats, on a scratch database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, bookingTourists, tours } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { ADD_RIDERS_OWNER_ONLY, ADD_RIDERS_SIGN_IN } from './rider-changes.ts';
import { RIDER_TWICE } from './tourists.ts';
import {
  book,
  dateWithSeats,
  latestMessageAbout,
  messagesAbout,
  seatsOf,
  signUp,
  uniqueEmail,
  bearer,
  signInWithEmailCode,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();

beforeAll(async () => {
  scratch = await buildScratchApp('riders', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

async function addRiders(uuid: string, token?: string, riders = 1) {
  const response = await app().inject({
    method: 'POST',
    url: `/crm/api/request/add-tourists?uuid=${uuid}`,
    headers: bearer(token),
    payload: {
      tourists: Array.from({ length: riders }, (_, i) => ({
        first_name: `Friend${i}`,
        last_name: 'Berg',
      })),
    },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

async function setRiders(token: string, id: number, tourists: object[]) {
  const response = await app().inject({
    method: 'POST',
    url: `/crm/api/request/update-tourists?request_id=${id}`,
    headers: bearer(token),
    payload: { tourists },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const signInWithCode = (email: string) => signInWithEmailCode(app(), db, email);

/** A signed-in traveller's booking of `riders` on a fresh date of `capacity` seats. */
async function ownBooking(riders: number, capacity = 10) {
  const date = await dateWithSeats(db, capacity, used);
  const owner = await signUp(app());
  const { status, body } = await book(app(), date, { ...owner, riders });
  expect(status).toBe(201);
  return { date, owner, booking: body };
}

describe('adding riders through the booking link', () => {
  it('refuses a signed-out link holder with 401 and a message, and takes no seat', async () => {
    const { date, booking } = await ownBooking(1);
    const refused = await addRiders(booking.uuid as string);
    expect(refused).toEqual({ status: 401, body: { message: ADD_RIDERS_SIGN_IN } });
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 9, sold: 1 });
  });

  it('refuses another account with 403', async () => {
    const { date, booking } = await ownBooking(1);
    const stranger = await signUp(app());
    const refused = await addRiders(booking.uuid as string, stranger.token);
    expect(refused).toEqual({ status: 403, body: { message: ADD_RIDERS_OWNER_ONLY } });
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 9, sold: 1 });
  });

  it('lets the signed-in owner add riders, who take seats and price', async () => {
    const { date, owner, booking } = await ownBooking(1);
    const added = await addRiders(booking.uuid as string, owner.token, 2);
    expect(added.status).toBe(200);
    expect(added.body.tourists.map((t: Json) => t.first_name)).toEqual([
      'Maya',
      'Friend0',
      'Friend1',
    ]);
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 7, sold: 3 });
    const [row] = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, booking.id as number));
    expect(row).toMatchObject({ seats: 3, price: (booking.price as number) * 100 * 3 });
  });

  it('lets a guest booking’s link holder add riders once the contact e-mail is proven by code', async () => {
    const date = await dateWithSeats(db, 10, used);
    const email = uniqueEmail('guest');
    const { status, body: booking } = await book(app(), date, { email });
    expect(status).toBe(201);
    expect((await addRiders(booking.uuid as string)).status).toBe(401);

    const token = await signInWithCode(email);
    const added = await addRiders(booking.uuid as string, token);
    expect(added.status).toBe(200);
    expect(added.body.tourists).toHaveLength(2);
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 8, sold: 2 });
  });
});

describe('the owner edits and removes riders', () => {
  it('refuses a rider named twice in one change, by the owner or through the link', async () => {
    const { owner, booking } = await ownBooking(2);
    const [first, second] = booking.tourists as Json[];
    const id = booking.id as number;
    const twice = [
      { id: first!.id, first_name: 'Maya', last_name: 'Hart', weight: 60 },
      { id: second!.id, first_name: 'Leo', last_name: 'Hart', weight: 60 },
      { id: second!.id, first_name: 'Leo', last_name: 'Hart', weight: 110 },
    ];
    const byOwner = await setRiders(owner.token, id, twice);
    expect(byOwner.status).toBe(422);
    expect(byOwner.body.errors).toEqual({ 'tourists.2.id': [RIDER_TWICE] });
    const byLink = await app().inject({
      method: 'POST',
      url: `/crm/api/request/update-tourists-questionnaires?uuid=${booking.uuid as string}&id=${id}`,
      payload: {
        tourists: [
          { id: second!.id, first_name: 'Leo', last_name: 'Hart' },
          { id: second!.id, first_name: 'Lea', last_name: 'Hart' },
        ],
      },
    });
    expect(byLink.statusCode).toBe(422);
    expect(byLink.json().errors).toEqual({ 'tourists.1.id': [RIDER_TWICE] });
    // Nothing changed.
    const stored = await db
      .select({ firstName: bookingTourists.firstName, weight: bookingTourists.weight })
      .from(bookingTourists)
      .where(eq(bookingTourists.requestId, id))
      .orderBy(bookingTourists.position);
    expect(stored.map((rider) => rider.firstName)).toEqual([
      first!.first_name as string,
      second!.first_name as string,
    ]);
  });

  it('keeps seats right when riders are edited and removed in one change', async () => {
    const { date, owner, booking } = await ownBooking(3);
    const [first, second, third] = booking.tourists as Json[];
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 7, sold: 3 });

    const edited = await setRiders(owner.token, booking.id as number, [
      { id: first!.id, first_name: 'Maya', last_name: 'Hart', email: 'maya@example.com' },
      {
        id: second!.id,
        first_name: 'Leo',
        last_name: 'Hart',
        birthday: '2012-05-01',
        phone: '+14155550123',
        food_restriction: 'No nuts',
        weight: 48,
      },
    ]);
    expect(edited.status).toBe(200);
    expect(edited.body.tourists).toHaveLength(2);
    expect(edited.body.tourists[1]).toMatchObject({
      id: second!.id,
      full_name: 'Leo Hart',
      birthday: '2012-05-01',
      phone: '+14155550123',
      food_restriction: 'No nuts',
      weight: 48,
    });
    expect(edited.body.tourists.some((t: Json) => t.id === third!.id)).toBe(false);
    expect(edited.body.price).toBeCloseTo(((booking.price as number) / 3) * 2, 2);
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 8, sold: 2 });

    // Only the details change: no seat moves.
    const renamed = await setRiders(owner.token, booking.id as number, [
      { id: first!.id, first_name: 'Maya', last_name: 'Hart-Berg' },
      { id: second!.id, first_name: 'Leo', last_name: 'Hart' },
    ]);
    expect(renamed.status).toBe(200);
    expect(renamed.body.tourists[0].full_name).toBe('Maya Hart-Berg');
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 8, sold: 2 });
  });

  it('tells no one of a save that changes nothing, and counts only the riders changed', async () => {
    const { owner, booking } = await ownBooking(2);
    const [first, second] = booking.tourists as Json[];
    const id = booking.id as number;
    const riders = [
      { id: first!.id, first_name: 'Maya', last_name: 'Hart' },
      { id: second!.id, first_name: 'Rider1', last_name: 'Hart' },
    ];
    const notices = async () => (await messagesAbout(db, id, 'booking-riders-changed')).length;
    const updatedAt = async () =>
      (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!.updatedAt;
    const before = await notices();
    const changedAt = await updatedAt();
    for (let i = 0; i < 3; i += 1) {
      const same = await setRiders(owner.token, id, riders);
      expect(same.status).toBe(200);
      expect(same.body.price).toBe(booking.price);
    }
    expect(await notices()).toBe(before);
    expect(await updatedAt()).toEqual(changedAt);

    const one = await setRiders(owner.token, id, [
      riders[0]!,
      { ...riders[1]!, food_restriction: 'Vegan' },
    ]);
    expect(one.status).toBe(200);
    const told = await messagesAbout(db, id, 'booking-riders-changed');
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.body).toContain('(1 rider updated: Rider1 Hart)');
    // The organizer reads what changed, not only who.
    const organizer = await latestMessageAbout(db, id, 'organizer-booking-notice');
    expect(organizer!.body).toContain('Updated:\n- Rider1 Hart: food: Vegan');
  });

  it('holds riders added or given a new birthday to the tour’s riding ages', async () => {
    const { date, owner, booking } = await ownBooking(1);
    await db
      .update(tours)
      .set({ minAge: 0, minRidingAge: 14, maxRidingAge: 70 })
      .where(eq(tours.id, date.tourId));
    const [first] = booking.tourists as Json[];
    const id = booking.id as number;
    const years = (n: number) =>
      `${Number(date.startDate.slice(0, 4)) - n}${date.startDate.slice(4)}`;
    const maya = { id: first!.id, first_name: 'Maya', last_name: 'Hart' };
    const young = await setRiders(owner.token, id, [
      maya,
      { first_name: 'Leo', last_name: 'Hart', birthday: years(13) },
    ]);
    expect(young.status).toBe(422);
    expect(young.body.errors).toEqual({
      'tourists.1.birthday': ['Riders must be at least 14 on the first day'],
    });
    const old = await setRiders(owner.token, id, [{ ...maya, birthday: years(71) }]);
    expect(old.status).toBe(422);
    expect(old.body.errors).toEqual({
      'tourists.0.birthday': ['Riders must be at most 70 on the first day'],
    });
    const ofAge = await setRiders(owner.token, id, [
      maya,
      { first_name: 'Leo', last_name: 'Hart', birthday: years(14) },
    ]);
    expect(ofAge.status).toBe(200);
    expect(ofAge.body.tourists).toHaveLength(2);
  });

  it('refuses to remove the first rider, and never offers it', async () => {
    const { date, owner, booking } = await ownBooking(2);
    const [first, second] = booking.tourists as Json[];
    expect(first).toMatchObject({ can_edit: true, can_delete: false });
    expect(second).toMatchObject({ can_edit: true, can_delete: true });

    const refused = await setRiders(owner.token, booking.id as number, [
      { id: second!.id, first_name: 'Rider1', last_name: 'Hart' },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The first tourist cannot be removed');
    expect(await seatsOf(db, date.id)).toMatchObject({ free: 8, sold: 2 });
  });

  it('offers no removal that would price a paid booking below what is paid', async () => {
    const { owner, booking } = await ownBooking(2);
    const id = booking.id as number;
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
    await db
      .update(bookingRequests)
      .set({ status: 3, paid: row!.price })
      .where(eq(bookingRequests.id, id));
    const read = await app().inject({
      url: `/crm/api/request/get?id=${id}`,
      headers: bearer(owner.token),
    });
    const [, second] = (read.json() as Json).tourists as Json[];
    expect(second).toMatchObject({ can_edit: true, can_delete: false });
    const refused = await setRiders(owner.token, id, [
      { id: booking.tourists[0].id, first_name: 'Maya', last_name: 'Hart' },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/paid/);
  });

  it('offers no change once the booking is cancelled', async () => {
    const { owner, booking } = await ownBooking(2);
    const cancelled = await app().inject({
      method: 'POST',
      url: '/crm/api/request/cancel',
      headers: bearer(owner.token),
      payload: { id: booking.id },
    });
    expect(cancelled.statusCode).toBe(200);
    const tourists = (cancelled.json() as Json).tourists as Json[];
    expect(tourists.every((t) => !t.can_edit && !t.can_delete)).toBe(true);
    const refused = await setRiders(owner.token, booking.id as number, [
      { id: tourists[0]!.id, first_name: 'Maya', last_name: 'Hart' },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This booking can no longer be changed');
  });
});
