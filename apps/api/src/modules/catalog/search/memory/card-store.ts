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

interface Entry {
  parts: CardParts;
  loadedAt: number;
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

  async function partsOf(index: TourIndex, ids: readonly number[]) {
    const store = storeOf(index);
    const time = now();
    const found = new Map<number, CardParts>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = store.get(id);
      if (entry && time - entry.loadedAt < maxAgeMs) {
        store.delete(id);
        store.set(id, entry);
        found.set(id, entry.parts);
      } else {
        missing.push(id);
      }
    }
    if (missing.length === 0) return found;
    const loaded = await load(db, missing);
    const loadedAt = now();
    for (const [id, parts] of loaded) {
      found.set(id, parts);
      store.delete(id);
      store.set(id, { parts, loadedAt });
    }
    for (const oldest of store.keys()) {
      if (store.size <= maxEntries) break;
      store.delete(oldest);
    }
    return found;
  }

  return {
    async cards(index, ids, bounds, context) {
      const parts = await partsOf(index, ids);
      const inScope = inDateBounds(bounds);
      const cards: TourSummary[] = [];
      for (const id of ids) {
        const card = parts.get(id);
        if (!card) continue;
        const dates = chooseCardDates(card.dates, context.today, inScope);
        cards.push(
          toTourSummary(
            card.tour,
            { organizer: card.organizer, countries: card.countries, ...dates },
            context,
          ),
        );
      }
      return cards;
    },
  };
}
