/**
 * Resolves once the page no longer needs the network for its first view: after the browser has
 * painted its largest element (the first `largest-contentful-paint` entry) and then gone idle, or
 * at once on the visitor's first input. Code a page can do without at first (the search page's
 * filters, decision 041) waits for it, so it does not take bandwidth from the largest picture on
 * a slow phone network. Where the browser reports no largest paint (Safari), the window's `load`
 * event stands for it; a hidden tab, which paints nothing, gets `LARGEST_PAINT_TIMEOUT_MS`.
 * The server and a second call resolve at once (the promise is made once per page).
 */
export const LARGEST_PAINT_TIMEOUT_MS = 5000;

/** What the wait needs of the browser (a test passes its own). */
export interface PaintWindow {
  document: Pick<Document, 'readyState'>;
  addEventListener: (type: string, listener: () => void, options?: AddEventListenerOptions) => void;
  removeEventListener: (type: string, listener: () => void, options?: EventListenerOptions) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  PerformanceObserver?: {
    new (callback: () => void): {
      observe(options: PerformanceObserverInit): void;
      disconnect(): void;
    };
    supportedEntryTypes?: readonly string[];
  };
}

/** Input that means the visitor is using the page now: the code must come at once. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/** After a largest paint, the idle wait lasts this long at most. */
const IDLE_TIMEOUT_MS = 1000;

type IdleWindow = Pick<PaintWindow, 'requestIdleCallback' | 'setTimeout'>;

/** Calls `callback` once the browser is idle (at most `IDLE_TIMEOUT_MS` later), in a task of its own. */
function whenIdle(win: IdleWindow, callback: () => void): void {
  if (typeof win.requestIdleCallback === 'function') {
    win.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  } else {
    win.setTimeout(callback, 1);
  }
}

/**
 * Resolves the next time the browser is idle: work that can wait its turn (loading the next
 * chunk of a page) runs in a task of its own instead of adding to the one before. On the server,
 * at once.
 */
export function nextIdle(
  win: IdleWindow | undefined = typeof window === 'undefined' ? undefined : window,
): Promise<void> {
  if (!win) return Promise.resolve();
  return new Promise<void>((resolve) => whenIdle(win, resolve));
}

export function waitForLargestPaint(win: PaintWindow): Promise<void> {
  return new Promise<void>((resolve) => {
    const cleanups: Array<() => void> = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const cleanup of cleanups) cleanup();
      resolve();
    };
    const finishWhenIdle = () => whenIdle(win, finish);

    for (const type of INPUT_EVENTS) {
      const options = { capture: true, passive: true } as const;
      win.addEventListener(type, finish, options);
      cleanups.push(() => win.removeEventListener(type, finish, options));
    }
    win.setTimeout(finish, LARGEST_PAINT_TIMEOUT_MS);

    const Observer = win.PerformanceObserver;
    if (Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) {
      // `buffered`: a paint before this call counts too.
      const observer = new Observer(() => {
        observer.disconnect();
        finishWhenIdle();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      cleanups.push(() => observer.disconnect());
    } else if (win.document.readyState === 'complete') {
      finishWhenIdle();
    } else {
      const onLoad = () => finishWhenIdle();
      win.addEventListener('load', onLoad, { once: true });
      cleanups.push(() => win.removeEventListener('load', onLoad));
    }
  });
}

let largestPaint: Promise<void> | undefined;

/** {@link waitForLargestPaint} for this page, once; resolved at once on the server. */
export function afterLargestPaint(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return (largestPaint ??= waitForLargestPaint(window as unknown as PaintWindow));
}

/**
 * A gate for code that waits for the largest paint: `wait` resolves after it, or at once after
 * `open` (a navigation that needs the code now).
 */
export function paintGate(until: () => Promise<void> = afterLargestPaint): {
  wait: () => Promise<void>;
  open: () => void;
} {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { wait: () => Promise.race([until(), opened]), open: () => open() };
}
