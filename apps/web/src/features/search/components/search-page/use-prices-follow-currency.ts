import type { GallopClient } from '@gallop/api-client';
import type { CurrencyCode } from '@gallop/currency';
import { useCurrency } from '@gallop/currency/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { sameJson } from '../../../../lib/stable-props';
import { hasPriceBound } from '../../search-query';
import type { FilterSearch } from '../../search-url';

/**
 * Keeps the address bar's price bounds meaning the same money when the visitor switches currency
 * (the API reads them in `X-Currency`): they are converted from the old currency to the new one
 * and `replaceSearch` gets the converted search (decision 051). The converter loads with the
 * first switch that needs it; without a price bound nothing is asked. A failed conversion keeps
 * the bounds as they are. True while a conversion runs.
 */
export function usePricesFollowCurrency(
  api: GallopClient,
  search: FilterSearch,
  replaceSearch: (search: FilterSearch) => unknown,
): boolean {
  const { currency } = useCurrency();
  // The currency the address's price bounds are in: the page's, until a switch converts them.
  const pricesIn = useRef(currency);
  const [converting, setConverting] = useState(false);

  const settle = useEffectEvent(
    (to: CurrencyCode, before: FilterSearch, next: FilterSearch | undefined) => {
      pricesIn.current = to;
      setConverting(false);
      // A search the visitor started meanwhile was chosen in the new currency already.
      if (next && sameJson(search, before)) replaceSearch(next);
    },
  );
  const follow = useEffectEvent((to: CurrencyCode, isCurrent: () => boolean) => {
    const from = pricesIn.current;
    const before = search;
    if (from === to || !hasPriceBound(before)) {
      settle(to, before, undefined);
      return;
    }
    setConverting(true);
    void import('../../price-currency')
      .then(({ convertSearchPrices }) => convertSearchPrices(api, before, from, to))
      // A converter chunk that did not load is a failed conversion too.
      .catch(() => undefined)
      .then((next) => {
        if (isCurrent()) settle(to, before, next);
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

  return converting;
}
