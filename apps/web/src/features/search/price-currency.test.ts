// @vitest-environment node
import { CONVERT_PRICE_TTL_MS } from '@gallop/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientWith } from '../../lib/testing/api-client';
import { convertSearchPrices, snapPriceRange } from './price-currency';

/** Units of each currency per 1 USD, as a stand-in for the API's rates table. */
const RATES: Record<string, number> = { USD: 1, EUR: 0.86, RUB: 92, KZT: 470, JPY: 155 };

/**
 * An API client over a fake `/node-api/convert-price` (the API's answer: the amount converted,
 * rounded to cents); `status` other than 200 answers every call with that error instead.
 */
function convertingApi({ status = 200 }: { status?: number } = {}) {
  const { api, seen } = clientWith((url) => {
    if (status !== 200) return Response.json({ message: 'Rates unavailable' }, { status });
    const query = url.searchParams;
    const from = RATES[query.get('from_currency') ?? ''] ?? NaN;
    const to = RATES[query.get('to_currency') ?? ''] ?? NaN;
    const result = Math.round((Number(query.get('amount')) / from) * to * 100) / 100;
    return Response.json({ result });
  });
  const conversions = () =>
    seen.map(({ pathname, searchParams }) => `${pathname}?${searchParams.toString()}`);
  return { api, seen, conversions };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('snapPriceRange', () => {
  it('rounds each bound to the step and keeps it within the slider', () => {
    expect(snapPriceRange([430, 1720], 5000, 50)).toEqual([450, 1700]);
    expect(snapPriceRange([46_000, 138_400], 200_000, 1000)).toEqual([46_000, 138_000]);
    expect(snapPriceRange([47_000, 470_000], 1_000_000, 5000)).toEqual([45_000, 470_000]);
  });

  it('drops a lower bound at 0 and an upper bound at the slider maximum, as the slider does', () => {
    expect(snapPriceRange([17.2, 276_000], 200_000, 1000)).toEqual([undefined, undefined]);
    expect(snapPriceRange([-5, 4990], 5000, 50)).toEqual([undefined, undefined]);
    expect(snapPriceRange([undefined, 2000], 5000, 50)).toEqual([undefined, 2000]);
    expect(snapPriceRange([300, undefined], 500, 50)).toEqual([300, undefined]);
    // A lower bound past the slider's end still restricts: it stays at the end.
    expect(snapPriceRange([600, undefined], 500, 50)).toEqual([500, undefined]);
  });
});

describe('convertSearchPrices', () => {
  it('converts both bounds of both ranges through the API and keeps the other fields', async () => {
    const { api, conversions } = convertingApi();
    const search = {
      countries: '101,5',
      priceMin: 500,
      priceMax: 2000,
      pricePerDayMin: 100,
      pricePerDayMax: 300,
      sort: '-price',
    };

    // 430, 1720, 86 and 258 EUR, on the EUR sliders' steps of 50 (total) and 5 (a day).
    expect(await convertSearchPrices(api, search, 'USD', 'EUR')).toEqual({
      countries: '5,101',
      priceMin: 450,
      priceMax: 1700,
      pricePerDayMin: 85,
      pricePerDayMax: 260,
      sort: '-price',
    });
    expect(conversions().sort()).toEqual(
      [500, 2000, 100, 300]
        .map(
          (amount) => `/node-api/convert-price?from_currency=USD&to_currency=EUR&amount=${amount}`,
        )
        .sort(),
    );
  });

  it('converts only the bounds that are set', async () => {
    const { api, conversions } = convertingApi();
    expect(await convertSearchPrices(api, { priceMax: 1000 }, 'EUR', 'USD')).toEqual({
      // 1162.79 USD.
      priceMax: 1150,
    });
    expect(conversions()).toEqual([
      '/node-api/convert-price?from_currency=EUR&to_currency=USD&amount=1000',
    ]);
  });

  it('clamps to the new currency’s sliders and rounds to their step', async () => {
    const { api } = convertingApi();
    // RUB sliders: 200 000 total, 20 000 a day, steps 1000 and 100. 276 000 RUB is past the end:
    // no bound; 13 800 RUB a day is on the per-day step.
    expect(
      await convertSearchPrices(
        api,
        { priceMin: 500, priceMax: 3000, pricePerDayMax: 150 },
        'USD',
        'RUB',
      ),
    ).toEqual({ priceMin: 46_000, pricePerDayMax: 13_800 });
    // KZT: its table's sliders (1 000 000 total, 100 000 a day, steps 5000 and 500), within
    // KZT's own caps (decision 176): 47 000 and 23 500 KZT.
    expect(
      await convertSearchPrices(api, { priceMin: 100, pricePerDayMax: 50 }, 'USD', 'KZT'),
    ).toEqual({ priceMin: 45_000, pricePerDayMax: 23_500 });
    // JPY is not in the spec's table: sliders derived from its rate (1 000 000 total, 100 000 a
    // day, steps 10 000 and 1000): 155 000 and 3100 JPY.
    expect(
      await convertSearchPrices(api, { priceMax: 1000, pricePerDayMin: 20 }, 'USD', 'JPY'),
    ).toEqual({ priceMax: 160_000, pricePerDayMin: 3000 });
    // Back to USD (10.87 and 434.78 USD).
    expect(
      await convertSearchPrices(api, { priceMin: 1000, priceMax: 40_000 }, 'RUB', 'USD'),
    ).toEqual({ priceMax: 450 });
  });

  it('keeps bounds past the spec’s caps where the currency’s own caps reach further (decision 176)', async () => {
    const { api } = convertingApi();
    // 235 000 KZT and 70 500 KZT a day: past the spec's 200 000 and 30 000, within KZT's caps
    // and sliders, so they restrict as the USD bounds did.
    expect(
      await convertSearchPrices(api, { priceMin: 500, pricePerDayMax: 150 }, 'USD', 'KZT'),
    ).toEqual({ priceMin: 235_000, pricePerDayMax: 70_500 });
    // JPY 1 000 000 is its slider's end and its cap: a bound past it ends there.
    expect(
      await convertSearchPrices(api, { priceMin: 9000, priceMax: 9500 }, 'USD', 'JPY'),
    ).toEqual({ priceMin: 1_000_000 });
  });

  it('reads the old bounds in the old currency: one at or past its cap restricted nothing', async () => {
    const { api, conversions } = convertingApi();
    // $3,000,000 is past USD's cap: there was no upper bound to convert.
    expect(
      await convertSearchPrices(api, { priceMin: 500, priceMax: 3_000_000 }, 'USD', 'JPY'),
    ).toEqual({ priceMin: 80_000 });
    expect(conversions()).toEqual([
      '/node-api/convert-price?from_currency=USD&to_currency=JPY&amount=500',
    ]);
  });

  it('asks once per (from, to, amount) within 60 s, and again after', async () => {
    // Only Date is faked: the client's cache reads the clock, the fetch stays real.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, seen } = convertingApi();
    const search = { priceMin: 500, priceMax: 2000 };
    const expected = { priceMin: 450, priceMax: 1700 };

    expect(await convertSearchPrices(api, search, 'USD', 'EUR')).toEqual(expected);
    expect(seen).toHaveLength(2);
    vi.advanceTimersByTime(CONVERT_PRICE_TTL_MS - 1);
    expect(await convertSearchPrices(api, search, 'USD', 'EUR')).toEqual(expected);
    expect(seen).toHaveLength(2);
    // Another combination is asked for.
    await convertSearchPrices(api, search, 'USD', 'RUB');
    expect(seen).toHaveLength(4);

    vi.advanceTimersByTime(1);
    expect(await convertSearchPrices(api, search, 'USD', 'EUR')).toEqual(expected);
    expect(seen).toHaveLength(6);
  });

  it('asks nothing without a price bound, or for the same currency', async () => {
    const { api, seen } = convertingApi();
    expect(await convertSearchPrices(api, { countries: '101', sort: 'price' }, 'USD', 'EUR')).toBe(
      undefined,
    );
    expect(await convertSearchPrices(api, { priceMax: 1000 }, 'EUR', 'EUR')).toBe(undefined);
    expect(seen).toEqual([]);
  });

  it.each([
    ['an error answer', 500],
    ['a currency the rates lack', 422],
  ])('changes nothing after %s, quietly', async (_case, status) => {
    const consoleError = vi.spyOn(console, 'error');
    const { api, seen } = convertingApi({ status });
    await expect(
      convertSearchPrices(api, { priceMin: 500, priceMax: 2000 }, 'USD', 'EUR'),
    ).resolves.toBe(undefined);
    expect(seen.length).toBeGreaterThan(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('changes nothing when the API cannot be reached', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { api } = clientWith(() => Promise.reject(new TypeError('fetch failed')));
    await expect(convertSearchPrices(api, { priceMax: 2000 }, 'USD', 'EUR')).resolves.toBe(
      undefined,
    );
    expect(consoleError).not.toHaveBeenCalled();
  });
});
