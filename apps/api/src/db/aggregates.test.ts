import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '#src/testing/database.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { aggregatesDay, refreshCatalogAggregates } from './aggregates.ts';

// On PGlite every test file has its own copy of the database; the shared PostgreSQL one sees
// other files change tours and book seats meanwhile.
describe.runIf(testDatabaseKind() === 'pglite')('refreshCatalogAggregates', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const today = () => new Date().toISOString().slice(0, 10);

  it('writes only the rows whose facts changed, so only those tours are logged as changed', async () => {
    const { db } = database;
    const lastChange = async () => {
      const result = (await db.execute(
        sql`SELECT coalesce(max(id), 0)::int AS id FROM tour_changes`,
      )) as unknown as { rows: { id: number }[] };
      return result.rows[0]!.id;
    };
    // The seed refreshed them for today: nothing changes, so nothing is logged.
    const before = await lastChange();
    expect(await refreshCatalogAggregates(db, today())).toBe(0);
    expect(await lastChange()).toBe(before);

    const result = (await db.execute(sql`
      UPDATE tours SET from_price_usd = from_price_usd + 1
      WHERE id = (SELECT min(id) FROM tours WHERE from_price_usd IS NOT NULL)
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    const tourId = result.rows[0]!.id;
    const afterEdit = await lastChange();
    expect(await refreshCatalogAggregates(db, today())).toBe(1);
    const logged = (await db.execute(
      sql`SELECT tour_id AS "tourId" FROM tour_changes WHERE id > ${afterEdit}`,
    )) as unknown as { rows: { tourId: number }[] };
    expect(logged.rows).toEqual([{ tourId }]);
  });

  it('records the day it refreshed for, and skips that day when asked to', async () => {
    const { db } = database;
    // The seed refreshed them for today.
    expect(await aggregatesDay(db)).toBe(today());
    await db.execute(sql`
      UPDATE tours SET from_price_usd = from_price_usd + 1
      WHERE id = (SELECT min(id) FROM tours WHERE from_price_usd IS NOT NULL)`);
    // Done for today: skipped, so the changed row stays as it is.
    expect(await refreshCatalogAggregates(db, today(), { unlessDoneFor: true })).toBeUndefined();
    // Another day is refreshed (and recorded), and finds the row.
    expect(
      await refreshCatalogAggregates(db, '2026-01-01', { unlessDoneFor: true }),
    ).toBeGreaterThanOrEqual(1);
    expect(await aggregatesDay(db)).toBe('2026-01-01');
    // Back to today: it runs again, as it is not today's refresh any more.
    expect(
      await refreshCatalogAggregates(db, today(), { unlessDoneFor: true }),
    ).toBeGreaterThanOrEqual(0);
    expect(await aggregatesDay(db)).toBe(today());
  });
});
