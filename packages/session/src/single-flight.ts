/**
 * Wraps an async task so that concurrent callers share one run.
 * Used for token refresh: several requests failing with 401 at once trigger a single refresh
 * (spec section 4, Session). Once the run settles, the next call starts a new one.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= task().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
