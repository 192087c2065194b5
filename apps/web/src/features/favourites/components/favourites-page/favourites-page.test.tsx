import { act, screen, waitFor } from '@testing-library/react';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favouriteTourIdsFromCookieHeader } from '@gallop/session';
import { favouriteTourIdsAtom, useFavouriteTourIds } from '../../../../lib/favourites';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { fakeAccountApi } from '../../../../lib/testing/fake-account-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { CARDS_PER_CALL, ensureFavouriteTours, favouriteToursQueryOptions } from '../../api';
import { listedAnswer } from '../../drop-unlisted';
import { QueryClient } from '@tanstack/react-query';
import { createServerApiClient } from '../../../../lib/api';
import { NO_UPCOMING_DATES } from '../../../../components/passed-tour/passed-tour';
import { FavouritesPage, SAVED_TOURS_PER_PAGE, savedToursInOrder } from './favourites-page';

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

/**
 * An account keeps up to 500 favourites (a sign-in carries that many), while `get-by-ids` takes
 * 100 ids a call (openapi/paths/catalog.yaml, `maxItems: 100`): this API answers more as the real
 * one does, 400 (`accounts/favourites-many.test.ts` in the API measures it). It lists the saved tours but every 50th (unpublished since, or its organizer
 * hidden), and records the ids of each call.
 */
function manySavedToursApi() {
  const calls: number[][] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/crm/api/tour/get-by-ids') {
      return Response.json({ message: 'Not found' }, { status: 404 });
    }
    const ids = url.searchParams.getAll('ids').map(Number);
    calls.push(ids);
    if (ids.length > 100) {
      return Response.json(
        {
          message: 'Invalid query parameters',
          errors: { ids: ['must NOT have more than 100 items'] },
        },
        { status: 400 },
      );
    }
    return Response.json({
      items: ids
        .filter((id) => id % 50 !== 0)
        .map((id) => tourSummary({ id, slug: `saved-ride-${id}`, name: `Saved ride ${id}` })),
    });
  };
  return { fetch, calls };
}

const FIVE_HUNDRED = Array.from({ length: 500 }, (_, index) => index + 1);
const LISTED = FIVE_HUNDRED.filter((id) => id % 50 !== 0);

describe('more saved tours than one call takes', () => {
  const shownCards = () =>
    [...document.querySelectorAll('.favourites-page__grid > li')].map(
      (item) => item.textContent ?? '',
    );
  // By its text: role queries walk the whole page's accessibility tree, slow with many cards.
  const showMore = () => screen.queryByText('Show more saved tours')?.closest('button');

  it('shows every listed one of 500, asked 100 ids a call, a page at a time', async () => {
    const api = manySavedToursApi();
    await renderInApp(
      <>
        <SavedCount />
        <FavouritesPage loadedIds={FIVE_HUNDRED} />
      </>,
      { fetch: api.fetch, visitor: { favouriteTourIds: FIVE_HUNDRED } },
    );
    expect(
      await screen.findByText('490 saved tours. Use the heart on a tour to remove it.'),
    ).toBeTruthy();
    // Five calls, each id asked once.
    expect(api.calls.map((ids) => ids.length)).toEqual(Array(5).fill(CARDS_PER_CALL));
    expect(api.calls.flat()).toEqual(FIVE_HUNDRED);
    // The ten tours no longer listed leave the saved list: the header counts what the page shows.
    await waitFor(() => expect(savedCount()).toBe('490'));

    // The most recently saved first (500 is gone), a page at a time; paging asks nothing more.
    const newestFirst = [...LISTED].reverse().map((id) => `Saved ride ${id}`);
    const expectShown = (count: number) => {
      const cards = shownCards();
      expect(cards).toHaveLength(count);
      cards.forEach((text, index) => expect(text).toContain(newestFirst[index]));
    };
    expectShown(SAVED_TOURS_PER_PAGE);
    act(() => showMore()!.click());
    expectShown(2 * SAVED_TOURS_PER_PAGE);
    expect(api.calls).toHaveLength(5);
  }, 60_000);

  it("ends 'Show more' with the last saved tour", async () => {
    const saved = Array.from({ length: SAVED_TOURS_PER_PAGE + 5 }, (_, index) => index + 1);
    await renderInApp(<FavouritesPage loadedIds={saved} />, {
      fetch: manySavedToursApi().fetch,
      visitor: { favouriteTourIds: saved },
    });
    await screen.findByText(
      `${saved.length - 1} saved tours. Use the heart on a tour to remove it.`,
    );
    expect(shownCards()).toHaveLength(SAVED_TOURS_PER_PAGE);
    act(() => showMore()!.click());
    // 50 is not listed: the 52 others, down to the first saved.
    expect(shownCards()).toHaveLength(saved.length - 1);
    expect(shownCards().at(-1)).toContain('Saved ride 1');
    expect(showMore()).toBeFalsy();
  });

  it('loads them all on the server too (the route loader)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetch, calls } = manySavedToursApi();
    const api = createServerApiClient({ request: new Request('http://web.test/favorites'), fetch });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await ensureFavouriteTours(queryClient, api, [...FIVE_HUNDRED].reverse());
    const loaded = queryClient.getQueryData(
      favouriteToursQueryOptions(api, [...FIVE_HUNDRED].reverse()).queryKey,
    );
    // In the order asked, less the tours not listed.
    expect(loaded?.items.map((tour) => tour.id)).toEqual([...LISTED].reverse());
    expect(calls.every((ids) => ids.length <= CARDS_PER_CALL)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows the empty list, keeping every saved id, when one of the calls fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const many = manySavedToursApi();
    let answered = 0;
    // The third call of five fails: no part of the answer may drop the other calls' tours.
    const fetch = async (request: Request) =>
      ++answered === 3 ? Response.json({ message: 'Down' }, { status: 503 }) : many.fetch(request);
    await renderInApp(
      <>
        <SavedCount />
        <FavouritesPage loadedIds={FIVE_HUNDRED} />
      </>,
      { fetch, visitor: { favouriteTourIds: FIVE_HUNDRED } },
    );
    await screen.findByText('No favourites yet');
    expect(savedCount()).toBe('500');
  });
});
