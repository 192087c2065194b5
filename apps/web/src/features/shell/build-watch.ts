/**
 * The build check (spec section 7): the page asks `/builds/meta/{its build id}.json` every
 * 5 minutes and when the tab gets focus again. A 404 (the server serves another build) or
 * another id means the page's code is stale: the next navigation loads the page in full.
 */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

/** Focus and visibility can fire together: at most one check in this window. */
const MIN_CHECK_GAP_MS = 10_000;

export function buildMetaPath(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** True when the server serves another build; undefined when it could not be told (offline). */
export async function isBuildStale(buildId: string, fetch: Fetch): Promise<boolean | undefined> {
  try {
    const response = await fetch(buildMetaPath(buildId), { cache: 'no-store' });
    if (response.status === 404) return true;
    if (!response.ok) return undefined;
    const meta = (await response.json()) as { id?: unknown };
    return meta.id !== buildId;
  } catch (error) {
    // Logged quietly (spec section 8): an offline check is no reason to reload.
    console.warn('Build check failed:', error);
    return undefined;
  }
}

export interface BuildWatchOptions {
  buildId: string;
  onStale: () => void;
  fetch?: Fetch;
  win?: Pick<Window, 'setInterval' | 'clearInterval' | 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

/** Starts checking; calls `onStale` once and stops when the build is stale. Answers a stop function. */
export function watchBuild({
  buildId,
  onStale,
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
    if ((await isBuildStale(buildId, fetch)) && !stopped) {
      stop();
      onStale();
    }
  };
  const onFocus = () => {
    if (doc.visibilityState === 'visible' && now() - lastCheck >= MIN_CHECK_GAP_MS) void check();
  };
  const timer = win.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
  win.addEventListener('focus', onFocus);
  doc.addEventListener('visibilitychange', onFocus);
  function stop() {
    stopped = true;
    win.clearInterval(timer);
    win.removeEventListener('focus', onFocus);
    doc.removeEventListener('visibilitychange', onFocus);
  }
  return stop;
}
