/**
 * Price filters after a currency switch (decision 051). The API reads `priceMin`/`priceMax` and
 * `pricePerDayMin`/`pricePerDayMax` in the request's currency (`X-Currency`), so when the visitor
 * switches currency the bounds are converted by the API's rates and snapped to the new
 * currency's price sliders; otherwise 500 USD would silently become 500 RUB. The search page
 * imports this module when a switch happens, so it is no part of any page's first load.
 */
import type { GallopClient } from '@gallop/api-client';
import { sliderLimitsFor, type SearchFilters } from '@gallop/search-filters';
import { hasPriceBound, PRICE_RANGES } from './search-query';
import { filtersToSearch, searchToFilters, type FilterSearch } from './search-url';

/**
 * `amount` in `from` expressed in `to`, by the API's rates (`GET /node-api/convert-price`). The
 * app's API client answers a (from, to, amount) it has asked within 60 s from memory
 * (docs/product.md, Calls; `responseCacheMiddleware` in @gallop/api-client). Rejects when the call
 * fails.
 */
async function convertPrice(
  api: GallopClient<true>,
  from: string,
  to: string,
  amount: number,
): Promise<number> {
  const { data } = await api.GET('/node-api/convert-price', {
    params: { query: { from_currency: from, to_currency: to, amount } },
  });
  return data.result;
}

/**
 * A converted range as the price slider of `currency` would set it: each bound on the slider's
 * step and within its range, and, as the slider reads its thumbs, a lower bound at 0 or an upper
 * bound at the slider's maximum restricts nothing (undefined).
 */
export function snapPriceRange(
  [min, max]: readonly [number | undefined, number | undefined],
  ceiling: number,
  step: number,
): [number | undefined, number | undefined] {
  const snap = (amount: number) => Math.min(ceiling, Math.max(0, Math.round(amount / step) * step));
  const low = min === undefined ? 0 : snap(min);
  const high = max === undefined ? ceiling : snap(max);
  return [low > 0 ? low : undefined, high < ceiling ? high : undefined];
}

/**
 * The address bar's search with its price bounds converted from `from` to `to` (each set bound
 * through the API, then {@link snapPriceRange} with `to`'s slider limits, which are within `to`'s
 * caps: a bound past them ends at the slider's end), every other field as it was. Undefined when there is nothing to change: no price bound is set (no call is made) or
 * a conversion failed, in which case the filters stay as they are.
 */
export async function convertSearchPrices(
  api: GallopClient<true>,
  search: FilterSearch,
  from: string,
  to: string,
): Promise<FilterSearch | undefined> {
  // The bounds as they read in `from`: one at or past its cap restricted nothing there.
  const filters = searchToFilters(search, from);
  if (from === to || !hasPriceBound(filters)) return undefined;
  const limits = sliderLimitsFor(to);
  const inTarget = (amount: number | undefined) =>
    amount === undefined ? undefined : convertPrice(api, from, to, amount);
  try {
    const ranges = await Promise.all(
      PRICE_RANGES.map(async ([minField, maxField]) => {
        const range = await Promise.all([inTarget(filters[minField]), inTarget(filters[maxField])]);
        // On each slider's own step: the price per day's is a tenth of the total's (as the panel
        // sets it), or a ¥3,100 a day would snap to 0 on the total's ¥10,000.
        const step = maxField === 'priceMax' ? limits.step : Math.max(1, limits.step / 10);
        return [minField, maxField, snapPriceRange(range, limits[maxField], step)] as const;
      }),
    );
    const next: Partial<SearchFilters> = { ...filters };
    for (const [minField, maxField, [min, max]] of ranges) {
      next[minField] = min;
      next[maxField] = max;
    }
    // Written in the new currency's caps (decision 176), which the snapped bounds are within.
    return filtersToSearch(next, to);
  } catch {
    // The API down, or a currency its rates lack: the page keeps working with the numbers as
    // they are (read in the new currency), and nothing is logged as an error.
    return undefined;
  }
}
