import { useEffect } from 'react';
import { isChunkLoadError, reloadPageForStaleBuild } from './stale-build';

/**
 * For error pages: when the error is a chunk of an older build that could not be loaded, reload
 * the page (at most once per 10 s per path) instead of leaving the visitor on the error. Offline,
 * the chunk failed for want of a network: the reload waits until the connection returns.
 */
export function useStaleBuildReload(error: unknown): void {
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    if (window.navigator.onLine) {
      reloadPageForStaleBuild();
      return;
    }
    const onOnline = () => reloadPageForStaleBuild();
    window.addEventListener('online', onOnline, { once: true });
    return () => window.removeEventListener('online', onOnline);
  }, [error]);
}
