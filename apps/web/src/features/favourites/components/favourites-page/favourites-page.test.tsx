import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { FavouritesPage, savedToursInOrder } from './favourites-page';

describe('savedToursInOrder', () => {
  it('lists the cards still saved, most recently saved first', () => {
    const cards = [1, 2, 3].map((id) => tourSummary({ id, slug: `tour-${id}` }));
    expect(savedToursInOrder(cards, [3, 1, 2]).map((card) => card.id)).toEqual([2, 1, 3]);
    // 2 was removed; 9 is saved but the API no longer lists it.
    expect(savedToursInOrder(cards, [1, 9, 3]).map((card) => card.id)).toEqual([3, 1]);
  });
});

describe('FavouritesPage', () => {
  it('points to the search when nothing is saved', async () => {
    await renderInApp(<FavouritesPage loadedIds={[]} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeTruthy();
    expect(screen.getByText('No favourites yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a tour' }).getAttribute('href')).toBe('/tours');
  });
});
