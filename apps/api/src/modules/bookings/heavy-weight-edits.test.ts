/**
 * Heavier-horse places when riders' weights change (issue 46, decision 165): a rider edited above
 * the tour's standard limit takes a heavier-horse place, one edited below gives it back, in the
 * same locked change as the booking's row, while others book the last places, add heavy riders
 * and cancel. Whatever the order, a date never carries more heavy riders than heavier horses and
 * each booking holds exactly the places its riders need. On PostgreSQL the requests really
 * overlap; on PGlite the same assertions hold one after another.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRequests, bookingTourists, tours } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import {
  book,
  bookingScratchAppForFile,
  cancelBooking,
  dateWithSeats,
  placesOf,
  signUp,
  uniqueEmail,
  type TourDateRow,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('heavy_edits');
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 8 : 1;

/** The standard horses carry up to 90 kg, the heavier ones up to 120 kg. */
const LIMITS = { maxRiderWeightKg: 90, heavyRiderWeightKg: 120 };

async function heavyDate(seats: number, heavy: number): Promise<TourDateRow> {
  const date = await dateWithSeats(db(), seats, used, { heavyPlaces: heavy });
  await db().update(tours).set(LIMITS).where(eq(tours.id, date.tourId));
  return date;
}

async function updateRiders(token: string, id: number, tourists: object[]) {
  const response = await app().inject({
    method: 'POST',
    url: `/crm/api/request/update-tourists?request_id=${id}`,
    headers: { 'x-authorization': `Bearer ${token}` },
    payload: { tourists },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A signed-in traveller's booking of riders of `weights`: its token, id and tourists. */
async function booked(date: TourDateRow, weights: number[]) {
  const traveller = await signUp(app());
  const made = await book(app(), date, { ...traveller, weights });
  expect(made.status).toBe(201);
  return {
    token: traveller.token,
    id: made.body.id as number,
    tourists: made.body.tourists as Json[],
  };
}

/** The booking's riders with the second (or `index`) given `weight`, the others as they are. */
const withWeight = (tourists: Json[], index: number, weight: number) =>
  tourists.map((t, i) => ({
    id: t.id,
    first_name: t.first_name,
    last_name: t.last_name,
    weight: i === index ? weight : t.weight,
  }));

/**
 * Every live booking on the date holds a heavier-horse place for each of its riders above the
 * standard limit and no more; the date's free count is its capacity less what they hold.
 */
async function expectHeavyPlacesAgree(dateId: number) {
  const places = await placesOf(db(), dateId);
  const rows = await db()
    .select({
      id: bookingRequests.id,
      held: bookingRequests.heavyPlaces,
      heavyRiders: sql<number>`(select count(*) from booking_tourists t
        where t.request_id = booking_requests.id and t.rides
          and t.weight > ${LIMITS.maxRiderWeightKg})`.mapWith(Number),
    })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.tourDateId, dateId), inArray(bookingRequests.status, [1, 2, 3])));
  const wrong = rows.filter((r) => r.held !== r.heavyRiders);
  expect(wrong).toEqual([]);
  const riding = rows.reduce((s, r) => s + r.heavyRiders, 0);
  expect(riding).toBeLessThanOrEqual(places.heavyCapacity);
  expect(places.heavyFree + places.heavySold).toBe(places.heavyCapacity);
  expect(places.free + places.sold).toBe(places.capacity);
  return { places, riding };
}

describe('weights edited across the standard limit under concurrency', () => {
  it(`edits into and out of a heavier horse race 20 heavy bookings and a cancel, ${rounds} rounds`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const date = await heavyDate(60, 2);
      // One heavy rider holds a heavier horse and will go below the limit; two light riders
      // will go above it; one heavy booking will be cancelled; one heavier horse is left.
      const slimming = await booked(date, [70, 100]);
      const gaining = await booked(date, [70, 80]);
      const gaining2 = await booked(date, [75]);
      expect((await placesOf(db(), date.id)).heavyFree).toBe(1);
      const answers = await Promise.all([
        updateRiders(slimming.token, slimming.id, withWeight(slimming.tourists, 1, 85)),
        updateRiders(gaining.token, gaining.id, withWeight(gaining.tourists, 1, 110)),
        updateRiders(gaining2.token, gaining2.id, withWeight(gaining2.tourists, 0, 95)),
        // The same edit again, and back and forth: each in its own locked turn.
        updateRiders(gaining.token, gaining.id, withWeight(gaining.tourists, 1, 110)),
        updateRiders(slimming.token, slimming.id, withWeight(slimming.tourists, 1, 105)),
        round % 2 === 0
          ? cancelBooking(app(), gaining2.token, gaining2.id)
          : updateRiders(gaining2.token, gaining2.id, withWeight(gaining2.tourists, 0, 60)),
        ...Array.from({ length: 20 }, () =>
          book(app(), date, { email: uniqueEmail('heavy-edit'), weights: [100] }),
        ),
      ]);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(answers.every((a) => [200, 201, 409, 422].includes(a.status))).toBe(true);
      const { riding } = await expectHeavyPlacesAgree(date.id);
      outcomes.push(
        `${answers
          .map((a) => a.status)
          .slice(0, 6)
          .join('/')} heavy ${riding}`,
      );
      // Every place given back can be taken again, and no more.
      const more = await Promise.all(
        Array.from({ length: 10 }, () =>
          book(app(), date, { email: uniqueEmail('after'), weights: [100] }),
        ),
      );
      expect(more.filter((a) => a.status === 201)).toHaveLength(2 - riding);
      await expectHeavyPlacesAgree(date.id);
    }
    console.info('weights edited vs heavy bookings', outcomes);
  }, 600_000);

  it('a rider edited above the limit when no heavier horse is left is refused, nothing moved', async () => {
    const date = await heavyDate(10, 1);
    await booked(date, [100]);
    const light = await booked(date, [70, 70]);
    const refused = await updateRiders(light.token, light.id, withWeight(light.tourists, 1, 95));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty(['tourists.1.weight']);
    const [stored] = await db()
      .select({ weight: bookingTourists.weight })
      .from(bookingTourists)
      .where(eq(bookingTourists.id, light.tourists[1]!.id as number));
    expect(stored!.weight).toBe(70);
    await expectHeavyPlacesAgree(date.id);
  });
});
