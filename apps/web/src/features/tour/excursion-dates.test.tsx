import { focusManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../lib/testing/fake-api';
import { renderInApp } from '../../lib/testing/render-in-app';
import { preloadTourPageParts, TourPage } from './components/tour-page/tour-page';
import { EXCURSION_DATES_STALE_MS } from './excursion-dates';
import { tourDate, tourFixture } from './testing/tour-fixture';

const day = (id: number, start: string, overrides = {}) =>
  tourDate({
    id,
    start,
    end: start,
    duration: 1,
    price: 70,
    original_price: 70,
    price_without_discount: 70,
    ...overrides,
  });

const pageDates = [day(11, '2026-12-08', { number_of_free_seats: 2 })];
// Since the page loaded: the last seats of 8 December went, a new date opened.
const laterDates = [
  day(11, '2026-12-08', { number_of_free_seats: 0 }),
  day(12, '2026-12-12', { number_of_free_seats: 9 }),
];

/** The page of a tour of `type`; the excursion's dates call answers later dates, or 404. */
async function renderTour(type: 1 | 2, { failing = false } = {}) {
  const tour = tourFixture({ type, duration: 1, dates: pageDates });
  const api = createFakeApi({
    ...fakeAnswers,
    '/spa/tour': tour,
    ...(failing ? {} : { '/crm/api/tour/excursion-dates': { items: laterDates } }),
  });
  await renderInApp(<TourPage slug={tour.slug} />, { fetch: api.fetch });
  await screen.findByRole('heading', { level: 1 });
  const excursionCalls = () =>
    api.seen.filter((request) => request.url.includes('/crm/api/tour/excursion-dates'));
  return { excursionCalls };
}

const dateRows = () => {
  const [, ...rows] = within(screen.getByRole('table')).getAllByRole('row');
  return rows.map((row) => row.textContent);
};

/** The traveller comes back to the tab once the page's seats are no longer current. */
async function comeBackLater() {
  vi.setSystemTime(Date.now() + EXCURSION_DATES_STALE_MS + 1_000);
  await act(async () => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

describe('useExcursionDates (the tour page of an excursion)', () => {
  // The dates are in a section of its own chunk (tour-page-parts.ts).
  beforeAll(() => preloadTourPageParts());
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  it("renders the page's dates, then keeps seats current from the excursion's dates call", async () => {
    const { excursionCalls } = await renderTour(2);
    expect(dateRows()).toHaveLength(1);
    expect(dateRows()[0]).toContain('2 seats left');
    // The page's answer is current: no second call right after it.
    expect(excursionCalls()).toHaveLength(0);

    await comeBackLater();
    await vi.waitFor(() => expect(dateRows()).toHaveLength(2));
    expect(dateRows()[0]).toContain('Sold out');
    expect(new URL(excursionCalls()[0]!.url).searchParams.get('id')).toBe('7');
  });

  it('keeps the page’s dates when the call fails', async () => {
    const { excursionCalls } = await renderTour(2, { failing: true });
    await comeBackLater();
    await vi.waitFor(() => expect(excursionCalls()).toHaveLength(1));
    expect(dateRows()).toHaveLength(1);
    expect(dateRows()[0]).toContain('2 seats left');
  });

  it('leaves the dates of a multi-day tour to the tour page call', async () => {
    const { excursionCalls } = await renderTour(1);
    await comeBackLater();
    expect(excursionCalls()).toHaveLength(0);
    expect(dateRows()).toHaveLength(1);
  });
});
