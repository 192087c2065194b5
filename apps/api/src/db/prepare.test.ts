import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openMigratedPglite, testDatabaseKind } from '#src/testing/database.ts';
import { createEmptyDatabase } from '#src/testing/empty-database.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { prepareDatabase } from './prepare.ts';

const today = new Date().toISOString().slice(0, 10);

async function count(handle: DatabaseHandle, table: 'tours' | 'countries'): Promise<number> {
  const { rows } = await handle.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  );
  return rows[0]!.n;
}

// Replicas of a deploy starting together on a new database (issue: one crashed every time on
// `CREATE EXTENSION IF NOT EXISTS pg_trgm`, a duplicate key in pg_extension_name_index).
describe.runIf(testDatabaseKind() === 'postgres')('prepareDatabase on PostgreSQL', () => {
  it('lets three processes start together on an empty database: all migrate, one seeds', async () => {
    const empty = await createEmptyDatabase('prepare_race');
    // A pool each, as separate processes have: each its own sessions on the server.
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: empty.url, poolSize: 4 })),
    );
    try {
      const results = await Promise.allSettled(
        handles.map((handle) => prepareDatabase(handle, { demoData: true, tours: 12, today })),
      );
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const seeded = results.map((result) => result.status === 'fulfilled' && result.value.seeded);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      // Seeded once: the waiting processes found the catalogue there and left it alone.
      expect(await count(handles[0]!, 'tours')).toBe(12);
      const { rows } = await handles[0]!.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);

      // A later deploy of three more: migrations already applied, nothing seeded again.
      const again = await Promise.all(
        handles.map((handle) => prepareDatabase(handle, { demoData: true, tours: 12, today })),
      );
      expect(again.map((result) => result.seeded)).toEqual([false, false, false]);
      expect(await count(handles[0]!, 'tours')).toBe(12);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await empty.drop();
    }
  }, 180_000);

  it('migrates side by side without a demo catalogue (DEMO_DATA=off): reference data, no tours', async () => {
    const empty = await createEmptyDatabase('migrate_race');
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: empty.url, poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(
        handles.map((handle) => prepareDatabase(handle, { demoData: false })),
      );
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      // The reference countries once (decision 163), and no demo tours.
      expect(await count(handles[0]!, 'countries')).toBe(246);
      expect(await count(handles[0]!, 'tours')).toBe(0);
      // The lock is free again: a start after them takes it at once.
      await handles[1]!.withStartLock(async () => {});
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await empty.drop();
    }
  }, 120_000);

  it('lets one process at a time hold the start lock, and frees it when that process dies', async () => {
    const empty = await createEmptyDatabase('start_lock');
    const [first, second] = await Promise.all(
      [1, 2].map(() => openDatabase({ url: empty.url, poolSize: 2 })),
    );
    const admin = await openDatabase({ url: empty.url, poolSize: 1 });
    try {
      const events: string[] = [];
      let release!: () => void;
      const held = first!.withStartLock(async () => {
        events.push('first in');
        await new Promise<void>((resolve) => (release = resolve));
        events.push('first out');
      });
      await expect.poll(() => events).toEqual(['first in']);
      const waiting = second!.withStartLock(async () => {
        events.push('second in');
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events).toEqual(['first in']);
      release();
      await Promise.all([held, waiting]);
      expect(events).toEqual(['first in', 'first out', 'second in']);

      // A process killed while it holds the lock (its connection ends): the next start goes on.
      let hang!: () => void;
      const dying = first!.withStartLock(() => new Promise<void>((resolve) => (hang = resolve)));
      await expect.poll(() => hang).toBeDefined();
      await admin.db.execute(sql`
        SELECT pg_terminate_backend(l.pid) FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted AND l.database = (
          SELECT oid FROM pg_database WHERE datname = current_database())`);
      await second!.withStartLock(async () => {
        events.push('after the death');
      });
      expect(events.at(-1)).toBe('after the death');
      hang();
      await dying;
    } finally {
      await Promise.all([first!.close(), second!.close(), admin.close()]);
      await empty.drop();
    }
  }, 60_000);
});

describe.runIf(testDatabaseKind() === 'pglite')('prepareDatabase on PGlite', () => {
  it('migrates and seeds as before: the start lock is only PostgreSQL’s', async () => {
    const handle = await openMigratedPglite();
    try {
      expect(await prepareDatabase(handle, { demoData: false })).toEqual({ seeded: false });
      expect(await prepareDatabase(handle, { demoData: true, tours: 6, today })).toEqual({
        seeded: true,
      });
      expect(await count(handle, 'tours')).toBe(6);
      expect(await prepareDatabase(handle, { demoData: true, tours: 6, today })).toEqual({
        seeded: false,
      });
    } finally {
      await handle.close();
    }
  }, 120_000);
});
