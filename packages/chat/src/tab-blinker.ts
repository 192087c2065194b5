/**
 * Tab notifications (docs/product.md, States, "Chat"): while the tab is hidden, a new message makes
 * the title and the favicon alternate with a notification version every 1000 ms (docs/product.md,
 * Constants, "Favicon flash interval"); it stops, and both are restored, once the tab is visible
 * again.
 */

/** Favicon flash interval (docs/product.md, Constants). */
export const TAB_BLINK_INTERVAL_MS = 1000;

/** The parts of `document` the blinker uses (tests pass a fake). */
export interface BlinkerDocument {
  title: string;
  readonly hidden: boolean;
  querySelector(selectors: string): {
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
  } | null;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface TabBlinkerTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface TabBlinkerOptions {
  /** The favicon shown in the notification phase (e.g. the icon with a dot). */
  alertFavicon: string;
  /** The notification title (default '(1) New message'; gets the unread count when given). */
  alertTitle?: (count: number) => string;
  document?: BlinkerDocument;
  timers?: TabBlinkerTimers;
  intervalMs?: number;
  /** The favicon `<link>` (default `link[rel~="icon"]`). */
  faviconSelector?: string;
}

export interface TabBlinker {
  /** A new message: starts blinking if the tab is hidden (counts messages while it blinks). */
  notify(): void;
  /** Stops and restores the title and the favicon. */
  stop(): void;
  readonly active: boolean;
  /** Stops and removes the visibility listener. */
  dispose(): void;
}

const defaultAlertTitle = (count: number) =>
  count === 1 ? 'New message' : `(${count}) New messages`;

export function createTabBlinker(options: TabBlinkerOptions): TabBlinker {
  const doc =
    options.document ?? ((globalThis as { document?: unknown }).document as BlinkerDocument);
  const timers: TabBlinkerTimers = options.timers ?? {
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  };
  const interval = options.intervalMs ?? TAB_BLINK_INTERVAL_MS;
  const alertTitle = options.alertTitle ?? defaultAlertTitle;
  const selector = options.faviconSelector ?? 'link[rel~="icon"]';
  let handle: unknown;
  let count = 0;
  let alertPhase = false;
  let saved: { title: string; favicon: string | null } | undefined;

  const show = (alert: boolean) => {
    if (!saved) return;
    alertPhase = alert;
    doc.title = alert ? alertTitle(count) : saved.title;
    const link = doc.querySelector(selector);
    const href = alert ? options.alertFavicon : saved.favicon;
    if (link && href !== null) link.setAttribute('href', href);
  };

  const stop = () => {
    if (handle === undefined) return;
    timers.clearInterval(handle);
    handle = undefined;
    show(false);
    saved = undefined;
    count = 0;
  };

  const onVisibility = () => {
    if (!doc.hidden) stop();
  };
  doc.addEventListener('visibilitychange', onVisibility);

  return {
    notify() {
      if (!doc.hidden) return;
      count += 1;
      if (handle !== undefined) {
        // Already blinking: the alert phase shows the new count at once.
        if (alertPhase) show(true);
        return;
      }
      saved = {
        title: doc.title,
        favicon: doc.querySelector(selector)?.getAttribute('href') ?? null,
      };
      show(true);
      handle = timers.setInterval(() => show(!alertPhase), interval);
    },
    stop,
    get active() {
      return handle !== undefined;
    },
    dispose() {
      stop();
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
