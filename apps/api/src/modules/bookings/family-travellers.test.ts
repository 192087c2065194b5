/**
 * A family booking (decision 154): a rider, a grandmother who does not ride and a child. Everyone
 * meets the tour's minimum age on the first day, riders or not, at booking and at every later
 * change; who rides is changed by a removal and an addition, never silently; a companion is added
 * behind the booking's link at its agreed price, and the date's last beds go to as many as there
 * are, however many ask at once. On PostgreSQL (CI) the requests really overlap; on PGlite they
 * run one after another and the same assertions hold.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tours } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import {
  bearer,
  book,
  dateWithSeats,
  placesOf,
  signUp,
  tallyStatuses,
  type TourDateRow,
} from './testing-scratch.ts';
import { COMPANION_TO_RIDER, RIDER_TO_COMPANION } from './tourists.ts';

let scratch: ScratchApp;
let db: Database;
const used = new Set<number>();
const onPostgres = testDatabaseKind() === 'postgres';

/** 450.00 of the date's currency a non-rider. */
const NON_RIDER_PRICE = 45_000;
const NO_BEDS = 'No places for non-riders are left on this date';
const EVERYONE_12 = 'Everyone must be at least 12 on the first day';

beforeAll(async () => {
  scratch = await buildScratchApp('family_travellers', { PUBLIC_WRITE_LIMIT: '1000000' });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;

/** The ages and welcome of each tour a test changed, as seeded: given back after each test. */
const seededTours = new Map<number, Partial<typeof tours.$inferSelect>>();

/**
 * A new date of `seats` seats and `beds` non-rider beds, on a tour that welcomes non-riders and
 * takes travellers from 12, riders from 12 up to 70 (tour 231 of the walk). The tour is a seeded
 * one, the template of the date (`dateWithSeats` picks only tours without a minimum age): it is
 * given back as it was once the test ends (`restoreTours`).
 */
async function familyDate(seats: number, beds: number): Promise<TourDateRow> {
  const date = await dateWithSeats(db, seats, used, {
    nonRiderPlaces: beds,
    nonRiderPrice: NON_RIDER_PRICE,
  });
  if (!seededTours.has(date.tourId)) {
    const [seeded] = await db
      .select({
        nonRidersWelcome: tours.nonRidersWelcome,
        minAge: tours.minAge,
        minRidingAge: tours.minRidingAge,
        maxRidingAge: tours.maxRidingAge,
      })
      .from(tours)
      .where(eq(tours.id, date.tourId));
    seededTours.set(date.tourId, seeded!);
  }
  await db
    .update(tours)
    .set({ nonRidersWelcome: true, minAge: 12, minRidingAge: 12, maxRidingAge: 70 })
    .where(eq(tours.id, date.tourId));
  return date;
}

async function restoreTours() {
  for (const [id, seeded] of seededTours) {
    await db.update(tours).set(seeded).where(eq(tours.id, id));
  }
  seededTours.clear();
}
afterEach(restoreTours);

/** The birthday of someone `years` old on `day` (their birthday that very day, or just before). */
function yearsOldOn(years: number, day: string): string {
  // A first day on 29 February: the day before is a birthday every year has.
  const monthDay = day.slice(4) === '-02-29' ? '-02-28' : day.slice(4);
  return `${Number(day.slice(0, 4)) - years}${monthDay}`;
}

const rider = (date: TourDateRow) => ({
  first_name: 'Maya',
  last_name: 'Hart',
  birthday: yearsOldOn(40, date.startDate),
});
const grandmother = (date: TourDateRow) => ({
  first_name: 'Olga',
  last_name: 'Hart',
  // Older than the riding ages allow: she does not ride, so only the minimum age holds her.
  birthday: yearsOldOn(76, date.startDate),
  rides: false,
});
const child = (date: TourDateRow, years: number) => ({
  first_name: 'Nina',
  last_name: 'Hart',
  birthday: yearsOldOn(years, date.startDate),
  rides: false,
});

/** Books `tourists` on `date`, in its currency: as `owner` signed in, or as a guest. */
async function bookFamily(
  date: TourDateRow,
  tourists: object[],
  owner?: { token: string; email: string },
) {
  const email = owner?.email ?? `family-${randomUUID()}@example.com`;
  return book(
    app(),
    date,
    { email, token: owner?.token, currency: date.currency },
    {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists,
      contact: { name: 'Maya Hart', email, phone: '+14155550199' },
    },
  );
}

async function post(url: string, token: string, payload: object, headers = {}) {
  const response = await app().inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...headers },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const updateTourists = (token: string, id: number, tourists: object[]) =>
  post(`/crm/api/request/update-tourists?request_id=${id}`, token, { tourists });
const addTourists = (token: string, uuid: string, tourists: object[], key = randomUUID()) =>
  post(
    `/crm/api/request/add-tourists?uuid=${uuid}`,
    token,
    { tourists },
    {
      'idempotency-key': key,
    },
  );

const keep = (tourist: Json) => ({
  id: tourist.id,
  first_name: tourist.first_name,
  last_name: tourist.last_name,
});

async function bookingRow(id: number) {
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return row!;
}

describe('the minimum age holds every traveller', () => {
  it('refuses a 6-year-old who does not ride with words of their own; nothing is taken', async () => {
    const date = await familyDate(10, 4);
    const refused = await bookFamily(date, [rider(date), grandmother(date), child(date, 6)]);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: EVERYONE_12,
      errors: { 'tourists.2.birthday': [EVERYONE_12] },
    });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 10, nonRidersFree: 4 });

    // At 12 on the first day the child comes along, and the grandmother over the riding ages.
    const made = await bookFamily(date, [rider(date), grandmother(date), child(date, 12)]);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ non_riders: 2 });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 2 });
  });

  it('still says the riders’ own words for a rider under age', async () => {
    const date = await familyDate(10, 4);
    const young = { ...child(date, 11), rides: true };
    const refused = await bookFamily(date, [rider(date), young]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'tourists.1.birthday': ['Riders must be at least 12 on the first day'],
    });
  });

  it('refuses a companion under age added later, or given a birthday under it', async () => {
    const date = await familyDate(10, 4);
    const owner = await signUp(app());
    const made = await bookFamily(date, [rider(date), grandmother(date)], owner);
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const uuid = made.body.uuid as string;
    const [maya, olga] = made.body.tourists as Json[];
    const before = await bookingRow(id);

    const added = await addTourists(owner.token, uuid, [child(date, 6)]);
    expect(added.status).toBe(422);
    expect(added.body).toEqual({
      message: EVERYONE_12,
      errors: { 'tourists.0.birthday': [EVERYONE_12] },
    });

    const listed = await updateTourists(owner.token, id, [
      keep(maya!),
      keep(olga!),
      child(date, 6),
    ]);
    expect(listed.status).toBe(422);
    expect(listed.body.errors).toEqual({ 'tourists.2.birthday': [EVERYONE_12] });

    const younger = await updateTourists(owner.token, id, [
      keep(maya!),
      { ...keep(olga!), birthday: yearsOldOn(8, date.startDate) },
    ]);
    expect(younger.status).toBe(422);
    expect(younger.body.errors).toEqual({ 'tourists.1.birthday': [EVERYONE_12] });

    expect(await bookingRow(id)).toMatchObject({
      price: before.price,
      seats: 1,
      nonRiders: 1,
    });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 3 });
  });
});

describe('who rides changes by a removal and an addition', () => {
  it('refuses to make a companion a rider or a rider a companion, and changes nothing', async () => {
    const date = await familyDate(10, 4);
    const owner = await signUp(app());
    const made = await bookFamily(date, [rider(date), grandmother(date)], owner);
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const [maya, olga] = made.body.tourists as Json[];
    const before = await bookingRow(id);

    const toRider = await updateTourists(owner.token, id, [
      keep(maya!),
      { ...keep(olga!), rides: true, weight: 70 },
    ]);
    expect(toRider.status).toBe(422);
    expect(toRider.body).toEqual({
      message: COMPANION_TO_RIDER,
      errors: { 'tourists.1.rides': [COMPANION_TO_RIDER] },
    });

    const toCompanion = await updateTourists(owner.token, id, [
      { ...keep(maya!), rides: false },
      keep(olga!),
    ]);
    expect(toCompanion.status).toBe(422);
    expect(toCompanion.body).toEqual({
      message: RIDER_TO_COMPANION,
      errors: { 'tourists.0.rides': [RIDER_TO_COMPANION] },
    });

    // The questionnaires behind the link say the same.
    const questionnaire = await post(
      `/crm/api/request/update-tourists-questionnaires?id=${id}&uuid=${made.body.uuid as string}`,
      owner.token,
      { tourists: [{ ...keep(olga!), rides: true }] },
    );
    expect(questionnaire.status).toBe(422);
    expect(questionnaire.body.message).toBe(COMPANION_TO_RIDER);

    const after = await bookingRow(id);
    expect(after).toMatchObject({
      price: before.price,
      seats: before.seats,
      nonRiders: before.nonRiders,
    });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 3 });

    // Saying what is stored, or leaving `rides` out, is an ordinary edit.
    const same = await updateTourists(owner.token, id, [
      { ...keep(maya!), rides: true },
      { ...keep(olga!), rides: false, food_restriction: 'No nuts' },
    ]);
    expect(same.status).toBe(200);
    expect((same.body.tourists as Json[]).map((t) => t.rides)).toEqual([true, false]);

    // The way that works: remove her as a companion, add her as a rider.
    const removed = await updateTourists(owner.token, id, [keep(maya!)]);
    expect(removed.status).toBe(200);
    const asRider = await addTourists(owner.token, made.body.uuid as string, [
      { first_name: 'Olga', last_name: 'Hart', birthday: yearsOldOn(60, date.startDate) },
    ]);
    expect(asRider.status).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ seats: 2, nonRiders: 0 });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 8, nonRidersFree: 4 });
  });
});

describe('adding a companion behind the link', () => {
  it('adds one at the agreed price, a bed moving with them', async () => {
    const date = await familyDate(10, 3);
    const owner = await signUp(app());
    const made = await bookFamily(date, [rider(date), grandmother(date)], owner);
    expect(made.status).toBe(201);
    const priceBefore = made.body.price as number;

    const added = await addTourists(owner.token, made.body.uuid as string, [child(date, 13)]);
    expect(added.status).toBe(200);
    expect((added.body.tourists as Json[]).map((t) => t.rides)).toEqual([true, false, false]);
    expect(await bookingRow(made.body.id as number)).toMatchObject({
      nonRiders: 2,
      price: (priceBefore + 450) * 100,
    });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 9, nonRidersFree: 1 });
  });

  const rounds = onPostgres ? 3 : 1;
  it(`gives the last 2 beds to 2 of 20 companions added at once, ${rounds} round(s)`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      // Five bookings with a companion each (their agreed price) leave 2 of 7 beds.
      const date = await familyDate(50, 7);
      const owners = await Promise.all(Array.from({ length: 5 }, () => signUp(app())));
      const bookings: Json[] = [];
      for (const owner of owners) {
        const made = await bookFamily(date, [rider(date), grandmother(date)], owner);
        expect(made.status).toBe(201);
        bookings.push(made.body);
      }
      expect(await placesOf(db, date.id)).toMatchObject({ nonRidersFree: 2, nonRidersSold: 5 });

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          addTourists(owners[i % 5]!.token, bookings[i % 5]!.uuid as string, [
            { ...child(date, 14), first_name: `Kid${i}` },
          ]),
        ),
      );
      expect(tallyStatuses(answers)).toEqual({ 200: 2, 422: 18 });
      const refused = answers.find((answer) => answer.status === 422)!.body;
      expect(refused).toEqual({ message: NO_BEDS, errors: { tourists: [NO_BEDS] } });
      expect(await placesOf(db, date.id)).toMatchObject({
        free: 45,
        sold: 5,
        nonRidersFree: 0,
        nonRidersSold: 7,
      });
      // Each booking's price counts exactly the companions it holds.
      for (const booking of bookings) {
        const row = await bookingRow(booking.id as number);
        const ridersPrice = row.price - row.nonRiders * NON_RIDER_PRICE;
        expect(ridersPrice).toBe((booking.price as number) * 100 - NON_RIDER_PRICE);
      }
      // The next round's date may copy a date of the same tour.
      await restoreTours();
    }
  }, 240_000);
});
