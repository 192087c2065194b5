import { describe, expect, it } from 'vitest';
import type { TourSummary } from './tour-card';
import { cardPrices } from './tour-card';

const card = (overrides: Partial<TourSummary>): TourSummary => ({
  id: 1,
  slug: 'a-1',
  name: 'A',
  type: 1,
  duration: 5,
  price: 701,
  currency: 'USD',
  images: [],
  ...overrides,
});

describe('cardPrices', () => {
  it('formats the price in the answer currency and crosses out a higher one', () => {
    expect(cardPrices(card({ price_without_discount: 935 }))).toEqual({
      price: 'US$701',
      oldPrice: 'US$935',
    });
    expect(cardPrices(card({ price: 645, currency: 'EUR', price_without_discount: 645 }))).toEqual({
      price: '€645',
      oldPrice: undefined,
    });
    expect(cardPrices(card({ price_without_discount: null })).oldPrice).toBeUndefined();
  });
});
