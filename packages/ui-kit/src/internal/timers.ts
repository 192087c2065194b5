/**
 * The longest delay a browser timer keeps (2^31 - 1 ms, about 24.8 days; docs/product.md,
 * Constants). A longer one, or Infinity, overflows and fires at once, so delays are capped here
 * instead.
 */
export const MAX_TIMER_DELAY = 2_147_483_647;

/** A delay that a timer keeps: capped at MAX_TIMER_DELAY, never negative. */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.min(MAX_TIMER_DELAY, Math.max(0, ms));
}
