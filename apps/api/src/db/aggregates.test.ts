import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '#src/modules/catalog/index.ts';
import { openTestDatabase, testDatabaseKind } from '#src/testing/database.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { aggregatesDay, refreshCatalogAggregates } from './aggregates.ts';

// On PGlite every test file has its own copy of the database; the shared PostgreSQL one sees
// other files bump the version and book seats meanwhile.
describe.runIf(testDatabaseKind() === 'pglite')('refreshCatalogAggregates', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const today = () => new Date().toISOString().slice(0, 10);

  it('bumps the catalogue version only when a row changed, if asked so', async () => {
    const { db } = database;
    // The seed refreshed them for today: nothing changes, so nothing is invalidated.
    const before = await readCatalogVersion(db);
    expect(await refreshCatalogAggregates(db, today(), { onlyIfChanged: true })).toBe(0);
    expect(await readCatalogVersion(db)).toBe(before);

    await db.execute(sql`
      UPDATE tours SET from_price_usd = from_price_usd + 1
      WHERE id = (SELECT min(id) FROM tours WHERE from_price_usd IS NOT NULL)`);
    expect(await refreshCatalogAggregates(db, today(), { onlyIfChanged: true })).toBe(1);
    const bumped = await readCatalogVersion(db);
    expect(bumped).toBeGreaterThan(before);

    // By default (the seed) it always bumps.
    expect(await refreshCatalogAggregates(db, today())).toBe(0);
    expect(await readCatalogVersion(db)).toBeGreaterThan(bumped);
  });

  it('records the day it refreshed for, and skips that day when asked to', async () => {
    const { db } = database;
    // The seed refreshed them for today.
    expect(await aggregatesDay(db)).toBe(today());
    await db.execute(sql`
      UPDATE tours SET from_price_usd = from_price_usd + 1
      WHERE id = (SELECT min(id) FROM tours WHERE from_price_usd IS NOT NULL)`);
    // Done for today: skipped, so the changed row stays as it is.
    expect(
      await refreshCatalogAggregates(db, today(), { onlyIfChanged: true, unlessDoneFor: true }),
    ).toBeUndefined();
    // Another day is refreshed (and recorded), and finds the row.
    expect(
      await refreshCatalogAggregates(db, '2026-01-01', {
        onlyIfChanged: true,
        unlessDoneFor: true,
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(await aggregatesDay(db)).toBe('2026-01-01');
    // Back to today: it runs again, as it is not today's refresh any more.
    expect(
      await refreshCatalogAggregates(db, today(), { onlyIfChanged: true, unlessDoneFor: true }),
    ).toBeGreaterThanOrEqual(0);
    expect(await aggregatesDay(db)).toBe(today());
  });
});
