import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { openTestDatabase } from './database.ts';
import { TEST_START_TIMEOUT_MS, testEnv } from './env.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The API over the seeded test database, ready for `app.inject`. Call once per file
 * (`beforeAll`) and `close()` in `afterAll`.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = buildApp(testEnv(env), {
    startTimeoutMs: TEST_START_TIMEOUT_MS,
    ...options,
    database,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
