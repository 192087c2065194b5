/**
 * The catalogue's change log (migration 0029's triggers) and the feed that reads it (decisions
 * 083, 109), on the seeded test database, and searches through the app. Other test files may book
 * seats meanwhile (on PostgreSQL they share the database), so each test looks only at the tours it
 * changes itself.
 */
import { eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { organizers, tourChanges, tourDates, tours } from '#src/db/schema/index.ts';
import type { components } from '@gallop/api-client';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { openTestDatabase, testDatabaseKind } from '#src/testing/database.ts';
import { createTourChangesFeed, type TourChanges } from './tour-changes.ts';

type TourList = components['schemas']['TourList'];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  executor = database.db;
});
afterAll(() => database.close());

/** A date with free seats (so one can be taken), and the number of its tour's logged changes. */
async function aDate(offset: number) {
  const [row] = await executor
    .select()
    .from(tourDates)
    .where(gt(tourDates.numberOfFreeSeats, 1))
    .orderBy(tourDates.id)
    .offset(offset)
    .limit(1);
  return row!;
}

/**
 * What the log tests read and write through: inside `inOwnSnapshot`, its transaction. On
 * PostgreSQL other test files book seats on the same database meanwhile; a repeatable-read
 * snapshot sees only what the test itself logs, and rolling it back leaves nothing behind.
 */
let executor: Pick<DatabaseHandle['db'], 'select' | 'update' | 'insert' | 'delete'>;

async function inOwnSnapshot(work: () => Promise<void>): Promise<void> {
  const rollback = new Error('rolled back on purpose');
  try {
    await database.db.transaction(
      async (tx) => {
        executor = tx;
        try {
          await work();
        } finally {
          executor = database.db;
        }
        throw rollback;
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (error !== rollback) throw error;
  }
}

async function loggedFor(tourId: number): Promise<number> {
  const rows = await executor
    .select({ id: tourChanges.id })
    .from(tourChanges)
    .where(eq(tourChanges.tourId, tourId));
  return rows.length;
}

const setDate = (id: number, values: Partial<typeof tourDates.$inferInsert>) =>
  executor.update(tourDates).set(values).where(eq(tourDates.id, id));

/** The listed tours among `changes` (others' changes filtered out), or 'all'. */
function ours(changes: TourChanges, tourIds: number[]) {
  return changes === 'all' ? 'all' : changes.filter((id) => tourIds.includes(id));
}

describe('the change log', () => {
  it("logs a tour when any of a date's columns changes, not for an update to the same values", () =>
    inOwnSnapshot(async () => {
      const date = await aDate(0);
      const before = await loggedFor(date.tourId);
      await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats });
      expect(await loggedFor(date.tourId)).toBe(before);
      await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats - 1 });
      expect(await loggedFor(date.tourId)).toBe(before + 1);
      await setDate(date.id, { isBusy: !date.isBusy });
      expect(await loggedFor(date.tourId)).toBe(before + 2);
      await setDate(date.id, { price: date.price + 100 });
      expect(await loggedFor(date.tourId)).toBe(before + 3);
      await setDate(date.id, {
        price: date.price,
        numberOfFreeSeats: date.numberOfFreeSeats,
        isBusy: date.isBusy,
      });
      // Restoring all three is one update of the row: one more change.
      expect(await loggedFor(date.tourId)).toBe(before + 4);
    }));

  it("logs a tour's own edits, its new and removed dates, once per statement", () =>
    inOwnSnapshot(async () => {
      const date = await aDate(2);
      const [tour] = await executor.select().from(tours).where(eq(tours.id, date.tourId));
      const before = await loggedFor(tour!.id);
      await executor.update(tours).set({ rating: tour!.rating }).where(eq(tours.id, tour!.id));
      expect(await loggedFor(tour!.id)).toBe(before);
      await executor
        .update(tours)
        .set({ reviewsCount: tour!.reviewsCount + 1 })
        .where(eq(tours.id, tour!.id));
      expect(await loggedFor(tour!.id)).toBe(before + 1);
      await executor
        .update(tours)
        .set({ reviewsCount: tour!.reviewsCount })
        .where(eq(tours.id, tour!.id));
      const { id: _id, ...copy } = date;
      const added = await executor
        .insert(tourDates)
        .values([
          { ...copy, startDate: '2099-01-01' },
          { ...copy, startDate: '2099-02-01' },
        ])
        .returning({ id: tourDates.id });
      // Two dates in one statement: the tour is logged once.
      expect(await loggedFor(tour!.id)).toBe(before + 3);
      await executor.delete(tourDates).where(
        inArray(
          tourDates.id,
          added.map((row) => row.id),
        ),
      );
      expect(await loggedFor(tour!.id)).toBe(before + 4);
    }));

  it('logs every tour of an organizer whose row changes, none when it stays the same', () =>
    inOwnSnapshot(async () => {
      const [organizer] = await executor
        .select()
        .from(organizers)
        .where(sql`exists (select 1 from tours where tours.organizer_id = organizers.id)`)
        .orderBy(organizers.id)
        .limit(1);
      const theirs = await executor
        .select({ id: tours.id })
        .from(tours)
        .where(eq(tours.organizerId, organizer!.id));
      const counts = async () => Promise.all(theirs.map((tour) => loggedFor(tour.id)));
      const before = await counts();
      await executor
        .update(organizers)
        .set({ name: organizer!.name })
        .where(eq(organizers.id, organizer!.id));
      expect(await counts()).toEqual(before);
      await executor
        .update(organizers)
        .set({ name: `${organizer!.name} (renamed)` })
        .where(eq(organizers.id, organizer!.id));
      await executor
        .update(organizers)
        .set({ name: organizer!.name })
        .where(eq(organizers.id, organizer!.id));
      expect(await counts()).toEqual(before.map((count) => count + 2));
    }));
});

describe('the change feed', () => {
  it('answers each changed tour once, across reads that look back over the same rows', async () => {
    const feed = createTourChangesFeed(database.db, { intervalMs: 60_000 });
    const subscription = feed.subscribe();
    await feed.refresh();
    subscription.drain();
    const date = await aDate(1);
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats - 1 });
    // Not read yet (the interval has not passed): nothing to answer.
    expect(ours(subscription.drain(), [date.tourId])).toEqual([]);
    await feed.refresh();
    expect(ours(subscription.drain(), [date.tourId])).toEqual([date.tourId]);
    // The next read's lookback covers the same row: it is not answered again.
    await feed.refresh();
    expect(ours(subscription.drain(), [date.tourId])).toEqual([]);
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats });
    await feed.refresh();
    expect(ours(subscription.drain(), [date.tourId])).toEqual([date.tourId]);
  });

  it('answers all when more rows than it lists were logged in one read', async () => {
    const feed = createTourChangesFeed(database.db, { maxRows: 3 });
    const subscription = feed.subscribe();
    await feed.refresh();
    subscription.drain();
    const tourIds = [-1, -2, -3, -4];
    await database.db
      .insert(tourChanges)
      .values(tourIds.map((tourId) => ({ tourId, changedAt: sql`clock_timestamp()` })));
    await feed.refresh();
    expect(subscription.drain()).toBe('all');
    await database.db.delete(tourChanges).where(inArray(tourChanges.tourId, tourIds));
  });

  it('tells every subscriber every change, and all of them when a row names no tour', async () => {
    const feed = createTourChangesFeed(database.db, { intervalMs: 60_000 });
    const [first, second] = [feed.subscribe(), feed.subscribe()];
    await feed.refresh();
    first.drain();
    second.drain();
    const date = await aDate(3);
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats - 1 });
    await setDate(date.id, { numberOfFreeSeats: date.numberOfFreeSeats });
    await feed.refresh();
    expect(ours(first.drain(), [date.tourId])).toEqual([date.tourId, date.tourId]);
    expect(ours(second.drain(), [date.tourId])).toEqual([date.tourId, date.tourId]);
    const [marker] = await database.db
      .insert(tourChanges)
      .values({ tourId: null, changedAt: sql`clock_timestamp()` })
      .returning({ id: tourChanges.id });
    try {
      await feed.refresh();
      expect(first.drain()).toBe('all');
      expect(second.drain()).toBe('all');
      expect(first.drain()).toEqual([]);
    } finally {
      await database.db.delete(tourChanges).where(eq(tourChanges.id, marker!.id));
    }
  });

  it('deletes rows older than keepMs when a read is due to', async () => {
    await database.db.insert(tourChanges).values([
      { tourId: -10, changedAt: sql`clock_timestamp() - interval '2 hours'` },
      { tourId: -11, changedAt: sql`clock_timestamp() - interval '10 minutes'` },
    ]);
    const feed = createTourChangesFeed(database.db, { keepMs: 60 * 60_000 });
    await feed.refresh();
    const left = await database.db
      .select({ tourId: tourChanges.tourId })
      .from(tourChanges)
      .where(inArray(tourChanges.tourId, [-10, -11]));
    expect(left).toEqual([{ tourId: -11 }]);
    await database.db.delete(tourChanges).where(eq(tourChanges.tourId, -11));
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

  it('moves a tour whose price dropped to the front from the index, never from SQL', async () => {
    const url = '/spa/tours?sort=price';
    const sources = new Set<unknown>();
    const firstCard = async () => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, response.body).toBe(200);
      sources.add(response.headers['x-search-source']);
      return (response.json() as TourList).items[0]?.id;
    };
    const before = await firstCard();
    const { pagination } = (await testApp.app.inject({ url })).json() as TourList;
    const lastPage = `${url}&page=${pagination.page_count}`;
    const card = ((await testApp.app.inject({ url: lastPage })).json() as TourList).items.at(-1)!;
    const db = testApp.database.db;
    const dates = await db.select().from(tourDates).where(eq(tourDates.tourId, card.id));
    const [tour] = await db.select().from(tours).where(eq(tours.id, card.id));
    // A new price, and the tour's cheapest price as the aggregates refresh then writes it.
    await db
      .update(tourDates)
      .set({ priceUsd: 1, pricePerDayUsd: 1 })
      .where(eq(tourDates.tourId, card.id));
    await db.update(tours).set({ fromPriceUsd: 1 }).where(eq(tours.id, card.id));
    try {
      // The 10 s only guards against a hang: how soon a change shows (issue 45's 2 s target)
      // is measured by `pnpm bench:writes`, never timed in a test on a shared machine.
      await expect.poll(firstCard, { timeout: 10_000, interval: 100 }).toBe(card.id);
      expect(before).not.toBe(card.id);
      expect([...sources]).toEqual(['index']);
    } finally {
      await db.update(tours).set({ fromPriceUsd: tour!.fromPriceUsd }).where(eq(tours.id, card.id));
      for (const date of dates) {
        await db
          .update(tourDates)
          .set({ priceUsd: date.priceUsd, pricePerDayUsd: date.pricePerDayUsd })
          .where(eq(tourDates.id, date.id));
      }
    }
  });
});

describe('a welfare search after a welfare edit (decisions 110, 122)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ CATALOG_CACHE: 'off' });
  });
  afterAll(() => testApp.close());

  it("follows an organizer's and a tour's welfare edits in the index, never from SQL", async () => {
    const db = testApp.database.db;
    const sources = new Set<unknown>();
    const search = async (query: string) => {
      const response = await testApp.app.inject({ url: `/spa/tours?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      sources.add(response.headers['x-search-source']);
      const body = response.json() as TourList;
      return { total: body.pagination.total, ids: body.items.map((item) => item.id) };
    };
    // An organizer with a vet on call, with listed tours none of which states its own vet.
    const [organizer] = await db
      .select()
      .from(organizers)
      .where(
        sql`organizers.welfare_vet_on_call and organizers.is_published_on_site
          and exists (select 1 from tours where tours.organizer_id = organizers.id
            and tours.is_published and tours.from_price_usd is not null and tours.type = 1
            and not tours.is_cruise)
          and not exists (select 1 from tours where tours.organizer_id = organizers.id
            and tours.welfare_vet_on_call is not null)`,
      )
      .orderBy(organizers.id)
      .limit(1);
    expect(organizer, 'the seed has such an organizer').toBeDefined();
    const theirs = `organizer=${organizer!.id}`;
    const withVet = `${theirs}&welfare=vet_on_call`;
    const listed = await search(theirs);
    expect(listed.total).toBeGreaterThan(0);
    expect(await search(withVet)).toEqual(listed);
    const tourId = listed.ids[0]!;
    const statement = Object.fromEntries(
      Object.entries(organizer!).filter(([column]) => column.startsWith('welfare')),
    );
    const organizerRow = eq(organizers.id, organizer!.id);
    const totalOf = (query: string) => async () => (await search(query)).total;
    try {
      // The organizer's statement changes: its tours no longer have a vet on call.
      await db.update(organizers).set({ welfareVetOnCall: false }).where(organizerRow);
      await expect.poll(totalOf(withVet), { timeout: 10_000, interval: 100 }).toBe(0);
      // A tour states its own vet on call: it alone matches again.
      await db.update(tours).set({ welfareVetOnCall: true }).where(eq(tours.id, tourId));
      await expect
        .poll(async () => (await search(withVet)).ids, { timeout: 10_000, interval: 100 })
        .toEqual([tourId]);
      // The statement withdrawn: no commitment holds, whatever the tour states itself.
      await db
        .update(organizers)
        .set(Object.fromEntries(Object.keys(statement).map((column) => [column, null])))
        .where(organizerRow);
      await expect.poll(totalOf(withVet), { timeout: 10_000, interval: 100 }).toBe(0);
      expect(await search(theirs)).toEqual(listed);
      expect([...sources]).toEqual(['index']);
    } finally {
      await db.update(tours).set({ welfareVetOnCall: null }).where(eq(tours.id, tourId));
      await db.update(organizers).set(statement).where(organizerRow);
    }
  });
});

// On PostgreSQL other test files change tours of the same database meanwhile, which drops cached
// answers this test expects kept; the cache's logic is the same on both, and the feed and the log
// are tested on PostgreSQL above.
describe.runIf(testDatabaseKind() === 'pglite')('a cached search answer after a review', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({});
  });
  afterAll(() => testApp.close());

  it('is dropped once a tour it shows changes, and other answers are kept', async () => {
    const url = '/spa/tours?sort=price&page=2';
    const other = '/spa/tours?sort=-price';
    const get = (target: string) => testApp.app.inject({ url: target });
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    const card = (first.json() as TourList).items[0]!;
    await get(other);
    expect((await get(url)).headers['x-catalog-cache']).toMatch(/^hit/);
    const db = testApp.database.db;
    const [tour] = await db.select().from(tours).where(eq(tours.id, card.id));
    await db
      .update(tours)
      .set({ reviewsCount: tour!.reviewsCount + 7 })
      .where(eq(tours.id, card.id));
    try {
      const reviewsShown = async () => {
        const response = await get(url);
        const shown = (response.json() as TourList).items.find((item) => item.id === card.id);
        return shown?.reviews_count;
      };
      await expect
        .poll(reviewsShown, { timeout: 10_000, interval: 100 })
        .toBe(tour!.reviewsCount + 7);
      // An answer that does not show the tour stays cached.
      const otherIds = ((await get(other)).json() as TourList).items.map((item) => item.id);
      expect(otherIds).not.toContain(card.id);
      expect((await get(other)).headers['x-catalog-cache']).toMatch(/^hit/);
    } finally {
      await db.update(tours).set({ reviewsCount: tour!.reviewsCount }).where(eq(tours.id, card.id));
    }
  });
});
