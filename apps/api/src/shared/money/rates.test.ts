import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { currencyRates } from '#src/db/schema/index.ts';
import { openMigratedPglite, openTestDatabase } from '#src/testing/database.ts';
import { convertAmount, createRatesCache, toDisplayPrice, UnknownCurrencyError } from './rates.ts';

const rates = new Map([
  ['USD', 1],
  ['EUR', 0.92],
  ['RUB', 92],
]);

describe('currency conversion', () => {
  it('converts through USD and keeps same-currency amounts untouched', () => {
    expect(convertAmount(100, 'USD', 'EUR', rates)).toBeCloseTo(92);
    expect(convertAmount(92, 'EUR', 'RUB', rates)).toBeCloseTo(9200);
    expect(convertAmount(123.45, 'RUB', 'RUB', rates)).toBe(123.45);
  });

  it('shows prices in whole major units', () => {
    // 1 234.56 EUR in minor units, shown in USD without decimals.
    expect(toDisplayPrice(123_456, 'EUR', 'USD', rates)).toBe(1342);
    expect(toDisplayPrice(99_950, 'USD', 'USD', rates)).toBe(1000);
  });

  it('refuses a currency the table does not know', () => {
    expect(() => convertAmount(1, 'USD', 'XXX', rates)).toThrow(UnknownCurrencyError);
  });
});

describe('rates cache over the seeded table', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('reads every seeded rate once and serves the same map until cleared', async () => {
    const cache = createRatesCache(database.db);
    const first = await cache.get();
    expect(first.get('USD')).toBe(1);
    for (const code of ['EUR', 'RUB', 'BYN', 'KZT', 'CNY', 'GBP', 'CHF', 'JPY']) {
      expect(first.get(code), code).toBeGreaterThan(0);
    }
    expect(await cache.get()).toBe(first);
    cache.clear();
    const second = await cache.get();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it('follows a changed rate within its check interval, and keeps the map while none changes', async () => {
    // Its own empty database: the seeded one is shared with other files on PostgreSQL.
    const own = await openMigratedPglite();
    try {
      await own.db.insert(currencyRates).values({ code: 'EUR', perUsd: 0.9 });
      const cache = createRatesCache(own.db, { checkEveryMs: 0 });
      const first = await cache.get();
      expect(await cache.get()).toBe(first);
      await own.db.update(currencyRates).set({ perUsd: 0.8 }).where(eq(currencyRates.code, 'EUR'));
      // The check runs in the background: the request that starts it is answered at once.
      expect((await cache.get()).get('EUR')).toBe(0.9);
      await vi.waitFor(async () => expect((await cache.get()).get('EUR')).toBe(0.8));
    } finally {
      await own.close();
    }
  });
});
