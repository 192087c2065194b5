import { screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../lib/testing/render-in-app';
import type { TourSummary } from './tour-card';
import { cardPrices, TourCard } from './tour-card';

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

describe('TourCard', () => {
  it('shows the emoji the organizer chose before the name', async () => {
    await renderInApp(
      createElement(TourCard, { tour: card({ name: 'Gobi Gallop', emoji: 'unicorn' }) }),
    );
    // Beside the name, not in the heading: the heading is the tour's name alone.
    const heading = await screen.findByRole('heading', { name: 'Gobi Gallop' }, { timeout: 5000 });
    expect(heading.previousElementSibling).toBe(screen.getByRole('img', { name: 'Unicorn' }));
    expect(screen.getByRole('img', { name: 'Unicorn' })).toHaveTextContent('🦄');
  });
});
