/**
 * A small in-process cache for the parts of a search that do not depend on the page: the total
 * and the facets. Paging through a result, or a landing page many visitors open, repeats the same
 * filter; counting tens of thousands of tours (and grouping them per facet) for every page would
 * cost far more than the page itself. Entries live `ttlMs` (a minute, like the currency rates: a
 * count or a facet may lag a booking by that much), at most `maxEntries` of them (least recently
 * used go first), and concurrent misses for one key share one query. A failed query is not kept.
 */
export interface ResultCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createResultCache({ ttlMs = 60_000, maxEntries = 1_000 } = {}): ResultCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at <= ttlMs) {
        // Re-insert: a Map iterates in insertion order, so the first key is the least recent.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** No caching at all (`CATALOG_CACHE=off`): every total and facet is counted. */
export const uncachedResults: ResultCache = {
  get: (_key, load) => load(),
  clear() {},
};
