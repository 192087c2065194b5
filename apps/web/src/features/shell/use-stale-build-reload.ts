import { useEffect } from 'react';
import { isChunkLoadError, reloadPageForStaleBuild } from './stale-build';

/**
 * For error pages: when the error is a chunk of an older build that could not be loaded, reload
 * the page (at most once per 10 s per path) instead of leaving the visitor on the error.
 */
export function useStaleBuildReload(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadPageForStaleBuild();
  }, [error]);
}
