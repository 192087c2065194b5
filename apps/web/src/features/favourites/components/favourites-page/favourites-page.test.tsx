import { act, screen, waitFor } from '@testing-library/react';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favouriteTourIdsFromCookieHeader } from '@gallop/session';
import { favouriteTourIdsAtom, useFavouriteTourIds } from '../../../../lib/favourites';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { fakeAccountApi } from '../../../../lib/testing/fake-account-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { ensureFavouriteTours } from '../../api';
import { listedAnswer } from '../../drop-unlisted';
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

/** The header's badge: the number of saved ids. */
function SavedCount() {
  return <p data-testid="saved-count">{useFavouriteTourIds().length}</p>;
}

const savedCount = () => screen.getByTestId('saved-count').textContent;
const storedCookie = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith('favorite_tours='))
    ?.slice('favorite_tours='.length);

describe('saved ids that are not tours', () => {
  const ODD = '44,abc,-1,99999999,1';
  const listed = {
    44: tourSummary({ id: 44, slug: 'andes-ride-44', name: 'Andes Ride' }),
    1: tourSummary({ id: 1, slug: 'altai-trail-1', name: 'Altai Trail' }),
  };
  /** The API lists 44 and 1; 99999999 is no tour (anymore). */
  const fetchListed = async (request: Request) =>
    Response.json({
      items: new URL(request.url).searchParams
        .getAll('ids')
        .map((id) => listed[Number(id) as keyof typeof listed])
        .filter(Boolean),
    });

  async function openWithCookie(fetch: (request: Request) => Promise<Response>) {
    document.cookie = `favorite_tours=${ODD}; Path=/`;
    const ids = favouriteTourIdsFromCookieHeader(`favorite_tours=${ODD}`, () => undefined);
    // Never counted: the letters and the negative id.
    expect(ids).toEqual([44, 99999999, 1]);
    await renderInApp(
      <>
        <SavedCount />
        <FavouritesPage loadedIds={ids} />
      </>,
      { fetch, visitor: { favouriteTourIds: ids } },
    );
  }

  it('drops the ids the API no longer lists once they load: the badge is the page count', async () => {
    await openWithCookie(fetchListed);
    expect(
      await screen.findByText('2 saved tours. Use the heart on a tour to remove it.'),
    ).toBeTruthy();
    await waitFor(() => expect(savedCount()).toBe('2'));
    // Stored again without the tour that is gone, nor the ids that were never tours.
    expect(decodeURIComponent(storedCookie() ?? '')).toBe('44,1');
  });

  it("reads only the API's answer for the ids asked now", () => {
    const data = { items: [] };
    const answer = { isSuccess: true, isPlaceholderData: false, dataUpdatedAt: 5, data };
    expect(listedAnswer(answer)).toBe(data);
    // The loader's stand-in for a failed load on the server: an empty list dated 0.
    expect(listedAnswer({ ...answer, dataUpdatedAt: 0 })).toBeUndefined();
    // The cards of the ids before, shown while the new ones load.
    expect(listedAnswer({ ...answer, isPlaceholderData: true })).toBeUndefined();
    // A refetch that failed keeps the data of before.
    expect(listedAnswer({ ...answer, isSuccess: false })).toBeUndefined();
  });

  it('keeps every saved id when the tours fail to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openWithCookie(async () => Response.json({ message: 'Down' }, { status: 503 }));
    await screen.findByText('No favourites yet');
    expect(savedCount()).toBe('3');
    expect(storedCookie()).toBe(ODD);
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
