import { createGallopClient } from '@gallop/api-client';
import { readCurrencyCookie, resolveCurrency } from '@gallop/currency';
import { currencyAtom } from '@gallop/currency/react';
import { normalizeFilters } from '@gallop/search-filters';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TourCard } from '../../../../components/tour-card/tour-card';
import type * as TourCardModule from '../../../../components/tour-card/tour-card';
import { ridingBrief } from '../../../../lib/testing/fake-api';
import type { RouterContext } from '../../../../router';
import {
  ensureSearchPage,
  searchPageMetaQueryOptions,
  searchResultsQueryOptions,
  type TourList,
} from '../../api';
import type { SearchLocation } from '../../search-query';
import { searchToFilters, validateFilterSearch, type FilterSearch } from '../../search-url';
import { FIT_NEEDS_PASSPORT, preloadSearchPageParts, SearchPage } from './search-page';
import { ShellOutlet } from '../../../../lib/testing/shell-outlet';

// The cards, counted: hydrating the page must render each one once (see 'hydrates ...' below).
vi.mock('../../../../components/tour-card/tour-card', async (importOriginal) => {
  const actual = await importOriginal<typeof TourCardModule>();
  return { ...actual, TourCard: vi.fn(actual.TourCard) };
});

const card = (id: number, name: string) => ({
  id,
  slug: `ride-${id}`,
  name,
  type: 1 as const,
  duration: 5,
  price: 500 + id,
  currency: 'EUR' as const,
  images: [],
  countries: [{ id: 101, name: 'Iceland' }],
  riding: ridingBrief(),
  heavy_places_free: 0,
});

const results: TourList = {
  items: [card(1, 'Lake Myvatn Ride'), card(2, 'Glacier Trail')],
  pagination: { page: 1, per_page: 20, total: 2, page_count: 1 },
  filters: {
    countries: [
      { value: 101, text: 'Iceland', count: 2 },
      { value: 5, text: 'Norway', count: 4 },
    ],
    difficulty: [{ value: 2, text: 'Moderate', count: 1 }],
  },
};

const mapPoints = {
  total: 2,
  points: results.items.map((tour, index) => ({
    id: tour.id,
    slug: tour.slug,
    name: tour.name,
    lat: 64 + index,
    lng: -20 + index,
    price: tour.price,
    currency: tour.currency,
    duration: tour.duration,
    rating: null,
  })),
};

const icelandPage = {
  ...results,
  slug: 'iceland',
  title: 'Horse riding tours in Iceland',
  h1: 'Riding in Iceland',
  filter: { countries: [101] },
};

const calendarPeriods = {
  items: [{ name: 'Summer 2099', date_from: '2099-06-01', date_to: '2099-08-31' }],
};

const RATES: Record<string, number> = {
  USDEUR: 0.86,
  USDGBP: 0.76,
  EURUSD: 1.16,
  USDKRW: 1350,
  KRWUSD: 1 / 1350,
};

/** `/node-api/convert-price` at fixed rates. */
const convertAtFixedRates = (query: URLSearchParams) => {
  const rate = RATES[`${query.get('from_currency')}${query.get('to_currency')}`] ?? NaN;
  return Response.json({ result: Math.round(Number(query.get('amount')) * rate * 100) / 100 });
};

/** Results whose prices are in the currency the call asked for (`X-Currency`). */
const resultsIn = (currency: string): TourList => ({
  ...results,
  items: results.items.map((item) => ({ ...item, currency: currency as typeof item.currency })),
});

/** A `/spa/tours` call: its price bounds and the currency it asked in. */
interface SearchCall {
  priceMin?: string;
  priceMax?: string;
  currency: string;
}

/**
 * The search page for `/iceland` (or `slug`) with the cache filled as the loader leaves it, in the visitor's
 * currency (the `i18n_currency` cookie, USD until a test switches). `answer` is the results of
 * every search (or made from the currency asked in). With `navigates`, `onNavigate` goes to the
 * search as the route does (its loader searches first). With `hydrate`, the page is rendered to
 * HTML first (as the server does) and the browser's render hydrates that HTML.
 */
async function renderSearchPage(
  search: FilterSearch = {},
  answer: TourList | ((currency: string, url?: URL) => TourList) = results,
  convertPrice: (query: URLSearchParams) => Response | Promise<Response> = convertAtFixedRates,
  {
    navigates = false,
    hydrate = false,
    slug = 'iceland',
  }: { navigates?: boolean; hydrate?: boolean; slug?: string } = {},
) {
  // As the app's: results stay fresh for a minute, so only a switch asks for them again.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  const answerIn = typeof answer === 'function' ? answer : () => answer;
  const seen: { url: URL; currency: string; passport: string | null }[] = [];
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    // As the browser's client: the cookie is read on every call.
    currency: () => resolveCurrency(readCurrencyCookie()),
    fetch: async (request) => {
      const url = new URL(request.url);
      const currency = request.headers.get('X-Currency') ?? '';
      const passport = request.headers.get('X-Rider-Passport');
      seen.push({ url, currency, passport });
      if (url.pathname === '/node-api/convert-price') return convertPrice(url.searchParams);
      if (url.pathname === '/spa/calendar-periods') return Response.json(calendarPeriods);
      if (url.pathname === '/spa/tours-map') return Response.json(mapPoints);
      // "Fits me first" with a passport: the API's order is the passport's (here, reversed).
      const list = answerIn(currency, url);
      return Response.json(passport ? { ...list, items: [...list.items].reverse() } : list);
    },
  });
  const address = validateFilterSearch(search);
  // As the route reads it (within any currency's caps, decision 176).
  const addressFilters = searchToFilters(address);
  queryClient.setQueryData(searchPageMetaQueryOptions(api, 'iceland').queryKey, icelandPage);
  queryClient.setQueryData(
    searchResultsQueryOptions(api, slug, addressFilters, addressFilters.page).queryKey,
    answerIn('USD', new URL(`http://api.test/spa/tours?page=${addressFilters.page}`)),
  );
  const onNavigate = vi.fn(
    async (location: SearchLocation, options?: { replace?: boolean }): Promise<void> => {
      if (navigates) {
        await router.navigate({
          to: '/$slug',
          params: { slug: location.slug },
          search: location.search,
          replace: options?.replace ?? false,
        });
      }
    },
  );
  const rootRoute = createRootRouteWithContext<Pick<RouterContext, 'api' | 'queryClient'>>()({
    component: ShellOutlet,
  });
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/$slug',
    validateSearch: validateFilterSearch,
    loaderDeps: ({ search }) => ({ search }),
    loader: ({ context, deps }) =>
      ensureSearchPage(context.queryClient, context.api, slug, searchToFilters(deps.search)),
    component: function TestedPage() {
      const search = pageRoute.useSearch();
      return (
        <SearchPage slug={slug} search={search} pendingSearch={search} onNavigate={onNavigate} />
      );
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({
      initialEntries: [`/${slug}?${new URLSearchParams(address as Record<string, string>)}`],
    }),
    context: { api, queryClient },
  });
  const store = createStore();
  const app = (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>
  );
  const recoverableErrors: unknown[] = [];
  if (hydrate) {
    await router.load();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(app);
    render(app, {
      container,
      hydrate: true,
      onRecoverableError: (error: unknown) => recoverableErrors.push(error),
    });
  } else {
    render(app);
  }
  await screen.findByRole('heading', { level: 1 });
  const conversions = () =>
    seen
      .filter(({ url }) => url.pathname === '/node-api/convert-price')
      .map(({ url }) => url.search);
  /** The searches made since the page rendered: price bounds and currency. */
  const searches = (): SearchCall[] =>
    seen
      .filter(({ url }) => url.pathname === '/spa/tours')
      .map(({ url, currency }) => {
        const [priceMin, priceMax] = ['priceMin', 'priceMax'].map((field) =>
          url.searchParams.get(field),
        );
        return { ...(priceMin ? { priceMin } : {}), ...(priceMax ? { priceMax } : {}), currency };
      });
  /**
   * What the header's currency switcher does (`CurrencySwitcher` of features/layout, which this
   * feature does not import): the visitor's currency becomes `currency`, cookie included, then
   * every query is invalidated and the active ones are asked for again.
   */
  const switchCurrency = (currency: string) =>
    act(async () => {
      await store.set(currencyAtom, currency);
      await queryClient.invalidateQueries();
    });
  /**
   * The switch of a signed-in traveller, whose choice the switcher saves on the server first:
   * `chooseCurrency` sets it (the page sees it at once), `invalidateAll` comes once saved.
   */
  const chooseCurrency = (currency: string) => act(() => store.set(currencyAtom, currency));
  const invalidateAll = () => act(() => queryClient.invalidateQueries());
  /** Lets any late call (a refetch, a second search) happen before counting. */
  const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  /** The `/spa/tours` calls: their address and the passport header they sent. */
  const toursCalls = () =>
    seen
      .filter(({ url }) => url.pathname === '/spa/tours')
      .map(({ url, passport }) => ({ url: url.toString(), passport }));
  const mapCalls = () => seen.filter(({ url }) => url.pathname === '/spa/tours-map');
  return {
    router,
    onNavigate,
    mapCalls,
    recoverableErrors,
    conversions,
    searches,
    toursCalls,
    chooseCurrency,
    invalidateAll,
    switchCurrency,
    settled,
    queryClient,
    api,
  };
}

describe('SearchPage', () => {
  // As the route's loader does before a navigation renders the page: the filters panel, the sort
  // select and the sheet are chunks of their own (search-page-parts.ts).
  beforeAll(() => preloadSearchPageParts());
  afterEach(() => {
    // The currency switch writes the visitor's choice to the cookie.
    document.cookie = 'i18n_currency=; Max-Age=0; Path=/';
    vi.restoreAllMocks();
  });

  it('shows the catalogue page, its stored filter as chosen, and the result cards', async () => {
    await renderSearchPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Riding in Iceland');
    expect(screen.getByRole('heading', { level: 2, name: '2 tours' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lake Myvatn Ride' })).toHaveAttribute(
      'href',
      '/ride-1',
    );
    expect(screen.getByText('€501')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Iceland 2 tours' })).toBeChecked();
  });

  it('hydrates the server’s HTML and renders each card once (no second render after hydrating)', async () => {
    vi.mocked(TourCard).mockClear();
    const { recoverableErrors } = await renderSearchPage({}, results, convertAtFixedRates, {
      hydrate: true,
    });
    const renders = () => vi.mocked(TourCard).mock.calls.length;
    // The server's render and the hydrating one: one each per card.
    expect(renders()).toBe(2 * results.items.length);
    // The render after hydration (the busy state may show from then on) is the list's, not the
    // cards': it runs in one task, and rendering every card again made a long one on a phone.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(renders()).toBe(2 * results.items.length);
    expect(
      screen.getByRole('link', { name: 'Lake Myvatn Ride' }).closest('ul'),
    ).not.toHaveAttribute('aria-busy');
    expect(recoverableErrors).toEqual([]);
  });

  it('stays on the page for an extra filter and leaves it when the stored one changes', async () => {
    const { onNavigate } = await renderSearchPage();
    fireEvent.click(screen.getByRole('button', { name: 'Difficulty' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Moderate 1 tour' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'iceland', search: { difficulty: 2 } });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Norway 4 tours' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'tours', search: { countries: '5,101' } });
  });

  it('puts a holiday or season picked for the dates in the address bar, as the calendar does', async () => {
    const { onNavigate } = await renderSearchPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Summer 2099' }));
    expect(onNavigate).toHaveBeenLastCalledWith({
      slug: 'iceland',
      search: { dateFrom: '2099-06-01', dateTo: '2099-08-31' },
    });
  });

  it('offers to clear the filters when nothing is found', async () => {
    const { onNavigate } = await renderSearchPage(
      { priceMax: 10 },
      { items: [], pagination: { page: 1, per_page: 20, total: 0, page_count: 0 } },
    );
    expect(screen.getByText('Nothing found based on your search')).toBeInTheDocument();
    expect(screen.getByText('Try searching by code')).toBeInTheDocument();
    // The hint keeps its promise: a tour code search right under it.
    expect(screen.getByRole('search', { name: 'Tour code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tour code' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'iceland', search: {} });
  });

  it("opens a map of the page's results, and a card's hover highlights it for its marker", async () => {
    const { mapCalls } = await renderSearchPage();
    // The sketch before the map: where the results go, the chosen countries only.
    expect(
      screen.getByRole('img', { name: 'Sketch of the destinations: Iceland' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    // The map's code is a chunk of its own, loaded now (a second or so in happy-dom).
    const list = await screen.findByText('Tours on the map as a list (2)', undefined, {
      timeout: 5000,
    });
    expect(list).toBeInTheDocument();
    const asked = mapCalls()[0]!.url;
    expect(asked.searchParams.get('slug')).toBe('iceland');
    expect(asked.searchParams.has('page')).toBe(false);

    // One link in the map's list, one on the card.
    expect(screen.getAllByRole('link', { name: /Glacier Trail/ })).toHaveLength(2);
    // Read again each time: the results may render anew while the map settles (a CI flake).
    const card = () =>
      screen
        .getAllByRole('link', { name: /Glacier Trail/ })
        .map((link) => link.closest('.search-page__item'))
        .find(Boolean)!;
    fireEvent.mouseEnter(card());
    await waitFor(() => expect(card()).toHaveClass('search-page__item--highlighted'));
    fireEvent.mouseLeave(card());
    await waitFor(() => expect(card()).not.toHaveClass('search-page__item--highlighted'));
  });

  it('gives a cruise search of every tour its own heading, and stays on cruises when cleared', async () => {
    const { onNavigate } = await renderSearchPage(
      { isCruisesSearch: 1, cruisesType: 2 },
      results,
      convertAtFixedRates,
      { slug: 'tours' },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cruises with riding days');
    // The kind of trip is a tab, not a filter: only the cruise type counts.
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear all' })[0]!);
    expect(onNavigate).toHaveBeenLastCalledWith({
      slug: 'tours',
      search: { isCruisesSearch: 1 },
    });
  });

  it('searches once, one history entry, for a run of arrow presses on a price slider', async () => {
    const { onNavigate, searches, settled } = await renderSearchPage(
      {},
      results,
      convertAtFixedRates,
      {
        navigates: true,
      },
    );
    const thumb = screen.getByRole('slider', { name: /^Maximum price Total price/ });
    act(() => thumb.focus());
    for (let n = 0; n < 5; n += 1) {
      fireEvent.keyDown(thumb, { key: 'ArrowLeft' });
      fireEvent.keyUp(thumb, { key: 'ArrowLeft' });
    }
    // The thumb moves at once; the search waits for the presses to pause.
    expect(thumb).toHaveValue('4750');
    expect(onNavigate).not.toHaveBeenCalled();
    await waitFor(() => expect(onNavigate).toHaveBeenCalledTimes(1));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'iceland', search: { priceMax: 4750 } });
    await settled();
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(searches().filter((call) => call.priceMax !== undefined)).toEqual([
      { priceMax: '4750', currency: 'USD' },
    ]);
  });

  describe('pagination', () => {
    /** 45 tours, 20 a page: each page's cards are its own (page 2: tours 21 to 40). */
    const paged = (_currency: string, url?: URL): TourList => {
      const page = Number(url?.searchParams.get('page') ?? 1);
      const ids = Array.from({ length: page < 3 ? 20 : 5 }, (_, i) => (page - 1) * 20 + i + 1);
      return {
        ...results,
        items: ids.map((id) => card(id, `Ride ${id}`)),
        pagination: { page, per_page: 20, total: 45, page_count: 3 },
      };
    };
    const shownCards = () =>
      screen.getAllByRole('listitem').flatMap((item) => {
        const id = item.getAttribute('data-tour-id');
        return id ? [Number(id)] : [];
      });

    it("shows an address's own page: /iceland?page=2 lists tours 21 to 40", async () => {
      await renderSearchPage({ page: 2 }, paged, convertAtFixedRates, { navigates: true });
      expect(shownCards()).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
      expect(screen.getByText('Shown 20 of 45')).toBeInTheDocument();
    });

    it('links each page number to its own address, and a page link switches the cards', async () => {
      const { router } = await renderSearchPage({}, paged, convertAtFixedRates, {
        navigates: true,
      });
      const nav = screen.getByRole('navigation', { name: 'Pagination' });
      const page2 = within(nav).getByRole('link', { name: 'Page 2' });
      expect(page2).toHaveAttribute('href', '/iceland?page=2');
      expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(nav).getByRole('link', { name: /Next/ })).toHaveAttribute('rel', 'next');
      fireEvent.click(page2);
      await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
      await waitFor(() => expect(shownCards()[0]).toBe(21));
      expect(shownCards()).toHaveLength(20);
      expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    it("'Show more' appends the next page to the cards shown", async () => {
      const { onNavigate } = await renderSearchPage({}, paged, convertAtFixedRates, {
        navigates: true,
      });
      fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(shownCards()).toHaveLength(40));
      expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'iceland', search: { page: 2 } });
      expect(shownCards()).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(screen.getByText('Shown 40 of 45')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(shownCards()).toHaveLength(45));
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    });
  });

  describe('after a currency switch', () => {
    it('converts the price bounds and replaces the address', async () => {
      const { onNavigate, conversions, switchCurrency } = await renderSearchPage({
        difficulty: 2,
        priceMin: 500,
        priceMax: 2000,
      });
      await switchCurrency('EUR');
      // 430 and 1720 EUR, on the EUR slider's step of 50.
      await waitFor(() =>
        expect(onNavigate).toHaveBeenCalledWith(
          { slug: 'iceland', search: { difficulty: 2, priceMin: 450, priceMax: 1700 } },
          { replace: true },
        ),
      );
      expect(onNavigate).toHaveBeenCalledTimes(1);
      expect(conversions().sort()).toEqual([
        '?from_currency=USD&to_currency=EUR&amount=2000',
        '?from_currency=USD&to_currency=EUR&amount=500',
      ]);
    });

    it('makes one search, the converted one, and marks the old search stale without asking for it', async () => {
      const { onNavigate, searches, switchCurrency, settled, queryClient, api } =
        await renderSearchPage({ priceMin: 500 }, resultsIn, convertAtFixedRates, {
          navigates: true,
        });
      expect(screen.getByText('US$501')).toBeInTheDocument();
      await switchCurrency('EUR');
      // 430 EUR, on the EUR slider's step of 50.
      await waitFor(() =>
        expect(onNavigate).toHaveBeenCalledWith(
          { slug: 'iceland', search: { priceMin: 450 } },
          { replace: true },
        ),
      );
      expect(await screen.findByText('€501')).toBeInTheDocument();
      await settled();
      // No search read the dollars' 500 as euros.
      expect(searches()).toEqual([{ priceMin: '450', currency: 'EUR' }]);
      // The dollars' results stay cached but stale: going back to them asks again.
      const old = searchResultsQueryOptions(api, 'iceland', normalizeFilters({ priceMin: 500 }), 1);
      expect(queryClient.getQueryState(old.queryKey)).toMatchObject({
        isInvalidated: true,
        data: resultsIn('USD'),
      });
    });

    it('asks nothing with the old numbers when the switcher invalidates after the conversion', async () => {
      // A signed-in traveller's choice is saved on the server before the switcher invalidates:
      // the conversion can answer first, and the converted search be under way (this page's
      // `onNavigate` does not navigate, so the old address stays).
      const { onNavigate, searches, chooseCurrency, invalidateAll, settled } =
        await renderSearchPage({ priceMin: 500 }, resultsIn);
      await chooseCurrency('EUR');
      await waitFor(() =>
        expect(onNavigate).toHaveBeenCalledWith(
          { slug: 'iceland', search: { priceMin: 450 } },
          { replace: true },
        ),
      );
      await invalidateAll();
      await settled();
      expect(searches()).toEqual([]);
    });

    it('keeps a converted bound past the spec’s caps in KRW, and searches it (decision 176)', async () => {
      const { onNavigate, searches, switchCurrency, settled } = await renderSearchPage(
        { priceMax: 2000 },
        resultsIn,
        convertAtFixedRates,
        { navigates: true },
      );
      await switchCurrency('KRW');
      // ₩2,700,000 on the KRW slider's step of 100,000 (its end is ₩10,000,000, KRW's cap): the
      // spec's 200,000 cap would have dropped it, and the search listed every tour.
      await waitFor(() =>
        expect(onNavigate).toHaveBeenCalledWith(
          { slug: 'iceland', search: { priceMax: 2_700_000 } },
          { replace: true },
        ),
      );
      expect(await screen.findByText('₩501')).toBeInTheDocument();
      await settled();
      expect(searches()).toEqual([{ priceMax: '2700000', currency: 'KRW' }]);
      const thumb = screen.getByRole('slider', { name: /^Maximum price Total price/ });
      expect(thumb).toHaveAttribute('aria-valuetext', '₩2,700,000');
    });

    it('lets a KRW visitor search up to ₩9,900,000 with the slider', async () => {
      const { onNavigate, searches, switchCurrency, settled } = await renderSearchPage(
        {},
        resultsIn,
        convertAtFixedRates,
        { navigates: true },
      );
      await switchCurrency('KRW');
      expect(await screen.findByText('₩501')).toBeInTheDocument();
      const thumb = screen.getByRole('slider', { name: /^Maximum price Total price/ });
      expect(thumb).toHaveAttribute('aria-valuetext', '₩10,000,000');
      act(() => thumb.focus());
      fireEvent.keyDown(thumb, { key: 'ArrowLeft' });
      fireEvent.keyUp(thumb, { key: 'ArrowLeft' });
      await waitFor(() =>
        expect(onNavigate).toHaveBeenLastCalledWith({
          slug: 'iceland',
          search: { priceMax: 9_900_000 },
        }),
      );
      await settled();
      expect(searches().filter((call) => call.priceMax !== undefined)).toEqual([
        { priceMax: '9900000', currency: 'KRW' },
      ]);
    });

    it('searches again in the new currency when the converted bounds are the same numbers', async () => {
      const { onNavigate, searches, switchCurrency, settled } = await renderSearchPage(
        { priceMin: 50 },
        resultsIn,
        convertAtFixedRates,
        { navigates: true },
      );
      await switchCurrency('EUR');
      // 43 EUR is 50 on the EUR slider's step: the address stays, the prices must not.
      expect(await screen.findByText('€501')).toBeInTheDocument();
      await settled();
      expect(searches()).toEqual([{ priceMin: '50', currency: 'EUR' }]);
      expect(onNavigate).not.toHaveBeenCalled();
    });

    it('converts from the address’s currency when a second switch comes before the answer', async () => {
      let answerEuros = () => {};
      const eurosAnswered = new Promise<void>((resolve) => {
        answerEuros = resolve;
      });
      const { onNavigate, searches, switchCurrency, settled } = await renderSearchPage(
        { priceMin: 500, priceMax: 2000 },
        results,
        async (query) => {
          if (query.get('to_currency') === 'EUR') await eurosAnswered;
          return convertAtFixedRates(query);
        },
        { navigates: true },
      );
      await switchCurrency('EUR');
      await switchCurrency('GBP');
      // 380 and 1520 GBP, on the GBP slider's step of 50.
      await waitFor(() =>
        expect(onNavigate).toHaveBeenCalledWith(
          { slug: 'iceland', search: { priceMin: 400, priceMax: 1500 } },
          { replace: true },
        ),
      );
      // The euros arrive late: dropped, since the bounds went from dollars to pounds.
      answerEuros();
      await settled();
      expect(onNavigate).toHaveBeenCalledTimes(1);
      // Neither switch searched the dollars again: the one search is the converted one.
      expect(searches()).toEqual([{ priceMin: '400', priceMax: '1500', currency: 'GBP' }]);
    });

    it('searches again in the new currency without a price bound, as for any page', async () => {
      const { onNavigate, conversions, searches, switchCurrency, settled } = await renderSearchPage(
        { difficulty: 2 },
        resultsIn,
      );
      await switchCurrency('EUR');
      expect(await screen.findByText('€501')).toBeInTheDocument();
      await settled();
      expect(searches()).toEqual([{ currency: 'EUR' }]);
      expect(conversions()).toEqual([]);
      expect(onNavigate).not.toHaveBeenCalled();
    });

    it('asks nothing without a price bound', async () => {
      const { onNavigate, conversions, switchCurrency } = await renderSearchPage({
        difficulty: 2,
      });
      await switchCurrency('EUR');
      await switchCurrency('USD');
      expect(conversions()).toEqual([]);
      expect(onNavigate).not.toHaveBeenCalled();
    });

    it('searches again once in the new currency when the conversion fails', async () => {
      const { onNavigate, conversions, searches, switchCurrency, settled } = await renderSearchPage(
        { priceMin: 500, priceMax: 2000 },
        resultsIn,
        () => Response.json({ message: 'Rates unavailable' }, { status: 503 }),
        { navigates: true },
      );
      expect(screen.getByText('US$501')).toBeInTheDocument();
      await switchCurrency('EUR');
      await waitFor(() => expect(conversions()).toHaveLength(2));
      // The numbers stay as they are, now read in euros; the prices come back in euros.
      expect(await screen.findByText('€501')).toBeInTheDocument();
      await settled();
      expect(searches()).toEqual([{ priceMin: '500', priceMax: '2000', currency: 'EUR' }]);
      expect(onNavigate).not.toHaveBeenCalled();
    });

    it('searches again once in the new currency when the converter chunk fails to load', async () => {
      const { onNavigate, conversions, searches, switchCurrency, settled } = await renderSearchPage(
        { priceMax: 2000 },
        resultsIn,
        convertAtFixedRates,
        { navigates: true },
      );
      vi.doMock('../../price-currency', () => {
        throw new Error('Failed to fetch dynamically imported module');
      });
      try {
        await switchCurrency('EUR');
        expect(await screen.findByText('€501')).toBeInTheDocument();
        await settled();
      } finally {
        vi.doUnmock('../../price-currency');
      }
      expect(conversions()).toEqual([]);
      expect(searches()).toEqual([{ priceMax: '2000', currency: 'EUR' }]);
      expect(onNavigate).not.toHaveBeenCalled();
    });

    it('keeps the filters and the page when the conversion fails, without a console error', async () => {
      const consoleError = vi.spyOn(console, 'error');
      const { onNavigate, conversions, switchCurrency } = await renderSearchPage(
        { priceMax: 2000 },
        results,
        () => Response.json({ message: 'Rates unavailable' }, { status: 503 }),
      );
      await switchCurrency('EUR');
      await waitFor(() => expect(conversions()).toHaveLength(1));
      // The results stay, and stop showing as busy once the conversion has given up.
      const grid = screen.getByRole('link', { name: 'Lake Myvatn Ride' }).closest('ul');
      await waitFor(() => expect(grid).not.toHaveAttribute('aria-busy'));
      expect(onNavigate).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
    });
  });
});

describe('SearchPage sorted "fits me first"', () => {
  const PASSPORT = 'level=novice&tack=english&hours=3&weight=104';
  beforeAll(() => preloadSearchPageParts());
  afterEach(() => {
    document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
  });
  const cardNames = () =>
    screen
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
  const sortButton = () => screen.getByRole('button', { name: /Sort/ });
  const sortOptions = async () => {
    await userEvent.click(sortButton());
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    return options.map((option) => option.textContent);
  };

  it('asks with the visitor’s passport in a header, never in the address, and shows its order', async () => {
    document.cookie = `gallop_rider=${encodeURIComponent(PASSPORT)}; path=/`;
    const { toursCalls } = await renderSearchPage({ sort: 'fit' });
    // The fake API answers a passport's search in reverse: the page shows the passport's order.
    await waitFor(() => expect(cardNames()).toEqual(['Glacier Trail', 'Lake Myvatn Ride']));
    expect(toursCalls().map((call) => call.passport)).toContain(PASSPORT);
    for (const call of toursCalls()) {
      expect(call.url).toContain('sort=fit');
      expect(call.url).not.toContain('weight');
      expect(call.url).not.toContain('novice');
    }
    expect(sortButton()).toHaveTextContent('Fits me first');
    expect(screen.queryByText(FIT_NEEDS_PASSPORT, { exact: false })).not.toBeInTheDocument();
  });

  it('reorders the server’s page once hydrated, the hidden filters panel left as the server sent it', async () => {
    // The aside (and its panel) shows only on wide screens: here it never hydrates, as on a phone.
    document.cookie = `gallop_rider=${encodeURIComponent(PASSPORT)}; path=/`;
    const { recoverableErrors } = await renderSearchPage({ sort: 'fit' }, results, undefined, {
      hydrate: true,
    });
    await waitFor(() => expect(cardNames()).toEqual(['Glacier Trail', 'Lake Myvatn Ride']));
    expect(recoverableErrors).toEqual([]);
  });

  it('offers "Fits me first" with a passport, and sends the passport with no other sort', async () => {
    document.cookie = `gallop_rider=${encodeURIComponent(PASSPORT)}; path=/`;
    const { toursCalls, onNavigate, settled } = await renderSearchPage({ sort: 'price' });
    await settled();
    expect(toursCalls().every((call) => call.passport === null)).toBe(true);
    expect(cardNames()).toEqual(['Lake Myvatn Ride', 'Glacier Trail']);
    expect(await sortOptions()).toEqual([
      'Recommended',
      'Cheapest first',
      'Most expensive first',
      'Fits me first',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Fits me first' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'iceland', search: { sort: 'fit' } });
  });

  it('without a passport offers no "Fits me first"; an address asking it gets the default order, said plainly', async () => {
    const { toursCalls, settled } = await renderSearchPage({ sort: 'fit' });
    expect(await screen.findByText(FIT_NEEDS_PASSPORT, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your rider passport' })).toHaveAttribute(
      'href',
      '/rider-passport',
    );
    expect(sortButton()).toHaveTextContent('Recommended');
    await settled();
    expect(cardNames()).toEqual(['Lake Myvatn Ride', 'Glacier Trail']);
    expect(toursCalls().every((call) => call.passport === null)).toBe(true);
    expect(await sortOptions()).toEqual(['Recommended', 'Cheapest first', 'Most expensive first']);
  });
});
