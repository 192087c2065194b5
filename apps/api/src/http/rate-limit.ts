/**
 * A per-visitor limit on the write calls anyone may make (complaints, programme orders, help
 * requests): after `limit` calls in `windowMs` from one address, the API answers 429 with
 * `type: captcha`, as the spec's error catalogue says, until the window has passed. In process:
 * several API processes each count their own share, which still bounds abuse.
 */
export interface RateLimiter {
  /** Counts a call; `false` when the caller is over the limit. */
  allow(key: string): boolean;
  /**
   * Takes back one counted call, for limits on failures: count every attempt before the work
   * (so parallel attempts cannot all slip through) and refund the ones that succeed.
   */
  refund(key: string): void;
}

export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
  maxKeys = 10_000,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    refund(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    },
    allow(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        // Bounded memory: a flood of distinct keys resets the table rather than growing it.
        if (!window && windows.size >= maxKeys) windows.clear();
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}
