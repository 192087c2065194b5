import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createByteLru } from './byte-lru.ts';
import { createResponseCache, type AnswerSource, type ResponseCache } from './response-cache.ts';
import type { TourChanges } from './tour-changes.ts';
import { createCircuitBreaker, createRedisStore, type StoreLog } from './shared-store.ts';

function recordingLog() {
  const lines: { level: 'warn' | 'info'; message: string }[] = [];
  const log: StoreLog = {
    warn: (_details, message) => lines.push({ level: 'warn', message }),
    info: (_details, message) => lines.push({ level: 'info', message }),
  };
  return { log, lines };
}

describe('createCircuitBreaker', () => {
  it('opens after failures in a row, tries again after a while, closes on success', () => {
    let now = 0;
    const { log, lines } = recordingLog();
    const breaker = createCircuitBreaker(log, { failuresToOpen: 2, openMs: 1_000, now: () => now });
    breaker.failed(new Error('1'));
    expect(breaker.allows()).toBe(true);
    breaker.failed(new Error('2'));
    expect(breaker.allows()).toBe(false);
    expect(lines).toEqual([{ level: 'warn', message: expect.stringContaining('unavailable') }]);
    now = 1_000;
    expect(breaker.allows()).toBe(true);
    breaker.failed(new Error('3')); // the trial failed: open for another period, no new warning
    expect(breaker.allows()).toBe(false);
    expect(lines).toHaveLength(1);
    now = 2_000;
    breaker.succeeded();
    expect(breaker.allows()).toBe(true);
    expect(lines.at(-1)).toEqual({ level: 'info', message: expect.stringContaining('again') });
  });
});

describe('Redis unreachable', () => {
  it('never fails or delays a request: misses fast, opens the breaker, warns once', async () => {
    const { log, lines } = recordingLog();
    // Port 1 on loopback refuses connections.
    const store = createRedisStore({ url: 'redis://127.0.0.1:1', log, failuresToOpen: 2 });
    const cache = createResponseCache({
      memory: createByteLru<AnswerSource>(1_000),
      shared: store,
    });
    try {
      const started = performance.now();
      for (const key of ['a', 'b', 'c', 'd']) {
        const body = Buffer.from(`{"key":"${key}"}`);
        const answer = await cache.get(key, async () => ({ body, tourIds: [] }));
        expect(answer).toMatchObject({ source: 'fresh' });
        expect(answer.body.toString()).toBe(`{"key":"${key}"}`);
      }
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await store.get('a')).toBeUndefined();
      expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    } finally {
      await cache.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('with Redis (REDIS_URL)', () => {
  const prefix = `gallop:test:${randomUUID()}:`;
  const admin = redisUrl ? new Redis(redisUrl) : undefined;

  afterAll(async () => {
    if (!admin) return;
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it('shares answers between instances and stores them with the TTL', async () => {
    const { log, lines } = recordingLog();
    const stores = [1, 2].map(() => createRedisStore({ url: redisUrl!, keyPrefix: prefix, log }));
    await Promise.all(stores.map((store) => store.ready()));
    const [first, second] = stores.map((shared) =>
      createResponseCache({ memory: createByteLru<AnswerSource>(10_000), shared, ttlMs: 30_000 }),
    ) as [ResponseCache, ResponseCache];
    try {
      const body = '{"items":[1,2,3]}';
      const produced = { body: Buffer.from(body), tourIds: [1, 2, 3] };
      expect(await first.get('search', async () => produced)).toMatchObject({
        source: 'fresh',
      });
      // The store writes in the background: wait until the entry is there.
      await expect.poll(async () => (await admin!.keys(`${prefix}*`)).length).toBe(1);
      const [key] = await admin!.keys(`${prefix}*`);
      expect(key).toMatch(new RegExp(`^${prefix}t2:`));
      const ttl = await admin!.pttl(key!);
      expect(ttl).toBeGreaterThan(20_000);
      expect(ttl).toBeLessThanOrEqual(30_000);

      const shared = await second.get('search', async () => {
        throw new Error('the second instance must not search again');
      });
      expect(shared.source).toBe('shared');
      expect(shared.body.toString()).toBe(body);
      // Now in the second instance's memory too.
      const other = { body: Buffer.from('other'), tourIds: [] };
      expect((await second.get('search', async () => other)).source).toBe('memory');
      expect(lines).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("never answers another instance's entry that shows a tour changed after its search started", async () => {
    const { log } = recordingLog();
    const stores = [1, 2].map(() => createRedisStore({ url: redisUrl!, keyPrefix: prefix, log }));
    await Promise.all(stores.map((store) => store.ready()));
    let next: TourChanges = [];
    const changes = {
      drain: () => {
        const drained = next;
        next = [];
        return drained;
      },
    };
    const [first, second] = [
      createResponseCache({ memory: createByteLru<AnswerSource>(10_000), shared: stores[0] }),
      createResponseCache({
        memory: createByteLru<AnswerSource>(10_000),
        shared: stores[1],
        changes,
      }),
    ] as [ResponseCache, ResponseCache];
    try {
      const old = { body: Buffer.from('{"items":["old 7"]}'), tourIds: [5, 7] };
      await first.get('changed', async () => old);
      await expect
        .poll(async () => (await admin!.keys(`${prefix}*`)).length)
        .toBeGreaterThanOrEqual(2);
      // The second instance learns that tour 7 changed: the first one's entry is not answered.
      next = [7];
      const fresh = { body: Buffer.from('{"items":["new 7"]}'), tourIds: [5, 7] };
      const answer = await second.get('changed', async () => fresh);
      expect(answer.source).toBe('fresh');
      expect(answer.body.toString()).toBe('{"items":["new 7"]}');
      // A change of a tour it does not show leaves an entry alone.
      const unrelated = { body: Buffer.from('{"items":[9]}'), tourIds: [9] };
      await first.get('unrelated', async () => unrelated);
      await expect
        .poll(async () => (await admin!.keys(`${prefix}*`)).length)
        .toBeGreaterThanOrEqual(3);
      next = [8];
      const kept = await second.get('unrelated', async () => {
        throw new Error('must come from the shared store');
      });
      expect(kept.source).toBe('shared');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
