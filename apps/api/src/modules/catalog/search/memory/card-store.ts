/**
 * Card parts of recently shown tours, kept in process next to the search index (decision 044).
 * A search's page of 20 cards used to be one statement per search (a fifth of the API's CPU per
 * cold search went into it, parsing rows, and about 1 ms of PostgreSQL's); the parts of a card
 * (tour columns, organizer, countries, every date) do not depend on the search, only the dates a
 * card shows do, and those are chosen here with the search's own date bounds.
 *
 * Freshness: the parts belong to one index (a new catalogue version or day builds a new index,
 * and with it an empty store) and are read again after `maxAgeMs`, so seats and busy flags that
 * change without a version bump (bookings) show within a minute, like the index's own rebuild.
 *
 * Searches take their cards as JSON text (`cardBodies`, decision 069): a card's text depends
 * only on its parts, the two dates it shows, the currency with its rates and `withAlt`, so each
 * entry keeps the texts it was shown with, and a search that shows the same tour again copies
 * bytes instead of building and serialising the card (a fifth of an uncached search's CPU).
 */
import type { Database } from '#src/db/client.ts';
import {
  chooseCardDates,
  loadCardParts,
  toTourSummary,
  type CardContext,
  type CardParts,
  type PricedDateRow,
  type TourSummary,
} from '../../tour-card.ts';
import type { TourIndex } from './tour-index.ts';
import type { DateBounds } from './query-index.ts';

export interface CardStore {
  /** Cards of `ids` in that order (ids the catalogue no longer has are skipped). */
  cards(
    index: TourIndex,
    ids: readonly number[],
    bounds: DateBounds,
    context: CardContext,
  ): Promise<TourSummary[]>;
  /** The same cards, each as its JSON text in UTF-8 (`JSON.stringify` of the card). */
  cardBodies(
    index: TourIndex,
    ids: readonly number[],
    bounds: DateBounds,
    context: CardContext,
  ): Promise<Buffer[]>;
}

export interface CardStoreOptions {
  /** Tours kept per index (least recently shown dropped first). */
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
  load?: typeof loadCardParts;
}

/** ~2 kB each: a 20,000-tour store holds about 40 MB. */
export const CARD_STORE_MAX_ENTRIES = 20_000;
export const CARD_STORE_MAX_AGE_MS = 60_000;

/** The two dates a card shows (the nearest, and the one that prices it). */
type ShownDates = ReturnType<typeof chooseCardDates>;

/** JSON texts of a card kept per entry: a few (dates shown, currency) pairs are usual. */
export const CARD_BODIES_PER_ENTRY = 4;

interface Entry {
  parts: CardParts;
  loadedAt: number;
  /** The card's JSON texts by `bodyKey`, all priced with `bodiesRates`. */
  bodies?: Map<string, Buffer>;
  bodiesRates?: CardContext['rates'];
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

/** What a card's text depends on besides its parts (and the rates, checked apart). */
function bodyKey(
  { nearestDate, priceDate }: ShownDates,
  { currency, withAlt }: CardContext,
): string {
  return `${nearestDate?.id ?? ''} ${priceDate?.id ?? ''} ${currency} ${withAlt ? 1 : 0}`;
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

export function createCardStore(db: Database, options: CardStoreOptions = {}): CardStore {
  const {
    maxEntries = CARD_STORE_MAX_ENTRIES,
    maxAgeMs = CARD_STORE_MAX_AGE_MS,
    now = Date.now,
    load = loadCardParts,
  } = options;
  // One map per index; a Map iterates in insertion order, so re-inserting on use makes it an LRU.
  const stores = new WeakMap<TourIndex, Map<number, Entry>>();

  function storeOf(index: TourIndex): Map<number, Entry> {
    let store = stores.get(index);
    if (!store) {
      store = new Map();
      stores.set(index, store);
    }
    return store;
  }

  async function entriesOf(index: TourIndex, ids: readonly number[]) {
    const store = storeOf(index);
    const time = now();
    const found = new Map<number, Entry>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = store.get(id);
      if (entry && time - entry.loadedAt < maxAgeMs) {
        store.delete(id);
        store.set(id, entry);
        found.set(id, entry);
      } else {
        missing.push(id);
      }
    }
    if (missing.length === 0) return found;
    const loaded = await load(db, missing);
    const loadedAt = now();
    for (const [id, parts] of loaded) {
      const entry = { parts, loadedAt };
      found.set(id, entry);
      store.delete(id);
      store.set(id, entry);
    }
    for (const oldest of store.keys()) {
      if (store.size <= maxEntries) break;
      store.delete(oldest);
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

  function bodyOf(entry: Entry, dates: ShownDates, context: CardContext) {
    // New rates reprice every card: the texts priced with the old ones go.
    if (entry.bodiesRates !== context.rates || !entry.bodies) {
      entry.bodies = new Map();
      entry.bodiesRates = context.rates;
    }
    const key = bodyKey(dates, context);
    let body = entry.bodies.get(key);
    if (!body) {
      body = keptBuffer(JSON.stringify(cardOf(entry.parts, dates, context)));
      if (entry.bodies.size >= CARD_BODIES_PER_ENTRY) entry.bodies.clear();
      entry.bodies.set(key, body);
    }
    return body;
  }

  /** Each found entry of `ids`, in order, with the dates its card shows for `bounds`. */
  async function shown(
    index: TourIndex,
    ids: readonly number[],
    bounds: DateBounds,
    today: string,
  ): Promise<[Entry, ShownDates][]> {
    const entries = await entriesOf(index, ids);
    const inScope = inDateBounds(bounds);
    const found: [Entry, ShownDates][] = [];
    for (const id of ids) {
      const entry = entries.get(id);
      if (entry) found.push([entry, chooseCardDates(entry.parts.dates, today, inScope)]);
    }
    return found;
  }

  return {
    async cards(index, ids, bounds, context) {
      const found = await shown(index, ids, bounds, context.today);
      return found.map(([entry, dates]) => cardOf(entry.parts, dates, context));
    },
    async cardBodies(index, ids, bounds, context) {
      const found = await shown(index, ids, bounds, context.today);
      return found.map(([entry, dates]) => bodyOf(entry, dates, context));
    },
  };
}
