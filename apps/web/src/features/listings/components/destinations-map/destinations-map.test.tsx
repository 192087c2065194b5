import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { Destination } from '../../api';
import { countryPoints, DestinationsMap } from './destinations-map';

const country = (id: number, name: string, toursCount: number, centre?: Destination['centre']) =>
  ({
    id,
    name,
    slug: name.toLowerCase(),
    kind: 'country',
    tours_count: toursCount,
    ...(centre ? { centre } : {}),
  }) satisfies Destination;

const COUNTRIES = [
  country(1, 'Argentina', 12, { lat: -34.2, lng: -64.1 }),
  country(2, 'Mongolia', 1, { lat: 47.1, lng: 103.5 }),
  country(3, 'Atlantis', 2),
];

describe('countryPoints', () => {
  it('marks each country with a centre by its number of tours, and leaves out one without', () => {
    expect(countryPoints(COUNTRIES)).toEqual([
      {
        id: 1,
        slug: 'argentina',
        name: 'Argentina',
        lat: -34.2,
        lng: -64.1,
        priceText: '12 tours',
      },
      { id: 2, slug: 'mongolia', name: 'Mongolia', lat: 47.1, lng: 103.5, priceText: '1 tour' },
    ]);
  });
});

describe('DestinationsMap', () => {
  it('shows the countries on a map after "Show on map", and as a list of links to their pages', async () => {
    const api = createFakeApi(fakeAnswers);
    await renderInApp(<DestinationsMap countries={COUNTRIES} />, { fetch: api.fetch });
    // Nothing of the map before the visitor asks for it.
    expect(screen.queryByText(/Countries on the map as a list/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Show on map' }));

    const summary = await screen.findByText('Countries on the map as a list (2)', undefined, {
      timeout: 5000,
    });
    const list = summary.closest('details')!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Argentina', '/argentina'],
      ['Mongolia', '/mongolia'],
    ]);
    expect(list).toHaveTextContent('12 tours');
    expect(
      await screen.findByRole('region', { name: 'Map of the countries with horseback tours' }),
    ).toBeInTheDocument();
  });

  it('shows nothing when no country can be placed', async () => {
    const api = createFakeApi(fakeAnswers);
    const { container } = await renderInApp(<DestinationsMap countries={[COUNTRIES[2]!]} />, {
      fetch: api.fetch,
    });
    expect(container.querySelector('figure')).toBeNull();
  });
});
