/**
 * Redis clients, with ioredis and the Socket.IO Redis adapter loaded when the first one is made:
 * a process without `REDIS_URL` (the embedded default) never loads them, and its start does not
 * pay for them (decision 070). Both packages are CommonJS, so a synchronous `require` serves the
 * synchronous set-up code that makes the clients.
 */
import { createRequire } from 'node:module';
import type { createAdapter as CreateAdapter } from '@socket.io/redis-adapter';
import type { Redis, RedisOptions } from 'ioredis';

const load = createRequire(import.meta.url);

export function createRedisClient(url: string, options: RedisOptions): Redis {
  const { Redis: RedisClient } = load('ioredis') as { Redis: typeof Redis };
  return new RedisClient(url, options);
}

export function createRedisAdapter(...args: Parameters<typeof CreateAdapter>) {
  const { createAdapter } = load('@socket.io/redis-adapter') as {
    createAdapter: typeof CreateAdapter;
  };
  return createAdapter(...args);
}
