import type { GallopClient } from '@gallop/api-client';
import type { CurrencyCode } from '@gallop/currency';
import { currencyAtom, useCurrency } from '@gallop/currency/react';
import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { sameJson } from '../../../../lib/stable-props';
import { hasPriceBound } from '../../search-query';
import type { FilterSearch } from '../../search-url';

export interface PricesFollowCurrencyActions {
  /** Goes to the search with the converted bounds, instead of the current address. */
  replaceSearch: (search: FilterSearch) => unknown;
  /** Asks again for the current search's results (in the new currency); settles when they show. */
  refetchResults: () => Promise<unknown>;
}

export interface PricesFollowCurrency {
  /** True while a conversion, or the search that follows a failed one, runs. */
  converting: boolean;
  /**
   * The `staleTime` of the page's results queries: the client's default, but `'static'` while a
   * switch has left the address's price bounds in another currency than the visitor's.
   */
  resultsStaleTime: <TData, TError, TKey extends QueryKey>(
    query: Query<TData, TError, TData, TKey>,
  ) => number | 'static';
}

/**
 * Keeps the address bar's price bounds meaning the same money when the visitor switches currency
 * (the API reads them in `X-Currency`): they are converted from the old currency to the new one
 * and `replaceSearch` gets the converted search (decision 051). The converter loads with the
 * first switch that needs it; without a price bound nothing is asked. A failed conversion (or one
 * that gives the same numbers) keeps the bounds as they are and `refetchResults` asks for the
 * results again, now in the new currency.
 *
 * So the only search after a switch is one of these two. The header's currency switcher sets the
 * currency, then invalidates every query and refetches the active ones, but never a `'static'`
 * one (react-query): with `resultsStaleTime`, the results are static from the moment the
 * visitor's currency changes until the conversion settles, and the old address's results until
 * the converted search takes its place, so no search reads the old numbers in the new currency,
 * however late the switcher's refetch comes (a signed-in traveller's choice is saved on the
 * server first). They are still marked invalidated, so cached ones are asked again when shown
 * later (Back). The switcher (in the first load) is unchanged.
 */
export function usePricesFollowCurrency(
  api: GallopClient<true>,
  search: FilterSearch,
  { replaceSearch, refetchResults }: PricesFollowCurrencyActions,
): PricesFollowCurrency {
  const { currency } = useCurrency();
  const store = useStore();
  const queryClient = useQueryClient();
  // The currency the address's price bounds are in: the page's, until a switch converts them.
  const pricesIn = useRef(currency);
  // The address being replaced by its converted search: its numbers are in the old currency.
  const replacing = useRef<FilterSearch | undefined>(undefined);
  const [converting, setConverting] = useState(false);

  const resultsStaleTime: PricesFollowCurrency['resultsStaleTime'] = (query) => {
    // Read when react-query asks (the switcher asks right after setting the currency), not when
    // rendered: from the switch until the converted search has taken this address's place.
    const leftBehind =
      store.get(currencyAtom) !== pricesIn.current ||
      (replacing.current !== undefined && sameJson(search, replacing.current));
    if (hasPriceBound(search) && leftBehind) return 'static';
    const fallback = queryClient.getDefaultOptions().queries?.staleTime ?? 0;
    return typeof fallback === 'function' ? fallback(query as unknown as Query) : fallback;
  };
  useEffect(() => {
    // The converted search has come (or the visitor went elsewhere): the old one's results stay
    // cached, invalidated by the switcher, so they are asked for again if shown later.
    if (replacing.current !== undefined && !sameJson(search, replacing.current)) {
      replacing.current = undefined;
    }
  }, [search]);

  const settle = useEffectEvent(
    (
      to: CurrencyCode,
      before: FilterSearch,
      next: FilterSearch | undefined,
      isCurrent: () => boolean,
    ) => {
      pricesIn.current = to;
      // A search the visitor started meanwhile was chosen (and asked for) in the new currency.
      if (!sameJson(search, before)) {
        setConverting(false);
      } else if (next && !sameJson(next, before)) {
        setConverting(false);
        replacing.current = before;
        replaceSearch(next);
      } else {
        // The numbers stay: these results were last asked in the old currency.
        void refetchResults()
          .catch(() => undefined)
          .then(() => {
            if (isCurrent()) setConverting(false);
          });
      }
    },
  );
  const follow = useEffectEvent((to: CurrencyCode, isCurrent: () => boolean) => {
    const from = pricesIn.current;
    const before = search;
    if (from === to || !hasPriceBound(before)) {
      // Nothing to convert: the switcher asks for results without a price bound, and bounds back
      // in their own currency match the results last asked for them.
      pricesIn.current = to;
      setConverting(false);
      return;
    }
    setConverting(true);
    void import('../../price-currency')
      .then(({ convertSearchPrices }) => convertSearchPrices(api, before, from, to))
      // A converter chunk that did not load is a failed conversion too.
      .catch(() => undefined)
      .then((next) => {
        if (isCurrent()) settle(to, before, next, isCurrent);
      });
  });

  useEffect(() => {
    // A newer switch (or leaving the page) drops this one's answer: the newer one converts from
    // the currency the bounds are still in.
    let current = true;
    follow(currency, () => current);
    return () => {
      current = false;
    };
  }, [currency]);

  return { converting, resultsStaleTime };
}
