/**
 * The card store's own rules: which dates a card shows, which parts it reads again and when it
 * forgets them. That its cards equal the SQL card query's is checked on the seeded catalogue by
 * `equivalence.test.ts` (every drawn filter goes through the store too).
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chooseCardDates, type CardParts, type PricedDateRow } from '../../tour-card.ts';
import type { TourChanges } from '../../cache/tour-changes.ts';
import {
  CARD_STORE_MAX_AGE_WITH_FEED_MS,
  createCardStore,
  inDateBounds,
  withShowableDates,
} from './card-store.ts';
import { dayNumber, OPEN_DATE_BOUNDS, type DateBounds, type TourIndex } from '@gallop/search-index';

const TODAY = '2030-06-01';
const context = {
  currency: 'USD',
  rates: new Map([['USD', 1]]),
  withAlt: false,
  today: TODAY,
};
const noBounds: DateBounds = OPEN_DATE_BOUNDS;

function date(id: number, startDate: string, priceUsd: number, extra: Partial<PricedDateRow> = {}) {
  return {
    id,
    tourId: 1,
    startDate,
    endDate: startDate,
    duration: 5,
    currency: 'USD',
    price: priceUsd,
    priceWithoutDiscount: priceUsd,
    isBusy: false,
    flightIncluded: false,
    variantName: null,
    notGuaranteed: false,
    isDiscountAuto: false,
    discountKind: null,
    discountPercent: null,
    discountValidUntil: null,
    prepaymentType: 'percent',
    fullPaymentDays: 30,
    prepaymentSize: 30,
    numberOfSeats: 10,
    numberOfFreeSeats: 4,
    heavyPlaces: 2,
    heavyPlacesFree: 1,
    nonRiderPrice: null,
    nonRiderPlacesFree: 0,
    isCashbackAvailable: false,
    priceUsd,
    pricePerDayUsd: Math.round(priceUsd / 5),
    ...extra,
  } as PricedDateRow;
}

function parts(id: number, dates: PricedDateRow[] = [date(id * 10, '2030-07-01', 90_000)]) {
  return {
    tour: {
      id,
      slug: `tour-${id}`,
      name: `Tour ${id}`,
      type: 1,
      duration: 5,
      rating: 4.5,
      reviewsCount: 3,
      difficulty: 2,
      comfort: 'medium',
      accommodation: 'hotel',
      maxGroupSize: 10,
      minAge: 12,
      images: [],
      emoji: null,
      riderLevel: 2,
      hoursLongestDay: 6,
      tack: 'english',
      otherTackOnRequest: false,
      maxRiderWeightKg: 95,
      heavyRiderWeightKg: 110,
      minRidingAge: 14,
      maxRidingAge: null,
      nonRidersWelcome: false,
    },
    organizer: undefined,
    countries: [],
    dates,
  } as unknown as CardParts;
}

/** A loader that answers the given tours and records which ids each call asked for. */
function fakeLoader(known: Map<number, CardParts>) {
  const calls: number[][] = [];
  const load = async (_db: Database, ids: readonly number[]) => {
    calls.push([...ids]);
    return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : [])));
  };
  return { load, calls };
}

/** A change subscription whose next drain answers what `announce` was last given. */
function fakeFeed() {
  let next: TourChanges = [];
  const feed = {
    drain: () => {
      const drained = next;
      next = [];
      return drained;
    },
  };
  return { feed, announce: (changes: TourChanges) => (next = changes) };
}

const db = {} as Database;
let versions = 0;
/** A new index (or one of the given version and day). */
const anIndex = (version = ++versions, today = TODAY) => ({ version, today }) as TourIndex;

describe('chooseCardDates', () => {
  it('shows the nearest and prices from the cheapest bookable date, ties broken by price then id', () => {
    const dates = [
      date(5, '2030-05-20', 10_000), // past
      date(4, '2030-07-01', 80_000),
      date(3, '2030-07-01', 70_000),
      date(2, '2030-08-01', 50_000, { isBusy: true }),
      date(1, '2030-09-01', 60_000),
      date(6, '2030-10-01', 60_000, { numberOfFreeSeats: 0 }),
    ];
    const chosen = chooseCardDates(dates, TODAY);
    expect(chosen.nearestDate?.id).toBe(3);
    expect(chosen.priceDate?.id).toBe(1);
  });

  it('keeps to the dates in scope, and prices from the latest date when none is left', () => {
    const dates = [date(1, '2030-07-01', 70_000), date(2, '2030-09-01', 90_000)];
    const inScope = inDateBounds({ ...noBounds, priceMin: 80_000, any: true })!;
    expect(chooseCardDates(dates, TODAY, inScope).priceDate?.id).toBe(2);
    const none = chooseCardDates(dates, '2031-01-01');
    expect(none.nearestDate).toBeUndefined();
    expect(none.priceDate?.id).toBe(2);
  });
});

describe('withShowableDates', () => {
  it('drops past dates, keeping the latest when no date is left to come', () => {
    const upcoming = parts(1, [
      date(1, '2030-05-01', 10_000),
      date(2, '2030-05-31', 20_000),
      date(3, '2030-06-01', 30_000),
      date(4, '2030-07-01', 40_000, { isBusy: true }),
    ]);
    expect(withShowableDates(upcoming, TODAY).dates.map((row) => row.id)).toEqual([3, 4]);
    const gone = parts(2, [date(5, '2030-04-01', 10_000), date(6, '2030-05-01', 20_000)]);
    const kept = withShowableDates(gone, TODAY);
    expect(kept.dates.map((row) => row.id)).toEqual([6]);
    // What a card shows is the same either way.
    expect(chooseCardDates(kept.dates, TODAY)).toEqual(chooseCardDates(gone.dates, TODAY));
    expect(withShowableDates(parts(3), TODAY)).toEqual(parts(3));
  });
});

describe('inDateBounds', () => {
  it('is no test without date filters, and applies each bound with its ends included', () => {
    expect(inDateBounds(noBounds)).toBeUndefined();
    const test = inDateBounds({
      ...noBounds,
      fromDay: dayNumber('2030-07-01'),
      toDay: dayNumber('2030-07-31'),
      daysMin: 5,
      daysMax: 5,
      perDayMax: 18_000,
      any: true,
    })!;
    expect(test(date(1, '2030-07-01', 90_000))).toBe(true);
    expect(test(date(1, '2030-07-31', 90_000))).toBe(true);
    expect(test(date(1, '2030-08-01', 90_000))).toBe(false);
    expect(test(date(1, '2030-07-10', 90_000, { duration: 6 }))).toBe(false);
    expect(test(date(1, '2030-07-10', 95_000))).toBe(false);
  });
});

describe('the card store', () => {
  it('answers cards in the order asked, skips unknown ids, and reads each tour once', async () => {
    const { load, calls } = fakeLoader(new Map([1, 2, 3].map((id) => [id, parts(id)])));
    const store = createCardStore(db, { load });
    const index = anIndex();
    const first = await store.cards(index, [3, 9, 1], noBounds, context);
    expect(first.map((card) => card.id)).toEqual([3, 1]);
    expect(first[0]!.price).toBe(900);
    const second = await store.cards(index, [1, 2, 3], noBounds, context);
    expect(second.map((card) => card.id)).toEqual([1, 2, 3]);
    expect(calls).toEqual([[3, 9, 1], [2]]);
  });

  it('reads parts again after maxAge and for a new day, not for a new index of the same day', async () => {
    let time = 0;
    const { load, calls } = fakeLoader(new Map([[1, parts(1)]]));
    const store = createCardStore(db, { load, maxAgeMs: 1_000, now: () => time });
    const index = anIndex();
    await store.cards(index, [1], noBounds, context);
    time = 999;
    await store.cards(index, [1], noBounds, context);
    // A new index of the same day (rebuilt, or with changed tours applied): the same parts, since
    // the change feed names the tours whose parts changed.
    await store.cards(anIndex(), [1], noBounds, context);
    expect(calls).toEqual([[1]]);
    time = 1_000;
    await store.cards(index, [1], noBounds, context);
    await store.cards(anIndex(index.version, '2030-06-02'), [1], noBounds, context);
    expect(calls).toEqual([[1], [1], [1]]);
    // The day before, still answering while the new day's index takes over: read, not kept.
    await store.cards(index, [1], noBounds, context);
    await store.cards(anIndex(index.version, '2030-06-02'), [1], noBounds, context);
    expect(calls).toEqual([[1], [1], [1], [1]]);
  });

  it('keeps parts ten minutes with a change feed, and forgets the tours it names at once', async () => {
    let time = 0;
    const { load, calls } = fakeLoader(new Map([1, 2, 3].map((id) => [id, parts(id)])));
    const { feed, announce } = fakeFeed();
    const store = createCardStore(db, { load, changes: feed, now: () => time });
    const index = anIndex();
    await store.cards(index, [1, 2, 3], noBounds, context);
    time = CARD_STORE_MAX_AGE_WITH_FEED_MS - 1;
    await store.cards(index, [1, 2, 3], noBounds, context);
    expect(calls).toEqual([[1, 2, 3]]);
    announce([2]);
    await store.cards(index, [1, 2, 3], noBounds, context);
    expect(calls).toEqual([[1, 2, 3], [2]]);
    announce('all');
    await store.cards(index, [3], noBounds, context);
    expect(calls).toEqual([[1, 2, 3], [2], [3]]);
    time = CARD_STORE_MAX_AGE_WITH_FEED_MS;
    await store.cards(index, [1], noBounds, context);
    expect(calls).toEqual([[1, 2, 3], [2], [3], [1]]);
  });

  it('serves parts read across a change once, and reads them again next time', async () => {
    const known = new Map([1, 2].map((id) => [id, parts(id)]));
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first read of tour 1 waits until a change of tour 1 has been applied.
    const load = async (_db: Database, ids: readonly number[]) => {
      calls.push([...ids]);
      if (calls.length === 1) await gate;
      return new Map(ids.map((id) => [id, known.get(id)!] as const));
    };
    const { feed, announce } = fakeFeed();
    const store = createCardStore(db, { load, changes: feed });
    const index = anIndex();
    const slow = store.cards(index, [1], noBounds, context);
    announce([1]);
    await store.cards(index, [2], noBounds, context);
    release();
    expect((await slow).map((card) => card.id)).toEqual([1]);
    await store.cards(index, [1, 2], noBounds, context);
    expect(calls).toEqual([[1], [2], [1]]);
    // Read after the change: kept.
    await store.cards(index, [1, 2], noBounds, context);
    expect(calls).toEqual([[1], [2], [1]]);
  });

  it('answers the same cards as JSON texts, kept per dates shown, currency and rates', async () => {
    const { load } = fakeLoader(new Map([1, 2].map((id) => [id, parts(id)])));
    const store = createCardStore(db, { load });
    const index = anIndex();
    const bodies = await store.cardBodies(index, [2, 9, 1], noBounds, context);
    const parsed = bodies.map((body) => JSON.parse(body.toString('utf8')) as unknown);
    expect(parsed).toEqual(await store.cards(index, [2, 1], noBounds, context));
    // Each text owns its memory: a slice of a shared slab would keep the whole slab alive.
    for (const body of bodies) expect(body.buffer.byteLength).toBe(body.length);
    // Shown again the same way: the very same bytes, not a new serialisation.
    const again = await store.cardBodies(index, [1, 2], noBounds, context);
    expect(again[0]).toBe(bodies[1]);
    expect(again[1]).toBe(bodies[0]);
    // Another currency, or new rates (even with equal values), make a new text.
    const euros = {
      ...context,
      currency: 'EUR',
      rates: new Map([
        ['USD', 1],
        ['EUR', 0.5],
      ]),
    };
    const [inEuros] = await store.cardBodies(index, [1], noBounds, euros);
    expect(JSON.parse(inEuros!.toString('utf8'))).toMatchObject({ currency: 'EUR', price: 450 });
    const newRates = { ...context, rates: new Map([['USD', 1]]) };
    const [repriced] = await store.cardBodies(index, [1], noBounds, newRates);
    expect(repriced).not.toBe(bodies[1]);
    expect(repriced!.equals(bodies[1]!)).toBe(true);
  });

  it('keeps a text per pair of dates shown: a search that narrows the dates gets its own', async () => {
    const dates = [date(1, '2030-07-01', 70_000), date(2, '2030-09-01', 90_000)];
    const { load } = fakeLoader(new Map([[1, parts(1, dates)]]));
    const store = createCardStore(db, { load });
    const index = anIndex();
    const [all] = await store.cardBodies(index, [1], noBounds, context);
    const narrowed = { ...noBounds, priceMin: 80_000, any: true };
    const [dearer] = await store.cardBodies(index, [1], narrowed, context);
    expect(JSON.parse(all!.toString('utf8'))).toMatchObject({ price: 700 });
    expect(JSON.parse(dearer!.toString('utf8'))).toMatchObject({ price: 900 });
    expect((await store.cardBodies(index, [1], noBounds, context))[0]).toBe(all);
  });

  it('forgets the least recently shown tours beyond maxEntries', async () => {
    const { load, calls } = fakeLoader(new Map([1, 2, 3].map((id) => [id, parts(id)])));
    const store = createCardStore(db, { load, maxEntries: 2 });
    const index = anIndex();
    await store.cards(index, [1, 2], noBounds, context);
    await store.cards(index, [1], noBounds, context); // 1 is now the most recent
    await store.cards(index, [3], noBounds, context); // 2 is dropped
    await store.cards(index, [1, 2], noBounds, context);
    expect(calls).toEqual([[1, 2], [3], [2]]);
  });

  it('in a larger store, moves a tour shown again unless it is among the newest quarter', async () => {
    const ids = Array.from({ length: 14 }, (_, position) => position + 1);
    const { load, calls } = fakeLoader(new Map(ids.map((id) => [id, parts(id)])));
    const store = createCardStore(db, { load, maxEntries: 8 });
    const index = anIndex();
    await store.cards(index, [1, 2, 3, 4, 5, 6, 7, 8], noBounds, context);
    // 1 is eight insertions old: moved to the recent end. 8 is the newest: left where it is.
    await store.cards(index, [1, 8], noBounds, context);
    // Six new tours drop the six oldest: 2 to 7. 1 and 8 stay.
    await store.cards(index, [9, 10, 11, 12, 13, 14], noBounds, context);
    await store.cards(index, [1, 8], noBounds, context);
    await store.cards(index, [2], noBounds, context);
    expect(calls).toEqual([[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14], [2]]);
  });
});
