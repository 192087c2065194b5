import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';

/** PostgreSQL's `date` and `numeric` type OIDs. */
const DATE = 1082;
const NUMERIC = 1700;

describe('PgliteThread (the embedded database on its own thread)', () => {
  let db: PgliteThread;

  beforeAll(async () => {
    db = await PgliteThread.start({ dataDir: 'memory://' });
    await db.exec(`
      create table notes (id int primary key, body text not null, day date, amount numeric);
      insert into notes values (1, 'first', '2026-11-27', 12.50);
    `);
  });

  afterAll(async () => {
    await db.close();
  });

  it('opens, answers queries with their fields, and counts affected rows', async () => {
    await db.waitReady;
    expect(db.ready).toBe(true);
    const selected = await db.query<{ id: number; body: string }>(
      'select id, body from notes where id = $1',
      [1],
    );
    expect(selected.rows).toEqual([{ id: 1, body: 'first' }]);
    expect(selected.fields.map((field) => field.name)).toEqual(['id', 'body']);
    const updated = await db.query('update notes set body = body where id > $1', [0]);
    expect(updated.affectedRows).toBe(1);
  });

  it('answers rows as arrays in array mode', async () => {
    const result = await db.query('select id, body from notes', [], { rowMode: 'array' });
    expect(result.rows).toEqual([[1, 'first']]);
  });

  it("applies the caller's parsers to the text of their types, never to null", async () => {
    const calls: [string, number][] = [];
    const parsers = {
      [DATE]: (value: string, type: number) => {
        calls.push([value, type]);
        return `day ${value}`;
      },
      [NUMERIC]: (value: string) => `amount ${value}`,
    };
    const object = await db.query('select day, amount, null::date as missing from notes', [], {
      parsers,
    });
    expect(object.rows).toEqual([{ day: 'day 2026-11-27', amount: 'amount 12.50', missing: null }]);
    expect(calls).toEqual([['2026-11-27', DATE]]);
    const array = await db.query('select day, day as again from notes', [], {
      rowMode: 'array',
      parsers,
    });
    expect(array.rows).toEqual([['day 2026-11-27', 'day 2026-11-27']]);
    // Without parsers, PGlite's own: a date is a Date.
    const plain = await db.query<{ day: unknown }>('select day from notes');
    expect(plain.rows[0]!.day).toBeInstanceOf(Date);
  });

  it("keeps PostgreSQL's error fields (code, constraint, detail)", async () => {
    const error = await db
      .query('insert into notes (id, body) values ($1, $2)', [1, 'again'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'notes_pkey',
      message: expect.stringContaining('duplicate key'),
    });
  });

  it('commits a transaction whose callback resolves', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [2, 'second']);
      const inside = await tx.query<{ count: number }>('select count(*)::int as count from notes');
      return inside.rows[0]!.count;
    });
    expect(answer).toBe(2);
    const after = await db.query<{ body: string }>('select body from notes where id = 2');
    expect(after.rows).toEqual([{ body: 'second' }]);
  });

  it('rolls back a transaction whose callback throws, and rethrows', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values ($1, $2)', [3, 'third']);
        throw new Error('changed my mind');
      })
      .catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ message: 'changed my mind' });
    expect((await db.query('select 1 from notes where id = 3')).rows).toEqual([]);
  });

  it('rolls back on rollback() and refuses statements after it', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [4, 'fourth']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('has ended');
    });
    expect((await db.query('select 1 from notes where id = 4')).rows).toEqual([]);
  });

  it('makes a statement outside a transaction wait for it to end, as PGlite does', async () => {
    const order: string[] = [];
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [5, 'fifth']);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    await insertedOnce;
    const outside = db
      .query<{ body: string }>('select body from notes where id = 5')
      .then((result) => {
        order.push('outside');
        return result.rows;
      });
    await transaction;
    expect(await outside).toEqual([{ body: 'fifth' }]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('dumps its data folder, which a new thread opens', async () => {
    const tarball = await db.dumpDataDir('gzip');
    expect(tarball.size).toBeGreaterThan(1000);
    const copy = await PgliteThread.start({ dataDir: 'memory://', loadDataDir: tarball });
    try {
      const rows = await copy.query<{ id: number }>('select id from notes order by id');
      expect(rows.rows.map((row) => row.id)).toEqual([1, 2, 5]);
    } finally {
      await copy.close();
    }
  });

  it('fails statements after close, and a failed open fails them too', async () => {
    const closing = await PgliteThread.start({ dataDir: 'memory://' });
    await closing.close();
    expect(closing.closed).toBe(true);
    await expect(closing.query('select 1')).rejects.toThrow('the database is closed');

    const broken = await PgliteThread.start({
      dataDir: 'memory://',
      loadDataDir: new Blob(['not a tarball']),
    });
    await expect(broken.waitReady).rejects.toThrow();
    await expect(broken.query('select 1')).rejects.toThrow();
    await broken.close().catch(() => {});
  });
});
