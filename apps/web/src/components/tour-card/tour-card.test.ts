import { screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ridingBrief } from '../../lib/testing/fake-api';
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
  riding: ridingBrief(),
  heavy_places_free: 0,
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

describe('TourCard non-riders', () => {
  it('says "Non-riders welcome" only where the tour welcomes them', async () => {
    await renderInApp(
      createElement('div', null, [
        createElement(TourCard, {
          key: 1,
          tour: card({
            id: 1,
            name: 'With company',
            riding: ridingBrief({ non_riders_welcome: true }),
          }),
        }),
        createElement(TourCard, {
          key: 2,
          tour: card({ id: 2, slug: 'b-2', name: 'Riders only' }),
        }),
      ]),
    );
    const welcoming = await screen.findByRole(
      'heading',
      { name: 'With company' },
      { timeout: 5000 },
    );
    expect(welcoming.closest('article')).toHaveTextContent('Non-riders welcome');
    const ridersOnly = screen.getByRole('heading', { name: 'Riders only' });
    expect(ridersOnly.closest('article')).not.toHaveTextContent('Non-riders welcome');
  });
});

describe('TourCard rider fit', () => {
  afterEach(() => {
    document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
  });

  it('shows nothing without a rider passport', async () => {
    await renderInApp(createElement(TourCard, { tour: card({ name: 'Gobi Gallop' }) }));
    await screen.findByRole('heading', { name: 'Gobi Gallop' }, { timeout: 5000 });
    expect(document.querySelector('.gk-fit')).toBeNull();
  });

  it('shows the passport’s verdict and reason once hydrated, whole for screen readers', async () => {
    // A novice of 100 kg: the card's best date has no heavier horse left.
    document.cookie = 'gallop_rider=level%3Dnovice%26weight%3D100; path=/';
    const { container } = await renderInApp(
      createElement(TourCard, { tour: card({ name: 'Gobi Gallop', heavy_places_free: 0 }) }),
      { hydrate: {} },
    );
    const text = 'Not suitable: No horse for riders over 95\u00a0kg is left on any date';
    const fit = await waitFor(() => {
      const found = container.querySelector('.tour-card__fit .gk-fit');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(fit).toHaveAttribute('title', text);
    expect(fit).toHaveTextContent(text.replace('\u00a0', ' '));
    // Laid over the picture, after the rating in the reading order.
    expect(container.querySelector('.tour-card__rating ~ .tour-card__fit')).not.toBeNull();
  });

  it('says the count is the searched dates’ when a search narrowed the card to them', async () => {
    document.cookie = 'gallop_rider=level%3Dadvanced%26weight%3D100; path=/';
    const { container } = await renderInApp(
      createElement(TourCard, { tour: card({ heavy_places_free: 0 }), searchedDates: true }),
    );
    await waitFor(() =>
      expect(container.querySelector('.gk-fit')).toHaveAttribute(
        'title',
        'Not suitable: No horse for riders over 95\u00a0kg is left on your dates',
      ),
    );
  });

  it('counts the heavier horses of the card’s best date', async () => {
    document.cookie = 'gallop_rider=level%3Dadvanced%26weight%3D100; path=/';
    const { container } = await renderInApp(
      createElement(TourCard, { tour: card({ heavy_places_free: 1 }) }),
    );
    await waitFor(() =>
      expect(container.querySelector('.gk-fit')).toHaveAttribute('title', 'Fits you'),
    );
  });

  it('renders no fit on the server: the page is the same for every visitor', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice; path=/';
    const serverHtml: string[] = [];
    const mismatches: unknown[] = [];
    const { container } = await renderInApp(
      createElement(TourCard, { tour: card({ name: 'Gobi Gallop' }) }),
      {
        hydrate: {
          beforeHydrating: () => serverHtml.push(document.body.innerHTML),
          onRecoverableError: (error) => mismatches.push(error),
        },
      },
    );
    expect(serverHtml[0]).toContain('Gobi Gallop');
    expect(serverHtml[0]).not.toContain('gk-fit');
    await waitFor(() => expect(container.querySelector('.gk-fit')).not.toBeNull());
    expect(mismatches).toEqual([]);
  });
});
