import { describe, expect, it, vi } from 'vitest';
import {
  STALE_BUILD_RELOAD_INTERVAL_MS,
  isChunkLoadError,
  reloadForStaleBuild,
} from './stale-build';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('isChunkLoadError', () => {
  it('knows the failed dynamic import messages of Chromium, Firefox and Safari', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://gallop.example/assets/_slug-HX.js',
      'error loading dynamically imported module: https://gallop.example/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(
      isChunkLoadError(
        new Error('wrapped', { cause: new TypeError('Importing a module script failed.') }),
      ),
    ).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadForStaleBuild', () => {
  it('reloads at most once per 10 s for the same path', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const at = (now: number, path = '/tours') =>
      reloadForStaleBuild({ path, storage, reload, now });

    expect(at(1_000)).toBe(true);
    expect(at(1_000 + STALE_BUILD_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(at(5_000, '/favorites')).toBe(true);
    expect(at(1_000 + STALE_BUILD_RELOAD_INTERVAL_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('does not reload offline, where a chunk fails for want of a network', () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    expect(reloadForStaleBuild({ path: '/chat/1', storage, reload, online: false })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Back online, the same path may still reload at once: the offline failure did not count.
    expect(reloadForStaleBuild({ path: '/chat/1', storage, reload, online: true })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when sessionStorage is unavailable', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(reloadForStaleBuild({ path: '/', storage, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
