/**
 * An operator's probe, kept as a regression test: PostgreSQL drops a connection the API has
 * lent out (a restart, a failover, `pg_terminate_backend`) while a transaction waits between two
 * statements. Before this, the dropped client emitted an `error` nobody listened to and the whole
 * API process crashed (measured: the first `pg_terminate_backend` under booking traffic ended it).
 * The transaction must fail as "unreachable" (the API's 503) and the pool must go on serving.
 * PostgreSQL only: PGlite has no connections to drop.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { databaseUnreachableReason } from '#src/start-failure.ts';
import { testDatabaseKind } from '#src/testing/database.ts';

const onPostgres = testDatabaseKind() === 'postgres';

describe.runIf(onPostgres)('a pooled connection dropped mid-transaction', () => {
  let database: DatabaseHandle;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const noteUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
    await admin.connect();
    process.on('uncaughtException', noteUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', noteUncaught);
    await admin.end();
    await database.close();
  });

  it('fails that transaction as unreachable, crashes nothing, and the pool serves on', async () => {
    const outcome = database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // The server's goodbye arrives while no statement of ours is running.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    const error = await outcome.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect(databaseUnreachableReason(error)).toBeDefined();
    expect(uncaught).toEqual([]);
    // The dead connection is not lent again: every connection of the pool answers.
    await Promise.all(Array.from({ length: 4 }, () => database.ping()));
  });
});
