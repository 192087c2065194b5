import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { executePrepared, preparedName, toLiteral } from './prepared.ts';
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

  it('keeps the statement prepared on the connection; PGlite not inside a transaction', async () => {
    // A text no other test runs, so nothing prepared it before.
    const inTransaction = sql`select id from tours where id >= ${1} order by id desc limit 2`;
    const name = preparedName('select id from tours where id >= $1 order by id desc limit 2');
    const found = await database.db.transaction(async (tx) => {
      await executePrepared(tx, inTransaction);
      return (
        await tx.execute<{ name: string }>(
          sql`select name from pg_prepared_statements where name = ${name}`,
        )
      ).rows;
    });
    // node-postgres prepares it by name on the connection. PGlite does not prepare inside a
    // transaction: a failed PREPARE would abort the caller's transaction.
    expect(found.map((row) => row.name)).toEqual(database.driver === 'postgres' ? [name] : []);
  });

  it('prepares it with SQL on PGlite, outside transactions (decision 034)', async () => {
    const { db } = database;
    await executePrepared(db, query(2));
    const name = preparedName('select id from tours where id >= $1 order by id limit 3');
    const found = await db.execute<{ name: string }>(
      sql`select name from pg_prepared_statements where name = ${name}`,
    );
    // node-postgres prepares it on whichever pooled connection ran it; PGlite is one session.
    if (database.driver === 'pglite') expect(found.rows.map((row) => row.name)).toEqual([name]);
    else expect(found.rows.length).toBeLessThanOrEqual(1);
  });

  it('passes awkward values exactly as the protocol would', async () => {
    const { db } = database;
    const values = ["it's", 'back\\slash', '{"json": [1]}', 'élan — 馬', ''];
    for (const value of values) {
      // drizzle writes a JS array as a list of parameters; array values travel as text.
      const list = `{"${value.replace(/["\\]/g, '\\$&')}",NULL,"b\\"c"}`;
      const echo = sql`select ${value}::text as text, ${list}::text[] as list,
        ${12.5}::numeric as amount, ${true}::boolean as flag, ${null}::int as nothing`;
      const prepared = await executePrepared<Record<string, unknown>>(db, echo);
      const plain = await db.execute<Record<string, unknown>>(echo);
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.rows[0]!.text).toBe(value);
      expect(prepared.rows[0]!.list).toEqual([value, null, 'b"c']);
    }
  });

  it('writes literals for text, numbers, booleans, null and arrays only', () => {
    expect(toLiteral("it's")).toBe("'it''s'");
    expect(toLiteral(12.5)).toBe("'12.5'");
    expect(toLiteral(false)).toBe("'f'");
    expect(toLiteral(null)).toBe('null');
    expect(toLiteral([1, null, 'a"b\\c'])).toBe(`'{"1",NULL,"a\\"b\\\\c"}'`);
    expect(toLiteral([[1], [2]])).toBe(`'{{"1"},{"2"}}'`);
    // Anything else goes the usual way (the driver's own serialisers).
    expect(toLiteral(new Date(0))).toBeUndefined();
    expect(toLiteral({ a: 1 })).toBeUndefined();
    expect(toLiteral([{ a: 1 }])).toBeUndefined();
    expect(toLiteral(undefined)).toBeUndefined();
  });
});
