import { describe, expect, it } from 'vitest';
import { createByteLru } from './byte-lru.ts';
import {
  createResponseCache,
  disabledResponseCache,
  type AnswerSource,
  type ProducedAnswer,
} from './response-cache.ts';
import type { TourChanges } from './tour-changes.ts';

/** An answer showing `tourIds` (none by default). */
const answerOf = (text: string, tourIds: number[] = []): ProducedAnswer => ({
  body: Buffer.from(text),
  tourIds,
});
const lru = (...args: [number, (() => number)?, number?]) => createByteLru<AnswerSource>(...args);

/** A change subscription whose next drain answers what `announce` was last given. */
function fakeChanges() {
  let next: TourChanges = [];
  return {
    changes: {
      drain: () => {
        const drained = next;
        next = [];
        return drained;
      },
    },
    announce: (changes: TourChanges) => (next = changes),
  };
}

function counter(text: string) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    produce: async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answerOf(text);
    },
  };
}

describe('createResponseCache (in process)', () => {
  it('produces once, then answers from memory', async () => {
    const cache = createResponseCache({ memory: lru(1_000) });
    const answer = counter('{"a":1}');
    expect(await cache.get('k', answer.produce)).toMatchObject({ source: 'fresh' });
    const again = await cache.get('k', answer.produce);
    expect(again.source).toBe('memory');
    expect(again.body.toString()).toBe('{"a":1}');
    expect(answer.calls).toBe(1);
  });

  it('shares one production between concurrent misses of a key', async () => {
    const cache = createResponseCache({ memory: lru(1_000) });
    const answer = counter('{}');
    const results = await Promise.all([1, 2, 3].map(() => cache.get('k', answer.produce)));
    expect(answer.calls).toBe(1);
    expect(results.every((result) => result.body.toString() === '{}')).toBe(true);
  });

  it('drops an entry once a tour it shows changes, from a search started before that', async () => {
    let now = 0;
    const { changes, announce } = fakeChanges();
    const cache = createResponseCache({ memory: lru(1_000, () => now), changes, now: () => now });
    await cache.get('k', async () => answerOf('{"v":1}', [1, 2]));
    await cache.get('other', async () => answerOf('{"o":1}', [3]));
    now = 10;
    announce([2]);
    expect(cache.peek('k')).toBeUndefined();
    // The tours it does not show changed: kept.
    expect(cache.peek('other')?.toString()).toBe('{"o":1}');
    now = 11;
    const fresh = await cache.get('k', async () => answerOf('{"v":2}', [1, 2]));
    expect(fresh).toMatchObject({ source: 'fresh' });
    // Produced after the change was learnt: answered, also by the fast path.
    expect(cache.peek('k')?.toString()).toBe('{"v":2}');
    expect((await cache.get('k', async () => answerOf('{"v":3}'))).source).toBe('memory');
    now = 20;
    announce('all');
    expect(cache.peek('other')).toBeUndefined();
    now = 21;
    expect((await cache.get('k', async () => answerOf('{"v":4}'))).source).toBe('fresh');
  });

  it('never keeps an answer whose search started before a change learnt while it ran', async () => {
    let now = 0;
    const { changes, announce } = fakeChanges();
    const cache = createResponseCache({ memory: lru(1_000, () => now), changes, now: () => now });
    let release!: () => void;
    const slow = cache.get(
      'k',
      () =>
        new Promise<ProducedAnswer>((resolve) => {
          release = () => resolve(answerOf('{"read":"before"}', [4]));
        }),
    );
    now = 5;
    announce([4]);
    expect(cache.peek('unrelated')).toBeUndefined(); // any lookup learns of the change
    now = 6;
    release();
    expect((await slow).body.toString()).toBe('{"read":"before"}');
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', async () => answerOf('{"read":"after"}', [4]))).source).toBe(
      'fresh',
    );
  });

  it('keeps entries for the TTL only, and does not keep a failed production', async () => {
    let now = 0;
    const cache = createResponseCache({
      memory: lru(1_000, () => now),
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
      memory: lru(1_000, () => now, 1_000),
      ttlMs: 1_000,
      now: () => now,
    });
    await cache.get('k', async () => answerOf('old'));
    now = 1_500;
    let release: () => void = () => {};
    let refreshes = 0;
    const slow = () =>
      new Promise<ProducedAnswer>((resolve) => {
        refreshes += 1;
        release = () => resolve(answerOf('new'));
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
    expect((await cache.get('k', async () => answerOf('newest'))).source).toBe('fresh');
  });

  it('peeks at fresh in-process entries only', async () => {
    let now = 0;
    const cache = createResponseCache({
      memory: lru(1_000, () => now, 1_000),
      ttlMs: 1_000,
      now: () => now,
    });
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => answerOf('body'));
    expect(cache.peek('k')?.toString()).toBe('body');
    expect(cache.peek('other')).toBeUndefined();
    now = 1_000;
    // Stale: left to `get`, which answers it and refreshes it.
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', async () => answerOf('new'))).source).toBe('stale');
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
