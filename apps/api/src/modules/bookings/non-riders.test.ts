/**
 * Companions who come along without riding (issue 47, decision 118): each takes one of the
 * date's non-rider beds in the same conditional update as the seats and heavier horses, gives it
 * back with them, and pays the date's non-rider price. On PostgreSQL (CI) the requests really
 * overlap; on PGlite they run one after another and the same assertions hold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { organizerMembers, tours, users } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import {
  book,
  dateWithSeats,
  placesOf,
  signUp,
  uniqueEmail,
  type TourDateRow,
  tallyStatuses,
  cancelBooking,
} from './testing-scratch.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const onPostgres = testDatabaseKind() === 'postgres';

/** 450.00 of the date's currency a non-rider. */
const NON_RIDER_PRICE = 45_000;
const NO_BEDS = 'No places for non-riders are left on this date';

beforeAll(async () => {
  scratch = await buildScratchApp('non_riders', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const auth = (token: string) => ({ 'x-authorization': `Bearer ${token}` });

/** A new date of `seats` seats and `beds` non-rider beds, on a tour that welcomes non-riders. */
async function nonRiderDate(
  seats: number,
  beds: number,
  { welcome = true, price = NON_RIDER_PRICE as number | null } = {},
): Promise<TourDateRow> {
  const date = await dateWithSeats(db, seats, used, {
    nonRiderPlaces: price === null ? 0 : beds,
    nonRiderPrice: price,
  });
  await db.update(tours).set({ nonRidersWelcome: welcome }).where(eq(tours.id, date.tourId));
  return date;
}

const tally = tallyStatuses;

const cancel = async (token: string, id: number) => (await cancelBooking(app(), token, id)).status;

describe('non-rider beds under concurrency', () => {
  const rounds = onPostgres ? 5 : 1;

  it(`gives 2 beds to 100 bookings with a non-rider at once, ${rounds} rounds: never more`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      // Seats for everyone: only the non-rider beds are short.
      const date = await nonRiderDate(250, 2);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          book(app(), date, { email: uniqueEmail('walker'), riders: 1, nonRiders: 1 }),
        ),
      );
      expect(tally(answers)).toEqual({ 201: 2, 422: 98 });
      const refused = answers.find((answer) => answer.status === 422)!.body;
      expect(refused).toEqual({ message: NO_BEDS, errors: { tourists: [NO_BEDS] } });
      expect(await placesOf(db, date.id)).toMatchObject({
        free: 248,
        sold: 2,
        heavyFree: 0,
        nonRidersFree: 0,
        nonRidersSold: 2,
      });
    }
  }, 240_000);

  it('never takes a bed for two non-riders when one is left, under mixed sizes', async () => {
    const date = await nonRiderDate(100, 2);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        book(app(), date, { email: uniqueEmail('mixed'), riders: 1, nonRiders: (i % 2) + 1 }),
      ),
    );
    const places = await placesOf(db, date.id);
    expect(places.nonRidersSold).toBe(2);
    expect(places.nonRidersFree).toBe(0);
    // Every booking made holds one seat for its rider: non-riders never take seats.
    expect(places.sold).toBe(tally(answers)[201]);
    expect(places.free).toBe(100 - places.sold);
  }, 120_000);

  it('lets riders-only bookings through when the non-rider beds are full', async () => {
    const date = await nonRiderDate(6, 1);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        book(app(), date, { email: uniqueEmail('with'), riders: 1, nonRiders: 1 }),
      ),
      ...Array.from({ length: 10 }, () =>
        book(app(), date, { email: uniqueEmail('riders'), riders: 1 }),
      ),
    ]);
    const withCompanion = tally(answers.slice(0, 10));
    const ridersOnly = tally(answers.slice(10));
    expect(withCompanion[201]).toBe(1);
    expect(ridersOnly[201]).toBe(5);
    expect(await placesOf(db, date.id)).toMatchObject({
      free: 0,
      sold: 6,
      nonRidersFree: 0,
      nonRidersSold: 1,
    });
  }, 120_000);

  it('gives the beds back once when the same booking is cancelled many times at once', async () => {
    const date = await nonRiderDate(10, 3);
    const owner = await signUp(app());
    const made = await book(app(), date, { ...owner, riders: 1, nonRiders: 2 });
    expect(made.status).toBe(201);
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 1 });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => cancel(owner.token, made.body.id as number)),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await placesOf(db, date.id)).toMatchObject({
      free: 10,
      sold: 0,
      nonRidersFree: 3,
      nonRidersSold: 0,
    });
    // Cancelled, rebooked at once: still never more than the date's beds.
    const rebook = await Promise.all(
      Array.from({ length: 20 }, () =>
        book(app(), date, { email: uniqueEmail('again'), riders: 1, nonRiders: 1 }),
      ),
    );
    expect(tally(rebook)).toEqual({ 201: 3, 422: 17 });
    expect(await placesOf(db, date.id)).toMatchObject({ nonRidersFree: 0, nonRidersSold: 3 });
  }, 120_000);
});

describe('the price with non-riders', () => {
  it('is riders times the rider price plus non-riders times their price, in whole units', async () => {
    const date = await nonRiderDate(10, 4);
    const currency = date.currency;
    const ridersOnly = await book(app(), date, { email: uniqueEmail(), riders: 2, currency });
    const withTwo = await book(app(), date, {
      email: uniqueEmail(),
      riders: 2,
      nonRiders: 2,
      currency,
    });
    expect(ridersOnly.status).toBe(201);
    expect(withTwo.status).toBe(201);
    const riderPrice = Math.round(date.price / 100);
    expect(ridersOnly.body).toMatchObject({ price: 2 * riderPrice, non_riders: 0 });
    expect(ridersOnly.body.non_rider_price).toBeNull();
    expect(withTwo.body).toMatchObject({
      price: 2 * riderPrice + 2 * 450,
      non_riders: 2,
      non_rider_price: 450,
      currency,
    });
    const tourists = withTwo.body.tourists as Json[];
    expect(tourists.map((t) => t.rides)).toEqual([true, true, false, false]);
  });

  it('converts the non-rider price like the rider price in another currency', async () => {
    const date = await nonRiderDate(10, 4);
    const other = date.currency === 'EUR' ? 'USD' : 'EUR';
    const ridersOnly = await book(app(), date, { email: uniqueEmail(), currency: other });
    const withOne = await book(app(), date, {
      email: uniqueEmail(),
      nonRiders: 1,
      currency: other,
    });
    expect(withOne.status).toBe(201);
    const nonRiderPrice = withOne.body.non_rider_price as number;
    expect(Number.isInteger(nonRiderPrice)).toBe(true);
    expect(nonRiderPrice).toBeGreaterThan(0);
    expect(withOne.body.price).toBe((ridersOnly.body.price as number) + nonRiderPrice);
    // The date shows the same converted price the booking charges.
    expect((withOne.body.tour_date as Json).non_rider_price).toBe(nonRiderPrice);
  });
});

describe('non-riders refused', () => {
  const walker = { first_name: 'Ann', last_name: 'Hart', rides: false };
  const rider = { first_name: 'Maya', last_name: 'Hart' };
  const body = (date: TourDateRow, tourists: object[]) => ({
    tour_id: date.tourId,
    tour_date_id: date.id,
    tourists,
    contact: { name: 'Maya Hart', email: uniqueEmail('refused'), phone: '+14155550199' },
  });

  it('on a tour that does not welcome them: 422 on the non-rider, nothing taken', async () => {
    const date = await nonRiderDate(10, 2, { welcome: false });
    const made = await book(app(), date, { email: '' }, body(date, [rider, walker]));
    const text = 'This tour does not take companions who do not ride';
    expect(made).toEqual({
      status: 422,
      body: { message: text, errors: { 'tourists.1.rides': [text] } },
    });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 10, nonRidersFree: 2 });
  });

  it('on a date without a non-rider price', async () => {
    const date = await nonRiderDate(10, 2, { price: null });
    const made = await book(app(), date, { email: '' }, body(date, [rider, walker]));
    expect(made.status).toBe(422);
    expect(made.body.message).toBe('This date takes no companions who do not ride');
  });

  it('more than the date has: 422 with what is left', async () => {
    const date = await nonRiderDate(10, 2);
    const made = await book(
      app(),
      date,
      { email: '' },
      body(date, [rider, walker, walker, walker]),
    );
    expect(made.status).toBe(422);
    expect(made.body.message).toBe('Only 2 place(s) for non-riders left on this date');
    expect(await placesOf(db, date.id)).toMatchObject({ free: 10, nonRidersFree: 2 });
  });

  it('without any rider', async () => {
    const date = await nonRiderDate(10, 2);
    const made = await book(app(), date, { email: '' }, body(date, [walker]));
    expect(made.status).toBe(422);
    expect(made.body.message).toBe('A booking needs at least one rider');
  });

  it('a malformed flag is a 400 with a message, never a 5xx', async () => {
    const date = await nonRiderDate(10, 2);
    const made = await book(
      app(),
      date,
      { email: '' },
      body(date, [rider, { ...walker, rides: 'no' }]),
    );
    expect(made.status).toBe(400);
    expect(typeof made.body.message).toBe('string');
  });
});

describe('changing who comes along', () => {
  async function updateTourists(token: string, id: number, tourists: object[]) {
    const response = await app().inject({
      method: 'POST',
      url: `/crm/api/request/update-tourists?request_id=${id}`,
      headers: auth(token),
      payload: { tourists },
    });
    return { status: response.statusCode, body: response.json() as Json };
  }
  const keep = (tourist: Json) => ({
    id: tourist.id,
    first_name: tourist.first_name,
    last_name: tourist.last_name,
  });

  it('adds and removes non-riders at the agreed price, beds moving with them', async () => {
    const date = await nonRiderDate(10, 2);
    const owner = await signUp(app());
    const made = await book(app(), date, {
      ...owner,
      riders: 1,
      nonRiders: 1,
      currency: date.currency,
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const [rider, walker] = made.body.tourists as Json[];
    const riderPrice = Math.round(date.price / 100);
    expect(made.body.price).toBe(riderPrice + 450);

    // A second companion takes the date's last bed; an edit keeps who rides.
    const added = await updateTourists(owner.token, id, [
      keep(rider!),
      keep(walker!),
      { first_name: 'Lea', last_name: 'Hart', rides: false },
    ]);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ non_riders: 2, price: riderPrice + 2 * 450 });
    expect((added.body.tourists as Json[]).map((t) => t.rides)).toEqual([true, false, false]);
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 0 });

    // A third finds no bed: 422, and nothing moved.
    const more = await updateTourists(owner.token, id, [
      ...(added.body.tourists as Json[]).map(keep),
      { first_name: 'Ola', last_name: 'Hart', rides: false },
    ]);
    expect(more.status).toBe(422);
    expect(more.body.message).toBe(NO_BEDS);
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 0 });

    // Removing the first companion gives their bed back and takes their price off.
    const removed = await updateTourists(owner.token, id, [
      keep(rider!),
      keep((added.body.tourists as Json[])[2]!),
    ]);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ non_riders: 1, price: riderPrice + 450 });
    expect(await placesOf(db, date.id)).toMatchObject({
      free: 9,
      sold: 1,
      nonRidersFree: 1,
      nonRidersSold: 1,
    });
  });

  it('refuses a non-rider added to a booking made without any (no agreed price)', async () => {
    const date = await nonRiderDate(10, 2);
    const owner = await signUp(app());
    const made = await book(app(), date, { ...owner, riders: 1 });
    const [rider] = made.body.tourists as Json[];
    const added = await updateTourists(owner.token, made.body.id as number, [
      keep(rider!),
      { first_name: 'Lea', last_name: 'Hart', rides: false },
    ]);
    expect(added.status).toBe(422);
    expect(added.body.errors).toHaveProperty(['tourists.1.rides']);
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 2 });
  });
});

describe('adding a rider to a booking with a non-rider', () => {
  const touristsInfo = async (uuid: string) =>
    (await app().inject({ url: `/spa/tourists-info?uuid=${uuid}` })).json() as Json;
  const addRider = async (token: string, uuid: string, name: string) => {
    const response = await app().inject({
      method: 'POST',
      url: `/crm/api/request/add-tourists?uuid=${uuid}`,
      headers: auth(token),
      payload: { tourists: [{ first_name: name, last_name: 'Hart' }] },
    });
    return { status: response.statusCode, body: response.json() as Json };
  };

  it('counts every tourist in max_tourists: 4 riders and 1 non-rider with 1 seat free add one rider', async () => {
    const date = await nonRiderDate(5, 2);
    const owner = await signUp(app());
    const made = await book(app(), date, { ...owner, riders: 4, nonRiders: 1 });
    expect(made.status).toBe(201);
    const uuid = made.body.uuid as string;
    expect(await placesOf(db, date.id)).toMatchObject({ free: 1, nonRidersSold: 1 });

    // Five tourists, one more allowed: the free seat.
    const before = await touristsInfo(uuid);
    expect(before.tourists).toHaveLength(5);
    expect(before.max_tourists).toBe(6);

    // Asked at once, the last seat goes to one rider only.
    const attempts = onPostgres ? 8 : 2;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) => addRider(owner.token, uuid, `Late${i}`)),
    );
    expect(tally(answers)).toEqual({ 200: 1, 422: attempts - 1 });
    const added = answers.find((answer) => answer.status === 200)!.body;
    expect(added.tourists).toHaveLength(6);
    expect(added.max_tourists).toBe(6);
    expect(await placesOf(db, date.id)).toMatchObject({ free: 0, sold: 5, nonRidersSold: 1 });
    expect((await touristsInfo(uuid)).max_tourists).toBe(6);
  });
});

describe('the organizer', () => {
  it('sees who rides and who does not; a non-rider keeps no weight', async () => {
    const date = await nonRiderDate(10, 2);
    const traveller = await signUp(app());
    const made = await book(app(), date, traveller, {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: [
        { first_name: 'Maya', last_name: 'Hart', weight: 70 },
        { first_name: 'Ann', last_name: 'Hart', rides: false, weight: 80 },
      ],
      contact: { name: 'Maya Hart', email: traveller.email, phone: '+14155550199' },
    });
    expect(made.status).toBe(201);
    const organizer = await signUp(app());
    const [member] = await db.select().from(users).where(eq(users.email, organizer.email));
    const [tour] = await db.select().from(tours).where(eq(tours.id, date.tourId));
    await db
      .insert(organizerMembers)
      .values({ organizerId: tour!.organizerId, userId: member!.id });
    const seen = await app().inject({
      url: `/crm/api/partner/booking?id=${made.body.id as number}`,
      headers: auth(organizer.token),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      seats: 1,
      non_riders: 1,
      tourists: [
        { first_name: 'Maya', rides: true, weight: 70 },
        { first_name: 'Ann', rides: false, weight: null },
      ],
    });
  });
});
