/**
 * A stale build (docs/product.md, States): after a deploy, a tab opened before it asks for route
 * chunks that no longer exist. Reloading the page fetches the new build; at most once per 10 s for
 * the same path, so a chunk that is really missing cannot make the page reload forever.
 */
export const STALE_BUILD_RELOAD_INTERVAL_MS = 10_000;

const RELOAD_KEY_PREFIX = 'gallop:stale-build-reload:';

/** The messages browsers and Vite give a failed dynamic import or preload. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

/** Whether an error is a failed dynamic import (a chunk of another build). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error)
    return CHUNK_ERROR.test(error.message) || isChunkLoadError(error.cause);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
}

export interface StaleBuildReloadOptions {
  path: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now?: number;
  /** `navigator.onLine`: offline, a chunk fails for want of a network, not for a new build. */
  online?: boolean;
}

/**
 * Reloads unless this path was reloaded for the same reason less than 10 s ago, or the browser
 * is offline: a reload then only swaps the page for the browser's offline screen, while the
 * failed part is retried once the connection returns (`lazy-component.tsx`).
 */
export function reloadForStaleBuild({
  path,
  storage,
  reload,
  now = Date.now(),
  online = true,
}: StaleBuildReloadOptions): boolean {
  if (!online) return false;
  const key = `${RELOAD_KEY_PREFIX}${path}`;
  try {
    const last = Number(storage.getItem(key));
    if (last && now - last < STALE_BUILD_RELOAD_INTERVAL_MS) return false;
    storage.setItem(key, String(now));
  } catch {
    // Without sessionStorage there is no way to tell a loop apart: do not reload.
    return false;
  }
  reload();
  return true;
}

/** The browser's version: the current path, sessionStorage and `location.reload()`. */
export function reloadPageForStaleBuild(): boolean {
  return reloadForStaleBuild({
    path: window.location.pathname,
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
    online: window.navigator.onLine,
  });
}

/**
 * Listens for Vite's `vite:preloadError` and unhandled failed imports; answers the function that
 * stops listening.
 */
export function watchForStaleBuildErrors(win: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    // Vite would throw the error after the event; the reload replaces it.
    if (reloadPageForStaleBuild()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadPageForStaleBuild()) event.preventDefault();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('vite:preloadError', onPreloadError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
