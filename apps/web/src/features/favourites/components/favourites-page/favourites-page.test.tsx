import { act, screen, waitFor } from '@testing-library/react';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favouriteTourIdsAtom } from '../../../../lib/favourites';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { fakeAccountApi } from '../../../../lib/testing/fake-account-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { ensureFavouriteTours } from '../../api';
import { QueryClient } from '@tanstack/react-query';
import { createServerApiClient } from '../../../../lib/api';
import { NO_UPCOMING_DATES } from '../../../../components/passed-tour/passed-tour';
import { FavouritesPage, savedToursInOrder } from './favourites-page';

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
  vi.restoreAllMocks();
});

const cards = {
  1: tourSummary({ id: 1, slug: 'altai-trail-1', name: 'Altai Trail' }),
  2: tourSummary({ id: 2, slug: 'gobi-ride-2', name: 'Gobi Ride' }),
  3: tourSummary({ id: 3, slug: 'fjord-loop-3', name: 'Fjord Loop' }),
};

/** An API answering cards by id; `account` is the signed-in traveller's saved list. */
function catalogueApi(account: number[] = []) {
  return fakeAccountApi(account, (url) =>
    url.pathname === '/crm/api/tour/get-by-ids'
      ? Response.json({
          items: url.searchParams
            .getAll('ids')
            .map((id) => cards[Number(id) as keyof typeof cards])
            .filter(Boolean),
        })
      : undefined,
  );
}

/** Sets the page's favourites, as a heart, a cookie or a sign-in does. */
let setSaved: (ids: readonly number[]) => void = () => undefined;
function SavedIds({ initial }: { initial: readonly number[] }) {
  const set = useSetAtom(favouriteTourIdsAtom);
  setSaved = set;
  useEffect(() => set(initial), [set, initial]);
  return null;
}

describe('savedToursInOrder', () => {
  it('lists the cards still saved, most recently saved first', () => {
    const list = [1, 2, 3].map((id) => tourSummary({ id, slug: `tour-${id}` }));
    expect(savedToursInOrder(list, [3, 1, 2]).map((card) => card.id)).toEqual([2, 1, 3]);
    // 2 was removed; 9 is saved but the API no longer lists it.
    expect(savedToursInOrder(list, [1, 9, 3]).map((card) => card.id)).toEqual([3, 1]);
  });
});

describe('FavouritesPage', () => {
  it('points to the search when nothing is saved', async () => {
    await renderInApp(<FavouritesPage loadedIds={[]} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeTruthy();
    expect(screen.getByText('No favourites yet')).toBeTruthy();
    expect(
      screen.getByText('Use the heart on any tour to keep it here and compare later.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a tour' }).getAttribute('href')).toBe('/tours');
  });

  it('shows tours saved after the page loaded (a sign-in brings the account’s), without a reload', async () => {
    const api = catalogueApi();
    await renderInApp(
      <>
        <SavedIds initial={[1]} />
        <FavouritesPage loadedIds={[1]} />
      </>,
      { fetch: api.fetch },
    );
    expect(await screen.findByText('Altai Trail')).toBeTruthy();

    act(() => setSaved([1, 2]));
    expect(await screen.findByText('Gobi Ride')).toBeTruthy();
    expect(screen.getByText('Altai Trail')).toBeTruthy();
    // Words for a mouse and a finger alike (not 'Tap').
    expect(screen.getByText('2 saved tours. Use the heart on a tour to remove it.')).toBeTruthy();

    // Removing a heart asks for nothing: the card just leaves.
    const asked = api.calls.length;
    act(() => setSaved([2]));
    await waitFor(() => expect(screen.queryByText('Altai Trail')).toBeNull());
    expect(api.calls).toHaveLength(asked);
  });

  it('marks a tour whose dates have passed and offers similar tours instead of its page', async () => {
    const gone = tourSummary({
      id: 4,
      slug: 'steppe-ride-4',
      name: 'Steppe Ride',
      countries: [{ id: 12, name: 'Mongolia' }],
      dates_passed: true,
    });
    const fetch = async () => Response.json({ items: [gone] });
    await renderInApp(
      <>
        <SavedIds initial={[4]} />
        <FavouritesPage loadedIds={[4]} />
      </>,
      { fetch },
    );
    expect(await screen.findByText(NO_UPCOMING_DATES)).toBeTruthy();
    expect(screen.getByText('Steppe Ride').closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Steppe Ride' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See similar tours' }).getAttribute('href')).toBe(
      '/tours?countries=12',
    );
    expect(screen.queryByText(/from/)).toBeNull();
  });

  it('shows an empty list, logged, when the saved tours fail to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = async () => Response.json({ message: 'Down' }, { status: 503 });
    await renderInApp(
      <>
        <SavedIds initial={[1]} />
        <FavouritesPage loadedIds={[1]} />
      </>,
      { fetch },
    );
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Favourites: the saved tours did not load',
        expect.anything(),
      ),
    );
    expect(screen.getByText('No favourites yet')).toBeTruthy();
    expect(screen.queryByText(/Internal Error|Something went wrong/)).toBeNull();
  });
});

describe('ensureFavouriteTours (the route loader)', () => {
  it('does not fail the page when the tours cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = createServerApiClient({
      request: new Request('http://web.test/favorites'),
      fetch: async () => Response.json({ message: 'Down' }, { status: 503 }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(ensureFavouriteTours(queryClient, api, [1, 2])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});
