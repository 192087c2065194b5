import { describe, expect, it } from 'vitest';
import { createByteLru } from './byte-lru.ts';
import { createResponseCache, disabledResponseCache } from './response-cache.ts';

function counter(text: string) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    produce: async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Buffer.from(text);
    },
  };
}

describe('createResponseCache (in process)', () => {
  it('produces once, then answers from memory', async () => {
    const cache = createResponseCache({ memory: createByteLru(1_000), version: async () => 1 });
    const answer = counter('{"a":1}');
    expect(await cache.get('k', answer.produce)).toMatchObject({ source: 'fresh' });
    const again = await cache.get('k', answer.produce);
    expect(again.source).toBe('memory');
    expect(again.body.toString()).toBe('{"a":1}');
    expect(answer.calls).toBe(1);
  });

  it('shares one production between concurrent misses of a key', async () => {
    const cache = createResponseCache({ memory: createByteLru(1_000), version: async () => 1 });
    const answer = counter('{}');
    const results = await Promise.all([1, 2, 3].map(() => cache.get('k', answer.produce)));
    expect(answer.calls).toBe(1);
    expect(results.every((result) => result.body.toString() === '{}')).toBe(true);
  });

  it('misses after the catalogue version changes', async () => {
    let version = 1;
    const cache = createResponseCache({
      memory: createByteLru(1_000),
      version: async () => version,
    });
    const answer = counter('{}');
    await cache.get('k', answer.produce);
    version = 2;
    expect((await cache.get('k', answer.produce)).source).toBe('fresh');
    expect(answer.calls).toBe(2);
  });

  it('keeps entries for the TTL only, and does not keep a failed production', async () => {
    let now = 0;
    const cache = createResponseCache({
      memory: createByteLru(1_000, () => now),
      version: async () => 1,
      ttlMs: 1_000,
      now: () => now,
    });
    await expect(
      cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    const answer = counter('{}');
    expect((await cache.get('k', answer.produce)).source).toBe('fresh');
    now = 999;
    expect((await cache.get('k', answer.produce)).source).toBe('memory');
    now = 1_000;
    expect((await cache.get('k', answer.produce)).source).toBe('fresh');
  });

  it('answers a stale entry at once while one search refreshes it', async () => {
    let now = 0;
    const cache = createResponseCache({
      memory: createByteLru(1_000, () => now, 1_000),
      version: async () => 1,
      ttlMs: 1_000,
      now: () => now,
    });
    await cache.get('k', async () => Buffer.from('old'));
    now = 1_500;
    let release: () => void = () => {};
    let refreshes = 0;
    const slow = () =>
      new Promise<Buffer>((resolve) => {
        refreshes += 1;
        release = () => resolve(Buffer.from('new'));
      });
    const stale = await cache.get('k', slow);
    expect(stale).toMatchObject({ source: 'stale' });
    expect(stale.body.toString()).toBe('old');
    expect((await cache.get('k', slow)).body.toString()).toBe('old');
    expect(refreshes).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    const fresh = await cache.get('k', slow);
    expect(fresh).toMatchObject({ source: 'memory' });
    expect(fresh.body.toString()).toBe('new');
    // Past TTL + staleMs nothing is left: the request waits for its own search.
    now = 1_500 + 2_000;
    expect((await cache.get('k', async () => Buffer.from('newest'))).source).toBe('fresh');
  });

  it('peeks at fresh in-process entries of the known version only', async () => {
    let now = 0;
    let version: number | undefined = 1;
    const cache = createResponseCache({
      memory: createByteLru(1_000, () => now, 1_000),
      version: async () => version ?? 0,
      knownVersion: () => version,
      ttlMs: 1_000,
      now: () => now,
    });
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => Buffer.from('body'));
    expect(cache.peek('k')?.toString()).toBe('body');
    expect(cache.peek('other')).toBeUndefined();
    version = undefined;
    expect(cache.peek('k')).toBeUndefined();
    version = 2;
    expect(cache.peek('k')).toBeUndefined();
    version = 1;
    now = 1_000;
    // Stale: left to `get`, which answers it and refreshes it.
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', async () => Buffer.from('new'))).source).toBe('stale');
  });

  it('never peeks without a version known at once', async () => {
    const cache = createResponseCache({ memory: createByteLru(1_000), version: async () => 1 });
    await cache.get('k', async () => Buffer.from('body'));
    expect(cache.peek('k')).toBeUndefined();
    expect(disabledResponseCache().peek('k')).toBeUndefined();
  });

  it('switched off, produces every time', async () => {
    const cache = disabledResponseCache();
    const answer = counter('{}');
    await cache.get('k', answer.produce);
    await cache.get('k', answer.produce);
    expect(answer.calls).toBe(2);
    expect(cache.enabled).toBe(false);
  });
});
