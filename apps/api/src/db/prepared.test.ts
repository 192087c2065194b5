import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { executePrepared, preparedName } from './prepared.ts';
import { openTestDatabase } from '#src/testing/database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const query = (minimum: number) =>
  sql`select id from tours where id >= ${minimum} order by id limit 3`;

describe('executePrepared', () => {
  it('names a statement by its text: same text, same name; another text, another', () => {
    const text = 'select id from tours where id >= $1 order by id limit 3';
    expect(preparedName(text)).toBe(preparedName(text));
    expect(preparedName(text)).not.toBe(preparedName(`${text} `));
    // PostgreSQL truncates identifiers at 63 bytes; a name must stay unique within that.
    expect(preparedName(text).length).toBeLessThanOrEqual(63);
  });

  it('answers what db.execute answers, with each run its own parameters', async () => {
    const { db } = database;
    for (const minimum of [1, 5, 1]) {
      const prepared = await executePrepared<{ id: number }>(db, query(minimum));
      const plain = await db.execute<{ id: number }>(query(minimum));
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.rows[0]!.id).toBeGreaterThanOrEqual(minimum);
    }
  });

  it('keeps the statement prepared on the connection (PostgreSQL)', async () => {
    const name = preparedName('select id from tours where id >= $1 order by id limit 3');
    const found = await database.db.transaction(async (tx) => {
      await executePrepared(tx, query(1));
      return (
        await tx.execute<{ name: string }>(
          sql`select name from pg_prepared_statements where name = ${name}`,
        )
      ).rows;
    });
    // PGlite's driver runs statements unnamed; node-postgres prepares them by name.
    expect(found.map((row) => row.name)).toEqual(database.driver === 'postgres' ? [name] : []);
  });
});
