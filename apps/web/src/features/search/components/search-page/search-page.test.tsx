import { createGallopClient } from '@gallop/api-client';
import { normalizeFilters } from '@gallop/search-filters';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouterContext } from '../../../../router';
import { searchPageMetaQueryOptions, searchResultsQueryOptions, type TourList } from '../../api';
import type { SearchLocation } from '../../search-query';
import type { FilterSearch } from '../../search-url';
import { preloadSearchPageParts, SearchPage } from './search-page';

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

/** The search page for `/iceland` with the cache filled as the loader leaves it. */
async function renderSearchPage(search: FilterSearch = {}, answer: TourList = results) {
  const queryClient = new QueryClient();
  const api = createGallopClient({
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'EUR',
    fetch: async (request) =>
      Response.json(
        new URL(request.url).pathname === '/spa/calendar-periods' ? calendarPeriods : answer,
      ),
  });
  queryClient.setQueryData(searchPageMetaQueryOptions(api, 'iceland').queryKey, icelandPage);
  queryClient.setQueryData(
    searchResultsQueryOptions(api, 'iceland', normalizeFilters(search), 1).queryKey,
    answer,
  );
  const onNavigate = vi.fn(async (_location: SearchLocation) => undefined);
  const rootRoute = createRootRouteWithContext<Pick<RouterContext, 'api' | 'queryClient'>>()();
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/$slug',
    component: () => (
      <SearchPage slug="iceland" search={search} pendingSearch={search} onNavigate={onNavigate} />
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ['/iceland'] }),
    context: { api, queryClient },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { onNavigate };
}

describe('SearchPage', () => {
  // As the route's loader does before a navigation renders the page: the filters panel, the sort
  // select and the sheet are chunks of their own (search-page-parts.ts).
  beforeAll(() => preloadSearchPageParts());

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

  it('stays on the page for an extra filter and leaves it when the stored one changes', async () => {
    const { onNavigate } = await renderSearchPage();
    fireEvent.click(screen.getByRole('button', { name: 'Riding level' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Moderate 1 tour' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'iceland', search: { difficulty: 2 } });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Norway 4 tours' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'tours', search: { countries: '101,5' } });
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
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onNavigate).toHaveBeenLastCalledWith({ slug: 'iceland', search: {} });
  });
});
