/**
 * Work that can wait (analytics, keeping the visitor's country) waits for an idle browser, at
 * most this long (docs/product.md, Constants: analytics idle timeout).
 */
export const IDLE_TIMEOUT_MS = 6000;

export type IdleWindow = Pick<Window, 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** Runs `task` when the browser is idle, or after the timeout at the latest. */
export function whenIdle(task: () => void, win: IdleWindow = window): void {
  if (typeof win.requestIdleCallback === 'function') {
    win.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  } else {
    win.setTimeout(task, 1);
  }
}
