import type { components } from '@gallop/api-client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { tourSummary } from '../../lib/testing/fake-api';
import { renderInApp } from '../../lib/testing/render-in-app';
import { RouteErrorPage } from './error-pages';

const gone: components['schemas']['TourGone'] = {
  message: 'This page is no longer available because the tour dates have passed',
  tour: { id: 12, name: 'Old Highland Trail', slug: 'old-highland-trail-12' },
  organizer: { id: 21, name: 'Highland Horses' },
  organizer_tours: [tourSummary({ id: 31, slug: 'fjord-ride-31', name: 'Fjord Ride' })],
  similar_tours: [tourSummary({ id: 32, slug: 'geyser-gallop-32', name: 'Geyser Gallop' })],
  similar_search: { url: '/iceland', text: 'More tours in Iceland' },
};

describe('the 410 page of a tour whose dates have passed', () => {
  it("lays its tour lists out in the page's column, in line with the header", async () => {
    await renderInApp(<RouteErrorPage error={new HttpError(410, gone.message, gone)} />);
    for (const name of ['More from Highland Horses', 'Similar tours']) {
      const heading = await screen.findByRole('heading', { level: 2, name });
      // `.page-container` is the header's column (styles/base.css): width, centring, gutters.
      expect(heading.closest('.page-container'), name).not.toBeNull();
    }
    expect(
      screen.getByRole('link', { name: 'More tours in Iceland' }).closest('.page-container'),
    ).not.toBeNull();
  });
});
