/**
 * The seat-change log (migration 0017's trigger) and the feed that reads it (decision 083), on
 * the seeded test database, and a search through the app. Other test files may book seats meanwhile (on PostgreSQL they share
 * the database), so each test looks only at the tours it changes itself.
 */
import { eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { tourDates, tourSeatChanges } from '#src/db/schema/index.ts';
import type { components } from '@gallop/api-client';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { createSeatChangesFeed, type SeatChanges } from './seat-changes.ts';

type TourList = components['schemas']['TourList'];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A date with free seats (so one can be taken), and the number of its tour's logged changes. */
async function aDate(offset: number) {
  const [row] = await database.db
    .select()
    .from(tourDates)
    .where(gt(tourDates.numberOfFreeSeats, 1))
    .orderBy(tourDates.id)
    .offset(offset)
    .limit(1);
  return row!;
}

async function loggedFor(tourId: number): Promise<number> {
  const rows = await database.db
    .select({ id: tourSeatChanges.id })
    .from(tourSeatChanges)
    .where(eq(tourSeatChanges.tourId, tourId));
  return rows.length;
}

const setDate = (id: number, values: Partial<typeof tourDates.$inferInsert>) =>
  database.db.update(tourDates).set(values).where(eq(tourDates.id, id));

/** The listed tours among `changes` (others' changes filtered out), or 'all'. */
function ours(changes: SeatChanges, tourIds: number[]) {
  return changes === 'all' ? 'all' : changes.filter((id) => tourIds.includes(id));
}

describe('the seat-change log', () => {
  it("logs a tour when a date's free seats or busy flag change, not for other columns or the same value", async () => {
    const date = await aDate(0);
    const before = await loggedFor(date.tourId);
    await setDate(date.id, { price: date.price + 100 });
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats });
    expect(await loggedFor(date.tourId)).toBe(before);
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats - 1 });
    expect(await loggedFor(date.tourId)).toBe(before + 1);
    await setDate(date.id, { isBusy: !date.isBusy });
    expect(await loggedFor(date.tourId)).toBe(before + 2);
    await setDate(date.id, {
      price: date.price,
      numberOfFreeSeats: date.numberOfFreeSeats,
      isBusy: date.isBusy,
    });
    // Restoring both is one update of the row: one more change.
    expect(await loggedFor(date.tourId)).toBe(before + 3);
  });
});

describe('the seat-change feed', () => {
  it('answers each changed tour once, across reads that look back over the same rows', async () => {
    const feed = createSeatChangesFeed(database.db, { intervalMs: 60_000 });
    await feed.refresh();
    feed.drain();
    const date = await aDate(1);
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats - 1 });
    // Not read yet (the interval has not passed): nothing to answer.
    expect(ours(feed.drain(), [date.tourId])).toEqual([]);
    await feed.refresh();
    expect(ours(feed.drain(), [date.tourId])).toEqual([date.tourId]);
    // The next read's lookback covers the same row: it is not answered again.
    await feed.refresh();
    expect(ours(feed.drain(), [date.tourId])).toEqual([]);
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats });
    await feed.refresh();
    expect(ours(feed.drain(), [date.tourId])).toEqual([date.tourId]);
  });

  it('answers all when more rows than it lists were logged in one read', async () => {
    const feed = createSeatChangesFeed(database.db, { maxRows: 3 });
    await feed.refresh();
    feed.drain();
    const tourIds = [-1, -2, -3, -4];
    await database.db
      .insert(tourSeatChanges)
      .values(tourIds.map((tourId) => ({ tourId, changedAt: sql`clock_timestamp()` })));
    await feed.refresh();
    expect(feed.drain()).toBe('all');
    await database.db.delete(tourSeatChanges).where(inArray(tourSeatChanges.tourId, tourIds));
  });

  it('deletes rows older than keepMs when a read is due to', async () => {
    await database.db.insert(tourSeatChanges).values([
      { tourId: -10, changedAt: sql`clock_timestamp() - interval '2 hours'` },
      { tourId: -11, changedAt: sql`clock_timestamp() - interval '10 minutes'` },
    ]);
    const feed = createSeatChangesFeed(database.db, { keepMs: 60 * 60_000 });
    await feed.refresh();
    const left = await database.db
      .select({ tourId: tourSeatChanges.tourId })
      .from(tourSeatChanges)
      .where(inArray(tourSeatChanges.tourId, [-10, -11]));
    expect(left).toEqual([{ tourId: -11 }]);
    await database.db.delete(tourSeatChanges).where(eq(tourSeatChanges.tourId, -11));
  });
});

describe('a computed search after a booking', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ CATALOG_CACHE: 'off' });
  });
  afterAll(() => testApp.close());

  it('shows the seats left within about a second', async () => {
    const url = '/spa/tours?sort=price';
    const cardsOf = async () => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as TourList).items;
    };
    const card = (await cardsOf()).find(
      (item) => (item.nearest_date?.number_of_free_seats ?? 0) > 1,
    )!;
    const shown = card.nearest_date!;
    const seats = shown.number_of_free_seats!;
    const db = testApp.database.db;
    await db
      .update(tourDates)
      .set({ numberOfFreeSeats: seats - 1 })
      .where(eq(tourDates.id, shown.id));
    try {
      const seatsNow = async () =>
        (await cardsOf()).find((item) => item.id === card.id)?.nearest_date?.number_of_free_seats;
      await expect.poll(seatsNow, { timeout: 10_000, interval: 250 }).toBe(seats - 1);
    } finally {
      await db
        .update(tourDates)
        .set({ numberOfFreeSeats: seats })
        .where(eq(tourDates.id, shown.id));
    }
  });
});
