/**
 * The cache several API instances share: Redis (`REDIS_URL`). Redis is an optimisation, never a
 * dependency of an answer: every command has a short timeout, nothing is queued while Redis is
 * away, and after a few failures in a row a circuit breaker skips Redis altogether for a while
 * (the request goes to the in-process cache and the database). Warnings are logged when the
 * breaker opens and when Redis answers again, not per request.
 */
import { createRedisClient } from '#src/redis.ts';

export interface SharedStore {
  /** The stored body, or undefined on a miss, an error, a timeout or an open breaker. */
  get(key: string): Promise<Buffer | undefined>;
  /** Stores in the background; failures only count towards the breaker. */
  set(key: string, value: Buffer, ttlMs: number): void;
  /** Resolves once connected (commands sent before then are skipped, never queued). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export interface RedisStoreOptions {
  url: string;
  /** Prepended to every key (`gallop:catalog:` by default; tests use one per run). */
  keyPrefix?: string;
  log: StoreLog;
  /** A command slower than this counts as a failure (the request does not wait longer). */
  commandTimeoutMs?: number;
  /** Failures in a row that open the breaker. */
  failuresToOpen?: number;
  /** How long an open breaker skips Redis before one command tries again. */
  openMs?: number;
  now?: () => number;
}

export interface CircuitBreaker {
  /** Whether a command may be sent now. */
  allows(): boolean;
  succeeded(): void;
  failed(error: unknown): void;
}

/**
 * Closed → open after `failuresToOpen` failures in a row; open → one trial command after
 * `openMs`; a success closes it again.
 */
export function createCircuitBreaker(
  log: StoreLog,
  { failuresToOpen = 3, openMs = 10_000, now = Date.now } = {},
): CircuitBreaker {
  let failures = 0;
  let openUntil = 0;
  let open = false;
  return {
    allows() {
      return !open || now() >= openUntil;
    },
    succeeded() {
      failures = 0;
      if (open) {
        open = false;
        log.info({}, 'response cache: Redis answers again');
      }
    },
    failed(error) {
      failures += 1;
      if (open || failures >= failuresToOpen) {
        if (!open) {
          log.warn(
            { err: error, retryInMs: openMs },
            'response cache: Redis unavailable, serving without it',
          );
        }
        open = true;
        openUntil = now() + openMs;
      }
    },
  };
}

export function createRedisStore(options: RedisStoreOptions): SharedStore {
  const commandTimeout = options.commandTimeoutMs ?? 50;
  const client = createRedisClient(options.url, {
    keyPrefix: options.keyPrefix ?? 'gallop:catalog:',
    commandTimeout,
    connectTimeout: 1_000,
    // Fail at once while disconnected rather than queue behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Keep reconnecting in the background, at most every 5 s.
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
    lazyConnect: false,
  });
  // Connection errors arrive as events; without a listener they would crash the process. The
  // breaker reports them (once), through the commands that fail.
  client.on('error', () => {});
  const breaker = createCircuitBreaker(options.log, {
    ...(options.failuresToOpen !== undefined ? { failuresToOpen: options.failuresToOpen } : {}),
    ...(options.openMs !== undefined ? { openMs: options.openMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    async get(key) {
      if (!breaker.allows()) return undefined;
      try {
        const value = await client.getBuffer(key);
        breaker.succeeded();
        return value ?? undefined;
      } catch (error) {
        breaker.failed(error);
        return undefined;
      }
    },
    set(key, value, ttlMs) {
      if (!breaker.allows()) return;
      client.set(key, value, 'PX', ttlMs).then(
        () => breaker.succeeded(),
        (error: unknown) => breaker.failed(error),
      );
    },
    async ready() {
      if (client.status === 'ready') return;
      await new Promise<void>((resolve) => client.once('ready', () => resolve()));
    },
    async close() {
      client.disconnect();
    },
  };
}
