/**
 * An in-process LRU of response bodies, bounded by their total size in bytes (not by count: a
 * page of cards with facets is ten times a bare page). An entry is fresh for its TTL, then stale
 * for `staleMs` more (still answered, marked stale, so the caller can refresh it), then gone.
 */
export interface ByteLru<Meta = void> {
  get(key: string): Buffer | undefined;
  /** The entry, what was set with it and whether its TTL has passed (undefined once gone). */
  lookup(key: string): { value: Buffer; meta: Meta; stale: boolean } | undefined;
  set(key: string, value: Buffer, ttlMs: number, meta: Meta): void;
  delete(key: string): void;
  clear(): void;
  /** Bytes held now. */
  readonly bytes: number;
  readonly size: number;
}

export function createByteLru<Meta = void>(
  maxBytes: number,
  now: () => number = Date.now,
  staleMs = 0,
): ByteLru<Meta> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, { value: Buffer; meta: Meta; expiresAt: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.value.byteLength;
  };
  const lookup = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const at = now();
    if (entry.expiresAt + staleMs <= at) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return { value: entry.value, meta: entry.meta, stale: entry.expiresAt <= at };
  };
  return {
    lookup,
    get(key) {
      const found = lookup(key);
      return found && !found.stale ? found.value : undefined;
    },
    delete: remove,
    set(key, value, ttlMs, meta) {
      remove(key);
      // One answer bigger than the whole budget would only evict everything else.
      if (value.byteLength > maxBytes) return;
      entries.set(key, { value, meta, expiresAt: now() + ttlMs });
      bytes += value.byteLength;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
