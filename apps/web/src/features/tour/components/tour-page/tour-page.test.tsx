import { createGallopClient } from '@gallop/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouterContext } from '../../../../router';
import { tourDate, tourFixture } from '../../testing/tour-fixture';
import { LazyFollowTourCard } from '../tour-follow/tour-follow';
import type { Tour } from '../../api';
import {
  prefetchTourClimate,
  preloadTourPageParts,
  TourPageView,
  type TourWeatherSlot,
} from './tour-page';
import { ShellOutlet } from '../../../../lib/testing/shell-outlet';

/** How long a lazy chunk's first render may take: over 1 s on a loaded 2-core machine. */
const CHUNK_WAIT = { timeout: 10_000 };

/** The page inside a router whose context carries an API client that answers `answer`. */
async function renderTourPage(
  answer: unknown = { items: [] },
  dates = [
    tourDate({ id: 1, price: 900, number_of_free_seats: 0 }),
    tourDate({ id: 2, start: '2027-01-02', end: '2027-01-11', price: 800 }),
  ],
  { overrides = {}, weather }: { overrides?: Partial<Tour>; weather?: TourWeatherSlot } = {},
) {
  const queryClient = new QueryClient();
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async () => Response.json(answer),
  });
  const tour = tourFixture({ dates, ...overrides });
  const rootRoute = createRootRouteWithContext<Pick<RouterContext, 'api' | 'queryClient'>>()({
    component: ShellOutlet,
  });
  const tourRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/$slug',
    component: () => <TourPageView tour={tour} weather={weather} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([tourRoute]),
    history: createMemoryHistory({ initialEntries: [`/${tour.slug}`] }),
    context: { api, queryClient },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return tour;
}

describe('TourPageView', () => {
  // The sections below the overview are a chunk of their own (tour-page-parts.ts).
  beforeAll(() => preloadTourPageParts());

  it('shows how the horses are kept in the Riding section, the tour’s own parts marked', async () => {
    await renderTourPage();
    const riding = screen.getByRole('region', { name: 'Riding' });
    const card = within(riding).getByRole('region', { name: 'Horse welfare' });
    expect(within(card).getByText('2 rest days a week').closest('li')).toHaveTextContent(
      'This tour',
    );
    expect(
      within(card).getByText('Riders up to 95 kg with clothing (up to 110 kg on a heavier horse)'),
    ).toBeInTheDocument();
    expect(within(card).getByText('In a herd on pasture day and night')).toBeInTheDocument();
  });

  it('says so when the organizer has not stated how its horses are kept', async () => {
    await renderTourPage(undefined, undefined, { overrides: { horse_welfare: null } });
    const card = screen.getByRole('region', { name: 'Horse welfare' });
    expect(card).toHaveTextContent('has not yet said how its horses are kept');
  });

  it('shows the tour with its sections, facts and the cheapest date to book', async () => {
    const tour = await renderTourPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tour.name);
    // The code the empty search's 'Try searching by code' finds it by.
    expect(screen.getByText(`Tour code ${tour.id}`)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Sections of this tour' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Riding',
      'Photos',
      'Programme',
      'Dates and prices',
      'Organizer',
      'Reviews',
      'Questions',
      'Route',
    ]);
    expect(screen.getByText('Hoedspruit, Limpopo, South Africa')).toBeInTheDocument();
    const booking = screen.getByRole('complementary', { name: 'Booking' });
    // The sold-out date is cheaper, but the box offers the one that can be requested.
    expect(within(booking).getByText('US$800')).toBeInTheDocument();
    expect(within(booking).getByRole('link', { name: 'Request booking' })).toHaveAttribute(
      'href',
      '/booking/new?tour=7&date=2',
    );
    expect(screen.getByRole('link', { name: /About the organizer/ })).toHaveAttribute(
      'href',
      '/tour-provider/21',
    );
  });

  it('shows the tour’s emoji, share links and the weather the route composes in', async () => {
    const weatherOf: Tour[] = [];
    const tour = await renderTourPage(undefined, undefined, {
      overrides: { emoji: 'horse' },
      weather: (shown) => {
        weatherOf.push(shown);
        return <p>Weather for {shown.name}</p>;
      },
    });
    // Beside the title, not part of it: the heading is the tour's name alone.
    const title = screen.getByRole('heading', { level: 1 });
    expect(title).toHaveTextContent(new RegExp(`^${tour.name}$`));
    expect(title.previousElementSibling).toBe(screen.getByRole('img', { name: 'Horse' }));
    expect(screen.getByRole('img', { name: 'Horse' })).toHaveTextContent('🐎');
    const share = screen.getByRole('group', { name: 'Share this tour' });
    expect(within(share).getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`/${tour.slug}`)),
    );
    expect(within(share).getByRole('link', { name: /Share on X/ })).toBeInTheDocument();
    expect(within(share).getByRole('link', { name: 'Share by e-mail' })).toBeInTheDocument();
    const dates = screen.getByRole('region', { name: 'Dates and prices' });
    expect(within(dates).getByText(`Weather for ${tour.name}`)).toBeInTheDocument();
    expect(weatherOf.at(-1)?.id).toBe(tour.id);
  });

  it('offers to follow the tour by e-mail when no date can be booked', async () => {
    await renderTourPage(undefined, [
      tourDate({ id: 1, price: 900, number_of_free_seats: 0 }),
      tourDate({ id: 2, start: '2027-01-02', end: '2027-01-11', price: 800, is_busy: true }),
    ]);
    const booking = screen.getByRole('complementary', { name: 'Booking' });
    expect(within(booking).getByText('Every upcoming date is fully booked.')).toBeInTheDocument();
    expect(within(booking).getByRole('link', { name: 'Notify me of new dates' })).toHaveAttribute(
      'href',
      '#follow-tour',
    );
    // The card's chunk loads on its own: a dynamic import, slow on a loaded CI machine.
    const card = await screen.findByRole('region', { name: 'Follow this tour' }, CHUNK_WAIT);
    expect(card).toHaveAttribute('id', 'follow-tour');
    expect(within(card).getByLabelText('E-mail')).toBeInTheDocument();
  });

  it('says when no dates are scheduled, and shows no empty dates table', async () => {
    await renderTourPage(undefined, []);
    const booking = screen.getByRole('complementary', { name: 'Booking' });
    expect(
      within(booking).getByText('No dates are scheduled for this tour yet.'),
    ).toBeInTheDocument();
    expect(within(booking).queryByRole('link', { name: 'See the dates' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      await screen.findByRole('region', { name: 'Follow this tour' }, CHUNK_WAIT),
    ).toBeInTheDocument();
  });

  it('shows no follow card while a date can be booked', async () => {
    // Loaded first, so the card would render at once if the page asked for it.
    await LazyFollowTourCard.preload();
    await renderTourPage();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Follow this tour' })).toBeNull();
  });

  it('opens the photo viewer from the hero and lists the route by day on "Show on map"', async () => {
    const night = (name: string, lat: number, lng: number) => ({
      rest_day: false,
      hours: 4,
      distance_km: 20,
      ascent_m: null,
      pace_mix: null,
      overnight: { name, lat, lng },
    });
    await renderTourPage(
      {
        items: [
          { id: 1, name: 'Hoedspruit', country: 'South Africa', is_start: true },
          { id: 2, name: 'Vaalwater', country: 'South Africa', is_end: true },
        ],
      },
      undefined,
      {
        overrides: {
          start_city: { id: 1, name: 'Hoedspruit', lat: -24.35, lng: 30.95 },
          program: [
            { day: 1, title: 'Bush', riding: night('Bush camp', -24.1, 30.5) },
            { day: 2, title: 'North', riding: night('Vaalwater lodge', -24.3, 28.1) },
          ],
        },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: /Open the photos of/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByText('1 / 3')).toBeInTheDocument();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    const legend = await screen.findByRole('list', { name: 'Route by day' }, { timeout: 5000 });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((stop) => stop.textContent),
    ).toEqual([
      '1Start · Hoedspruit',
      '2Day 1 · 20 km · to Bush camp',
      '3Day 2 · 20 km · to Vaalwater lodge',
      '3Finish · Vaalwater lodge',
    ]);
  });
});

describe('prefetchTourClimate', () => {
  const months = [{ month: 7, temperature_min: 20, temperature_max: 34, precipitation_mm: 5 }];
  const climateClient = (found: boolean) => {
    const asked: string[] = [];
    const api = createGallopClient({
      throwOnError: true,
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      fetch: async (request: Request) => {
        asked.push(new URL(request.url).search);
        return found
          ? Response.json({ destination_id: 5, months })
          : Response.json({ message: 'Not found' }, { status: 404 });
      },
    });
    return { api, asked };
  };

  it('fills the cache with the start city’s climate for the server’s render', async () => {
    const { api, asked } = climateClient(true);
    const queryClient = new QueryClient();
    await prefetchTourClimate(queryClient, api, {
      start_city: { id: 5, name: 'Wadi Rum Village' },
      countries: [{ id: 10, name: 'Jordan' }],
    });
    expect(asked).toEqual(['?destination_id=5&kind=city']);
    const cached = queryClient.getQueriesData<{ months: unknown[] }>({})[0]?.[1];
    expect(cached?.months).toEqual(months);
  });

  it('never fails the page: a place without normals, or no place at all', async () => {
    const { api, asked } = climateClient(false);
    const queryClient = new QueryClient();
    await expect(
      prefetchTourClimate(queryClient, api, { countries: [{ id: 10, name: 'Jordan' }] }),
    ).resolves.toBeUndefined();
    expect(asked).toEqual(['?destination_id=10&kind=country']);
    await expect(prefetchTourClimate(queryClient, api, { countries: [] })).resolves.toBeUndefined();
    expect(asked).toHaveLength(1);
  });
});
