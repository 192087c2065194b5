/**
 * The build check (docs/product.md, Calls): the page asks `/builds/meta/{its build id}.json` once
 * it has started and then every 5 minutes and when the tab gets focus again. A 404 (the server
 * serves another build) or another id means the page's code is stale: the next navigation loads
 * the page in full. The manifest's route rules (`matcher`, ./route-rules.ts) are read on every
 * check; a fetch or a matcher that fails is logged (docs/product.md, Errors) and changes nothing.
 */
import { compileRouteRules, type RouteRules } from './route-rules';

export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

/** Focus and visibility can fire together: at most one check in this window. */
const MIN_CHECK_GAP_MS = 10_000;

export function buildMetaPath(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
type Warn = (message: string, error?: unknown) => void;

const consoleWarn: Warn = (message, error) => console.warn(message, error ?? '');

/** What one check found: a stale build, or this build with its route rules (when readable). */
export type BuildCheck = { stale: true } | { stale: false; rules: RouteRules | undefined };

/** Asks the server about `buildId`; undefined when it could not be told (offline, 5xx). */
export async function checkBuild(
  buildId: string,
  fetch: Fetch,
  warn: Warn = consoleWarn,
): Promise<BuildCheck | undefined> {
  let meta: { id?: unknown; matcher?: unknown };
  try {
    const response = await fetch(buildMetaPath(buildId), { cache: 'no-store' });
    if (response.status === 404) return { stale: true };
    if (!response.ok) return undefined;
    meta = (await response.json()) as typeof meta;
  } catch (error) {
    // Logged quietly (docs/product.md, Errors): an offline check is no reason to reload.
    warn('Build check: the manifest did not load', error);
    return undefined;
  }
  if (meta?.id !== buildId) return { stale: true };
  try {
    return { stale: false, rules: compileRouteRules(meta.matcher) };
  } catch (error) {
    warn('Build check: the manifest’s route matcher is unusable', error);
    return { stale: false, rules: undefined };
  }
}

export interface BuildWatchOptions {
  buildId: string;
  onStale: () => void;
  /** The route rules of this build, after every check that could read them. */
  onRules?: (rules: RouteRules) => void;
  fetch?: Fetch;
  win?: Pick<Window, 'setInterval' | 'clearInterval' | 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

/** Checks now and then periodically; calls `onStale` once and stops when the build is stale. Answers a stop function. */
export function watchBuild({
  buildId,
  onStale,
  onRules,
  fetch = (input, init) => window.fetch(input, init),
  win = window,
  doc = document,
  now = Date.now,
}: BuildWatchOptions): () => void {
  let lastCheck = now();
  let stopped = false;
  const check = async () => {
    if (stopped) return;
    lastCheck = now();
    const found = await checkBuild(buildId, fetch);
    if (!found || stopped) return;
    if (found.stale) {
      stop();
      onStale();
    } else if (found.rules) {
      onRules?.(found.rules);
    }
  };
  const onFocus = () => {
    if (doc.visibilityState === 'visible' && now() - lastCheck >= MIN_CHECK_GAP_MS) void check();
  };
  const timer = win.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
  win.addEventListener('focus', onFocus);
  doc.addEventListener('visibilitychange', onFocus);
  // The rules are wanted before the first navigation; the shell starts this once the page is idle.
  void check();
  function stop() {
    stopped = true;
    win.clearInterval(timer);
    win.removeEventListener('focus', onFocus);
    doc.removeEventListener('visibilitychange', onFocus);
  }
  return stop;
}
