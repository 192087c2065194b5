/**
 * Card parts of recently shown tours, kept in process next to the search index (decision 044).
 * A search's page of 20 cards used to be one statement per search (a fifth of the API's CPU per
 * cold search went into it, parsing rows, and about 1 ms of PostgreSQL's); the parts of a card
 * (tour columns, organizer, countries, every date) do not depend on the search, only the dates a
 * card shows do, and those are chosen here with the search's own date bounds.
 *
 * Freshness: the parts belong to one day (a new day starts an empty store; a new index of the
 * same day keeps it). With the catalogue's change feed (decisions 083, 110) a changed tour's parts
 * are forgotten within about a second and other parts are kept up to `maxAgeMs` (ten minutes, a
 * safety net); without one, every part is read again after a minute. Under searches with a
 * traveller's own dates, reading parts again each minute had cost PostgreSQL 0.5 ms per search.
 *
 * Searches take their cards as JSON text (`cardBodies`, decision 069): a card's text depends
 * only on its parts, the two dates it shows, the currency with its rates and `withAlt`, so each
 * entry keeps the texts it was shown with, and a search that shows the same tour again copies
 * bytes instead of building and serialising the card (a fifth of an uncached search's CPU).
 */
import type { DateBounds, TourIndex } from '@gallop/search-index';
import type { Database } from '#src/db/client.ts';
import {
  cardHead,
  cardPrices,
  chooseCardDates,
  loadCardParts,
  toTourSummary,
  type CardContext,
  type CardParts,
  type PricedDateRow,
  type TourSummary,
} from '../../tour-card.ts';
import { cardText, cardTextParts, type CardTextParts } from '../../tour-card-text.ts';
import type { TourChanges, TourChangesSubscription } from '../../cache/tour-changes.ts';

/** What a map point shows of a tour's card (decision 120), in the card's own words. */
export type CardPoint = Pick<
  TourSummary,
  'id' | 'slug' | 'name' | 'duration' | 'price' | 'currency' | 'rating'
>;

/** A card's point: its head, its price and its rating, from the same parts and dates. */
export function cardPointOf(card: CardPoint): CardPoint {
  const { id, slug, name, duration, price, currency, rating } = card;
  return { id, slug, name, duration, price, currency, rating };
}

export interface CardStore {
  /**
   * Cards of `ids` in that order (ids the catalogue no longer has are skipped), showing the dates
   * within the search's `bounds` that carry a rider of `riderWeight` (the search's filter).
   */
  cards(
    index: TourIndex,
    ids: readonly number[],
    bounds: DateBounds,
    context: CardContext,
    riderWeight?: number,
  ): Promise<TourSummary[]>;
  /**
   * The same cards' points (`CardPoint`), without building what a map point does not show (its
   * pictures, organizer and dates): a map asks for up to 500 at once.
   */
  points(
    index: TourIndex,
    ids: readonly number[],
    bounds: DateBounds,
    context: CardContext,
    riderWeight?: number,
  ): Promise<CardPoint[]>;
  /** The same cards, each as its JSON text in UTF-8 (`JSON.stringify` of the card). */
  cardBodies(
    index: TourIndex,
    ids: readonly number[],
    bounds: DateBounds,
    context: CardContext,
    riderWeight?: number,
  ): Promise<Buffer[]>;
}

export interface CardStoreOptions {
  /** Tours kept per day (least recently shown dropped first). */
  maxEntries?: number;
  /** Default: `CARD_STORE_MAX_AGE_MS`, or `CARD_STORE_MAX_AGE_WITH_FEED_MS` with a feed. */
  maxAgeMs?: number;
  /** Tours the catalogue's writes changed: their parts are forgotten (decisions 083, 110). */
  changes?: TourChangesSubscription;
  now?: () => number;
  load?: typeof loadCardParts;
}

/**
 * About 3.4 kB of parts and text pieces each, plus up to `CARD_BODIES_PER_ENTRY` kept texts of
 * about 1.3 kB: a full 60,000-tour store holds 200–510 MB (docs/operations.md). It kept 20,000
 * before decision 088, and at 100k tours searches no one sent before read their cards from the
 * database again and again (`CARD_STORE_TOURS` sets it per process).
 */
const CARD_STORE_MAX_ENTRIES = 60_000;
const CARD_STORE_MAX_AGE_MS = 60_000;
export const CARD_STORE_MAX_AGE_WITH_FEED_MS = 10 * 60_000;

/** The two dates a card shows (the nearest, and the one that prices it). */
type ShownDates = ReturnType<typeof chooseCardDates>;

/** JSON texts of a card kept per entry: a few (dates shown, currency) pairs are usual. */
const CARD_BODIES_PER_ENTRY = 4;

/** The kept cards of one index, least recently used first. */
interface Store {
  entries: Map<number, Entry>;
  /** How many times an entry was (re)inserted: the clock of `Entry.insertedAt`. */
  insertions: number;
}

interface Entry {
  parts: CardParts;
  loadedAt: number;
  /** `Store.insertions` when this entry was last moved to the recent end. */
  insertedAt: number;
  /** The dates shown to a search without date bounds (most searches), for the day `on`. */
  unbounded?: { on: string; dates: ShownDates };
  /** The card's JSON texts (at most `CARD_BODIES_PER_ENTRY`), all priced with `bodiesRates`. */
  bodies?: KeptBody[];
  bodiesRates?: CardContext['rates'];
  /** The card text's parts no search changes (decision 083), without and with `alt` texts. */
  textParts?: [CardTextParts | undefined, CardTextParts | undefined];
}

/** A card's JSON text with what it depends on besides its parts and the rates. */
interface KeptBody {
  nearestId: number | undefined;
  priceId: number | undefined;
  /** The card's `heavy_places_free`: the most among the dates in its search's scope. */
  heavyPlacesFree: number;
  currency: string;
  withAlt: boolean;
  text: Buffer;
}

/**
 * `text` in a buffer of its own. `Buffer.from` puts short strings in a shared 8 kB slab, and a
 * kept slice would keep its whole slab (and every short-lived buffer's bytes in it) alive.
 */
function keptBuffer(text: string): Buffer {
  const buffer = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  buffer.write(text);
  return buffer;
}

/** A day number (`dayNumber`) as `YYYY-MM-DD`; the open ends sort before and after every date. */
function isoDay(day: number): string {
  if (day === -Infinity) return '';
  if (day === Infinity) return '\uffff';
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The date filters of a search as a test of one date (the same bounds the index applies). The
 * window is turned into `YYYY-MM-DD` text once, so each date compares its text as it is.
 */
export function inDateBounds(bounds: DateBounds): ((date: PricedDateRow) => boolean) | undefined {
  if (!bounds.any) return undefined;
  const from = isoDay(bounds.fromDay);
  const to = isoDay(bounds.toDay);
  return (date) =>
    date.startDate >= from &&
    date.startDate <= to &&
    date.duration >= bounds.daysMin &&
    date.duration <= bounds.daysMax &&
    date.priceUsd >= bounds.priceMin &&
    date.priceUsd <= bounds.priceMax &&
    date.pricePerDayUsd >= bounds.perDayMin &&
    date.pricePerDayUsd <= bounds.perDayMax;
}

/**
 * `inBounds` narrowed to the dates that carry a rider of `riderWeight` (the search's filter, as
 * the index and SQL match dates): all of them when the tour's standard horses do, else those
 * with a heavier-horse place free. Undefined: every bookable date.
 */
function withRider(
  inBounds: ((date: PricedDateRow) => boolean) | undefined,
  parts: CardParts,
  riderWeight: number | undefined,
): ((date: PricedDateRow) => boolean) | undefined {
  if (riderWeight === undefined || parts.tour.maxRiderWeightKg >= riderWeight) return inBounds;
  return inBounds
    ? (date) => date.heavyPlacesFree > 0 && inBounds(date)
    : (date) => date.heavyPlacesFree > 0;
}

/**
 * The parts with only the dates a card can show on `today` (the store's day): bookable dates are
 * never past, and a tour without any is priced by its latest date. Past dates were a third of
 * the seeded dates, and of a kept entry's memory.
 */
export function withShowableDates(parts: CardParts, today: string): CardParts {
  let latest: PricedDateRow | undefined;
  let past = 0;
  for (const date of parts.dates) {
    if (!latest || date.startDate > latest.startDate) latest = date;
    if (date.startDate < today) past += 1;
  }
  if (past === 0) return parts;
  const dates = parts.dates.filter((date) => date.startDate >= today || date === latest);
  return { ...parts, dates };
}

export function createCardStore(db: Database, options: CardStoreOptions = {}): CardStore {
  const {
    maxEntries = CARD_STORE_MAX_ENTRIES,
    changes,
    maxAgeMs = changes ? CARD_STORE_MAX_AGE_WITH_FEED_MS : CARD_STORE_MAX_AGE_MS,
    now = Date.now,
    load = loadCardParts,
  } = options;
  // The store of the newest day (one at a time: an older day's parts would otherwise stay in
  // memory). A Map iterates in insertion order, so re-inserting on use makes it an LRU.
  let current: { today: string; store: Store } | undefined;
  /**
   * Seat changes applied while parts were being read: a read that started before a change may
   * hold the old seats, so what it read is served once and read again next time.
   */
  let changesApplied = 0;
  const changedWhileLoading = new Map<number, number>();
  let allChangedAt = 0;
  let loadsInFlight = 0;

  function storeOf(index: TourIndex): Store {
    const { today } = index;
    if (current?.today === today) return current.store;
    const store: Store = { entries: new Map(), insertions: 0 };
    // An index of the day before, still answering while the new day's takes over, reads its
    // parts without keeping them, so the new day's store is not emptied back and forth.
    if (current === undefined || today > current.today) current = { today, store };
    return store;
  }

  function applyChanges(changed: TourChanges): void {
    if (changed !== 'all' && changed.length === 0) return;
    changesApplied += 1;
    if (changed === 'all') {
      current?.store.entries.clear();
      if (loadsInFlight > 0) allChangedAt = changesApplied;
      return;
    }
    for (const tourId of changed) {
      current?.store.entries.delete(tourId);
      if (loadsInFlight > 0) changedWhileLoading.set(tourId, changesApplied);
    }
  }

  /** Whether parts of `tourId` read since `startedAt` (`changesApplied`) may be stale. */
  function changedSince(tourId: number, startedAt: number): boolean {
    return allChangedAt > startedAt || (changedWhileLoading.get(tourId) ?? 0) > startedAt;
  }

  /** `entry` (re)inserted as the most recently used of `store`. */
  function insert(store: Store, id: number, entry: Entry): void {
    store.entries.delete(id);
    store.entries.set(id, entry);
    store.insertions += 1;
    entry.insertedAt = store.insertions;
  }

  /**
   * A use of a kept entry moves it to the recent end, unless it was (re)inserted within the last
   * quarter of `maxEntries` insertions: at most that many are newer, so it is far from being
   * dropped, and moving it again (a delete and a set in a 20,000-entry map, for each card of
   * every search) would change little. A small store stays an exact LRU.
   */
  function touch(store: Store, id: number, entry: Entry): void {
    if (store.insertions - entry.insertedAt >= maxEntries / 4) insert(store, id, entry);
  }

  /** The fresh entry of each of `ids`, in order (undefined for ids the catalogue lacks). */
  async function entriesOf(index: TourIndex, ids: readonly number[]) {
    if (changes) applyChanges(changes.drain());
    const store = storeOf(index);
    const time = now();
    const found: (Entry | undefined)[] = new Array<Entry | undefined>(ids.length);
    let missing: number[] | undefined;
    ids.forEach((id, position) => {
      const entry = store.entries.get(id);
      if (entry && time - entry.loadedAt < maxAgeMs) {
        touch(store, id, entry);
        found[position] = entry;
      } else {
        (missing ??= []).push(id);
      }
    });
    if (!missing) return found;
    const startedAt = changesApplied;
    loadsInFlight += 1;
    let loaded: Awaited<ReturnType<typeof load>>;
    try {
      loaded = await load(db, missing);
    } finally {
      loadsInFlight -= 1;
    }
    const loadedAt = now();
    ids.forEach((id, position) => {
      if (found[position]) return;
      const loadedParts = loaded.get(id);
      if (!loadedParts) return;
      const parts = withShowableDates(loadedParts, index.today);
      // Parts that may predate a seat change serve this search and are read again next time.
      const entry: Entry = {
        parts,
        loadedAt: changedSince(id, startedAt) ? -Infinity : loadedAt,
        insertedAt: 0,
      };
      found[position] = entry;
      insert(store, id, entry);
    });
    if (loadsInFlight === 0) {
      changedWhileLoading.clear();
      allChangedAt = 0;
    }
    for (const oldest of store.entries.keys()) {
      if (store.entries.size <= maxEntries) break;
      store.entries.delete(oldest);
    }
    return found;
  }

  function cardOf(parts: CardParts, dates: ShownDates, context: CardContext) {
    return toTourSummary(
      parts.tour,
      { organizer: parts.organizer, countries: parts.countries, ...dates },
      context,
    );
  }

  function textPartsOf(entry: Entry, withAlt: boolean): CardTextParts {
    entry.textParts ??= [undefined, undefined];
    const { tour, organizer, countries } = entry.parts;
    return (entry.textParts[withAlt ? 1 : 0] ??= cardTextParts(
      tour,
      organizer,
      countries,
      withAlt,
    ));
  }

  function bodyOf(entry: Entry, dates: ShownDates, context: CardContext): Buffer {
    // New rates reprice every card: the texts priced with the old ones go.
    if (entry.bodiesRates !== context.rates || !entry.bodies) {
      entry.bodies = [];
      entry.bodiesRates = context.rates;
    }
    const nearestId = dates.nearestDate?.id;
    const priceId = dates.priceDate?.id;
    const { heavyPlacesFree } = dates;
    const { currency, withAlt } = context;
    // A scan of at most four, cheaper than building a key to look up.
    for (const kept of entry.bodies) {
      if (
        kept.nearestId === nearestId &&
        kept.priceId === priceId &&
        kept.heavyPlacesFree === heavyPlacesFree &&
        kept.currency === currency &&
        kept.withAlt === withAlt
      ) {
        return kept.text;
      }
    }
    const text = keptBuffer(
      cardText(entry.parts.tour, textPartsOf(entry, withAlt), dates, context),
    );
    if (entry.bodies.length >= CARD_BODIES_PER_ENTRY) entry.bodies = [];
    entry.bodies.push({ nearestId, priceId, heavyPlacesFree, currency, withAlt, text });
    return text;
  }

  /** The dates an entry's card shows to a search without date bounds, kept for the day. */
  function unboundedDates(entry: Entry, today: string): ShownDates {
    if (entry.unbounded?.on !== today) {
      entry.unbounded = { on: today, dates: chooseCardDates(entry.parts.dates, today) };
    }
    return entry.unbounded.dates;
  }

  /** Each found entry of `ids`, in order, with the dates its card shows for `bounds`. */
  async function shown(
    index: TourIndex,
    ids: readonly number[],
    bounds: DateBounds,
    today: string,
    riderWeight: number | undefined,
  ): Promise<[Entry, ShownDates][]> {
    const entries = await entriesOf(index, ids);
    const inBounds = inDateBounds(bounds);
    const found: [Entry, ShownDates][] = [];
    for (const entry of entries) {
      if (!entry) continue;
      const inScope = withRider(inBounds, entry.parts, riderWeight);
      const dates = inScope
        ? chooseCardDates(entry.parts.dates, today, inScope)
        : unboundedDates(entry, today);
      found.push([entry, dates]);
    }
    return found;
  }

  return {
    async cards(index, ids, bounds, context, riderWeight) {
      const found = await shown(index, ids, bounds, context.today, riderWeight);
      return found.map(([entry, dates]) => cardOf(entry.parts, dates, context));
    },
    async points(index, ids, bounds, context, riderWeight) {
      const found = await shown(index, ids, bounds, context.today, riderWeight);
      return found.map(([{ parts }, dates]) =>
        cardPointOf({
          ...cardHead(parts.tour),
          ...cardPrices(parts.tour, dates.priceDate, context),
          rating: parts.tour.rating,
        }),
      );
    },
    async cardBodies(index, ids, bounds, context, riderWeight) {
      const found = await shown(index, ids, bounds, context.today, riderWeight);
      return found.map(([entry, dates]) => bodyOf(entry, dates, context));
    },
  };
}
