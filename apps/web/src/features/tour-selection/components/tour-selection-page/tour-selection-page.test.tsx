import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '@gallop/api-client';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import {
  TOUR_SELECTION_TOKEN_KEY,
  storedTourSelectionToken,
} from '../../../../lib/tour-selection-token';
import { TourSelectionPage } from './tour-selection-page';

const TOKEN = '481-a9f3Kq7LmN2pR8sT4vWxYz01';

const selection: components['schemas']['TourSelection'] = {
  token: TOKEN,
  request_id: 481,
  request_tour_name: 'Altai Horse Trek',
  selected_by: 'support',
  selected_by_name: 'Gallop support',
  comment: 'Your dates are full; these two ride the same valleys.',
  created_at: '2026-12-01T10:00:00Z',
  items: [
    { id: 7, tour: tourSummary({ id: 7, slug: 'gobi-ride-7', name: 'Gobi Ride' }) },
    {
      id: 8,
      tour: tourSummary({
        id: 8,
        slug: 'steppe-ride-8',
        name: 'Steppe Ride',
        countries: [{ id: 12, name: 'Mongolia' }],
        dates_passed: true,
      }),
    },
  ],
};

/** The API: the selection for TOKEN, 404 for any other token. */
function selectionApi() {
  const asked: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/spa/tour-selection') return Response.json({}, { status: 404 });
    const token = url.searchParams.get('token') ?? '';
    asked.push(token);
    return token === TOKEN
      ? Response.json(selection)
      : Response.json({ message: 'Tour selection not found' }, { status: 404 });
  };
  return { fetch, asked };
}

afterEach(() => window.localStorage.clear());

describe('TourSelectionPage', () => {
  it('shows the tours selected for the request, who selected them and their note', async () => {
    const api = selectionApi();
    await renderInApp(<TourSelectionPage token={TOKEN} />, { fetch: api.fetch });
    expect(await screen.findByText('Gobi Ride')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Tours selected for you' })).toBeTruthy();
    expect(
      screen.getByText(
        'Gallop support selected these tours for your booking request #481 for “Altai Horse Trek”.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(selection.comment!)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gobi Ride' }).getAttribute('href')).toBe(
      '/gobi-ride-7',
    );
    // A tour whose dates have passed offers similar ones instead of its gone page.
    expect(screen.queryByRole('link', { name: 'Steppe Ride' })).toBeNull();
    expect(screen.getByText('No upcoming dates')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See similar tours' }).getAttribute('href')).toBe(
      '/tours?countries=12',
    );
    expect(api.asked).toEqual([TOKEN]);
  });

  it('opens the selection of the token this browser stored', async () => {
    window.localStorage.setItem(TOUR_SELECTION_TOKEN_KEY, TOKEN);
    const api = selectionApi();
    await renderInApp(<TourSelectionPage token={undefined} />, { fetch: api.fetch });
    expect(await screen.findByText('Gobi Ride')).toBeTruthy();
  });

  it('says when a link opens nothing any more, and leaves the mode', async () => {
    const gone = '481-zzzzzzzzzzzzzzzzzzzz';
    window.localStorage.setItem(TOUR_SELECTION_TOKEN_KEY, gone);
    await renderInApp(<TourSelectionPage token={gone} />, { fetch: selectionApi().fetch });
    expect(await screen.findByText('This selection is no longer available')).toBeTruthy();
    await waitFor(() => expect(storedTourSelectionToken(window.localStorage)).toBeUndefined());
  });

  it('explains the page when this browser has no selection', async () => {
    await renderInApp(<TourSelectionPage token={undefined} />, { fetch: selectionApi().fetch });
    expect(await screen.findByText('No tour selection here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a tour' }).getAttribute('href')).toBe('/tours');
  });
});
