import { parseEnv, type Env } from '#src/env.ts';

export const WEB_ORIGIN = 'http://127.0.0.1:3000';

/** Start-up hooks of a test app may take this long (the suite's hook timeout is 60 s). */
export const TEST_START_TIMEOUT_MS = 50_000;

/** A valid environment for tests: quiet logs, a random port on loopback. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_ORIGIN,
    // Tests read queued messages; a dispatcher would mark them sent under their feet.
    OUTBOX_TRANSPORT: 'off',
    // Every test request comes from one address: the search limit has a test of its own.
    SEARCH_LIMIT: '1000000',
    ...overrides,
  });
}
