/**
 * A background job's rounds: `round` runs every `intervalMs` (first after `firstAfterMs`, by
 * default one interval), one round at a time (a slow round delays the next, never overlaps it),
 * its failure reported to `onError`. The timers do not keep the process alive; the answer stops
 * them and waits for the round under way.
 */
export function startRounds(
  round: () => Promise<unknown>,
  options: { intervalMs: number; firstAfterMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const next = () => {
    running = running.then(round).catch(options.onError);
  };
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    next();
    timer = setInterval(next, options.intervalMs);
    timer.unref();
  }, options.firstAfterMs ?? options.intervalMs);
  first.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
