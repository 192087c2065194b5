/**
 * Where the rate limits keep their counts (issue 43, finding 5; decision 094): rate-limiter-flexible
 * counters in Redis when `REDIS_URL` is set, so every API process counts against one total, and in
 * this process's memory otherwise.
 *
 * - **Redis**: `RateLimiterRedis` (an atomic Lua increment per call). While Redis is unreachable
 *   each process counts in its own memory (the library's `insuranceLimiter`) instead of failing
 *   or delaying requests; counts go back to Redis when it answers again.
 * - **Memory**: `RateLimiterMemory` forgets a key when its window ends, never before, so a flood
 *   of new keys cannot reset a blocked one. At most `maxKeys` keys per counter are kept (about
 *   500 bytes each); past that a new key is refused (`TableFull`, which the limits answer with a
 *   captcha) rather than making room by forgetting one that may be blocked.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { createRedisClient } from '#src/redis.ts';

/** The operations of a rate-limiter-flexible limiter that the limits use. */
interface Counter {
  /** Counts one; rejects with the `RateLimiterRes` once over `points` in the window. */
  consume(key: string): Promise<RateLimiterRes>;
  /** Counts one without ever refusing. */
  penalty(key: string): Promise<RateLimiterRes>;
  /** Takes one back. */
  reward(key: string): Promise<RateLimiterRes>;
  /** The key's count in its window; null when it has none. */
  get(key: string): Promise<RateLimiterRes | null>;
  /** Forgets the key (a new window starts with its next call). */
  delete(key: string): Promise<boolean>;
}

export interface CounterStore {
  /** A counter of `points` per `durationSec` under `name` (unique per use). */
  counter(name: string, points: number, durationSec: number): Counter;
  /** Whether counts are shared through Redis. */
  readonly shared: boolean;
  /** Resolves once Redis is connected (at once without Redis); until then counts are local. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A new key while the in-memory table is full: refused (asked for a captcha), nothing evicted. */
export class TableFull extends Error {
  override readonly name = 'TableFull';
  constructor() {
    super('The in-memory rate limit table is full');
  }
}

/** Keys one in-memory counter keeps at most (about 25 MB); a new key past it is refused. */
const DEFAULT_MAX_KEYS = 50_000;

/** rate-limiter-flexible's in-memory table; read for its size only (see the test of the cap). */
interface MemoryInternals {
  _memoryStorage?: { _storage?: Map<string, unknown> };
}

/**
 * RateLimiterMemory with a bound on its keys: a new key finds the table full and is refused; a
 * key already counted goes on as usual, and every key stays until its own window ends.
 */
class CappedMemoryLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly maxKeys: number,
  ) {
    super(options);
  }

  private async refuseNewKeyWhenFull(key: string | number): Promise<void> {
    const size = (this as unknown as MemoryInternals)._memoryStorage?._storage?.size ?? 0;
    if (size >= this.maxKeys && (await this.get(key)) === null) throw new TableFull();
  }

  override async consume(key: string | number, points = 1, options = {}) {
    await this.refuseNewKeyWhenFull(key);
    return super.consume(key, points, options);
  }

  override async penalty(key: string | number, points = 1, options = {}) {
    await this.refuseNewKeyWhenFull(key);
    return super.penalty(key, points, options);
  }
}

export interface CounterStoreOptions {
  /** Redis shared by every API process (`REDIS_URL`); memory alone without it. */
  redisUrl?: string | undefined;
  /** Prefix of every Redis key (default `gallop:limits:`); tests use one of their own. */
  keyPrefix?: string;
  /** Keys one in-memory counter keeps at most (default `DEFAULT_MAX_KEYS`). */
  maxKeys?: number;
  /** Told once when Redis stops answering and once when it answers again. */
  log?: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

function redisForLimits(url: string, log: CounterStoreOptions['log']): Redis {
  const client = createRedisClient(url, {
    // Fail at once while disconnected (the memory insurance counts then) rather than queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  });
  let down = false;
  // Without a listener a connection error would crash the process.
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log?.warn({ err: error }, 'rate limits: Redis unavailable, counting in this process');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info({}, 'rate limits: Redis answers again');
  });
  return client;
}

/**
 * What a counter is kept under: the SHA-256 of its key (an e-mail, an address, a user id), 32 hex
 * digits, so Redis and its dumps hold no login or address (docs/operations.md). The same key
 * hashes the same in every process.
 */
export function counterKey(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** A counter whose keys reach the store hashed (`counterKey`). */
function withHashedKeys(counter: Counter): Counter {
  return {
    consume: (key) => counter.consume(counterKey(key)),
    penalty: (key) => counter.penalty(counterKey(key)),
    reward: (key) => counter.reward(counterKey(key)),
    get: (key) => counter.get(counterKey(key)),
    delete: (key) => counter.delete(counterKey(key)),
  };
}

export function createCounterStore(options: CounterStoreOptions = {}): CounterStore {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const keyPrefix = options.keyPrefix ?? 'gallop:limits:';
  const memory = (name: string, points: number, duration: number) =>
    new CappedMemoryLimiter({ keyPrefix: name, points, duration }, maxKeys);
  const redis = options.redisUrl ? redisForLimits(options.redisUrl, options.log) : undefined;
  // One counter per name: the upload calls of two modules share theirs.
  const counters = new Map<string, { counter: Counter; points: number; durationSec: number }>();
  const create = (name: string, points: number, durationSec: number): Counter =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${keyPrefix}${name}`,
          points,
          duration: durationSec,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory(name, points, durationSec),
        })
      : memory(name, points, durationSec);
  return {
    shared: redis !== undefined,
    counter(name, points, durationSec) {
      const known = counters.get(name);
      if (known && (known.points !== points || known.durationSec !== durationSec)) {
        throw new Error(`rate limit counter ${name} exists with another limit`);
      }
      if (known) return known.counter;
      const counter = withHashedKeys(create(name, points, durationSec));
      counters.set(name, { counter, points, durationSec });
      return counter;
    },
    async ready() {
      if (!redis || redis.status === 'ready') return;
      await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
    },
    async close() {
      redis?.disconnect();
    },
  };
}
