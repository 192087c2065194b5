import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { withoutQueryParams } from '#src/db/query-errors.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { captureLogs } from '#src/testing/logs.ts';
import { logOptions } from './logging.ts';

const ADDRESS = 'traveller@gallop.test';
const SECRET = 'kL9vQ2-generated-secret-value';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The error drizzle throws for a failed query, its values in it (as a sign-in's look-up). */
async function failedQuery(): Promise<Error> {
  try {
    await database.db.execute(
      sql`SELECT id FROM users_that_are_not_there WHERE email = ${ADDRESS} AND note = ${SECRET}`,
    );
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the query to fail');
}

describe('the log of a failed query (issue: params in error logs)', () => {
  it('keeps the statement and the database’s reason, and drops the values', async () => {
    const error = await failedQuery();
    // What drizzle gives: the values in `params`, the message and the stack.
    expect(error.message).toContain(ADDRESS);
    const logs = captureLogs();
    const log = Fastify({ logger: logOptions('info', logs.stream) }).log;
    log.error({ err: error }, 'unexpected error');
    // Request logs are children; an error logged as itself is `err` too.
    log.child({ reqId: 'r-1' }).warn({ err: error, module: 'outbox' }, 'a round failed');
    log.error(error);
    // Wrapped by a module that adds its own words: the cause loses its values too.
    log.error({ err: new Error('refreshing failed', { cause: error }) }, 'refresh');

    expect(logs.entries).toHaveLength(4);
    const text = JSON.stringify(logs.entries);
    expect(text).not.toContain(ADDRESS);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('params');
    for (const entry of logs.entries) {
      const err = entry['err'] as { message: string; stack: string; query?: string };
      expect(err.message).toMatch(/users_that_are_not_there/);
      expect(err.message).toMatch(/does not exist/);
      expect(err.stack).toMatch(/users_that_are_not_there/);
    }
    expect(logs.entries[0]!['err']).toMatchObject({
      query: expect.stringContaining('WHERE email = $1'),
    });
    expect(logs.entries[1]).toMatchObject({ reqId: 'r-1', module: 'outbox' });
    // The thrown error itself is left as it was (a caller may still read it).
    expect((error as unknown as { params: unknown[] }).params).toEqual([ADDRESS, SECRET]);
  });

  it('leaves every other error, and other logged values, as they are', () => {
    const plain = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(withoutQueryParams(plain)).toBe(plain);
    const wrapped = new Error('start failed', { cause: plain });
    expect(withoutQueryParams(wrapped)).toBe(wrapped);
    expect(withoutQueryParams('text')).toBe('text');
    const logs = captureLogs();
    const log = Fastify({ logger: logOptions('info', logs.stream) }).log;
    log.error({ err: plain, params: 'not an error’s' }, 'failed');
    expect(logs.entries[0]).toMatchObject({
      params: 'not an error’s',
      err: { type: 'Error', message: 'listen EADDRINUSE', code: 'EADDRINUSE' },
    });
  });
});
