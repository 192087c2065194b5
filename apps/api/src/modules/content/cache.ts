/**
 * A value loaded at most once per `ttlMs` (by the given clock); concurrent callers share the
 * load, and a failed load is not kept. For answers that scan the catalogue but change slowly.
 */
export function cachedFor<T>(ttlMs: number, clock: () => Date, load: () => Promise<T>) {
  let cached: { at: number; value: Promise<T> } | undefined;
  return (): Promise<T> => {
    const now = clock().getTime();
    if (!cached || now - cached.at > ttlMs) {
      const value = load();
      cached = { at: now, value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
}
