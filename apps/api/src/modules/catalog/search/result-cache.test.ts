import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResultCache } from './result-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createResultCache', () => {
  it('answers a key from the cache until the entry is older than the ttl', async () => {
    vi.useFakeTimers();
    const cache = createResultCache({ ttlMs: 1000 });
    const load = vi.fn(async () => 'value');
    expect(await cache.get('a', load)).toBe('value');
    vi.advanceTimersByTime(1000);
    expect(await cache.get('a', load)).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createResultCache();
    let resolve!: (value: number) => void;
    const load = vi.fn(() => new Promise<number>((done) => (resolve = done)));
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = createResultCache();
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'again')).toBe('again');
  });

  it('drops the least recently used entry beyond the maximum', async () => {
    const cache = createResultCache({ maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c'); // evicts b
    expect(await cache.get('a', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded');
  });
});
