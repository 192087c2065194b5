import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import {
  bumpCatalogVersion,
  createCatalogVersionReader,
  readCatalogVersion,
} from './catalog-version.ts';

describe('catalogue version in the database', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('starts at a time in milliseconds and grows with every bump', async () => {
    const db = testApp.database.db;
    const before = await readCatalogVersion(db);
    expect(before).toBeGreaterThan(Date.UTC(2024, 0, 1));
    const bumped = await bumpCatalogVersion(db);
    expect(bumped).toBeGreaterThan(before);
    expect(await readCatalogVersion(db)).toBe(bumped);
    expect(await bumpCatalogVersion(db)).toBeGreaterThan(bumped);
  });
});

/** A stored version, a clock and a count of reads, for a reader to read from. */
function countingSource() {
  const source = {
    now: 0,
    stored: 1,
    reads: 0,
    read: async () => {
      source.reads += 1;
      return source.stored;
    },
  };
  return source;
}

describe('createCatalogVersionReader', () => {
  it('waits for the first read only, then refreshes in the background once per period', async () => {
    const source = countingSource();
    const reader = createCatalogVersionReader(source.read, {
      maxAgeMs: 1_000,
      now: () => source.now,
    });
    expect(await reader.current()).toBe(1);
    source.stored = 2;
    source.now = 999;
    expect(await reader.current()).toBe(1);
    expect(source.reads).toBe(1);
    source.now = 1_000;
    // The stale version answers at once; the new one arrives with the background read.
    expect(await reader.current()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reader.current()).toBe(2);
    expect(source.reads).toBe(2);
  });

  it('keeps the last known version when a read fails', async () => {
    let now = 0;
    let fail = false;
    const reader = createCatalogVersionReader(
      async () => {
        if (fail) throw new Error('database down');
        return 7;
      },
      { maxAgeMs: 10, now: () => now },
    );
    expect(await reader.current()).toBe(7);
    fail = true;
    now = 100;
    expect(await reader.current()).toBe(7);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reader.current()).toBe(7);
  });

  it('peeks without waiting: nothing before the first read, then the known version', async () => {
    const source = countingSource();
    const reader = createCatalogVersionReader(source.read, {
      maxAgeMs: 1_000,
      now: () => source.now,
    });
    expect(reader.peek()).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.peek()).toBe(1);
    expect(source.reads).toBe(1);
    source.stored = 2;
    source.now = 1_000;
    // Old: still answered at once, and read again in the background.
    expect(reader.peek()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.peek()).toBe(2);
    expect(source.reads).toBe(2);
  });
});
