import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { TourRouteMap } from './tour-route-map';

const cities = {
  items: [
    { id: 1, name: 'Hoedspruit', country: 'South Africa', is_start: true },
    { id: 1, name: 'Hoedspruit', country: 'South Africa', is_end: true },
  ],
};
const riding = (
  km: number | null,
  overnight: { name: string; lat: number; lng: number } | null,
) => ({
  rest_day: km === null,
  hours: km === null ? null : 4,
  distance_km: km,
  ascent_m: null,
  pace_mix: null,
  overnight,
});
const bush = { name: 'Bush camp', lat: -24.2, lng: 31.1 };
const programme = [
  { day: 1, title: 'Into the bush', riding: riding(22, bush) },
  { day: 2, title: 'Rest', riding: riding(null, bush) },
  { day: 3, title: 'Home', riding: riding(18, null) },
];

describe('TourRouteMap', () => {
  it('lists the start, each day with its distance and the way back under the map, not over it', async () => {
    const api = createFakeApi({ ...fakeAnswers, '/spa/tours-cities': cities });
    await renderInApp(
      <TourRouteMap
        tourId={7}
        start={{ name: 'Hoedspruit', lat: -24.35, lng: 30.95 }}
        programme={programme}
      />,
      { fetch: api.fetch },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show on map' }));
    const legend = await screen.findByRole('list', { name: 'Route by day' });
    expect(legend.closest('.gk-map-preloader')).toBeNull();
    expect([...legend.querySelectorAll('li')].map((stop) => stop.textContent)).toEqual([
      '1Start and finish · Hoedspruit',
      '2Day 1 · 22 km · to Bush camp',
      '2Day 2 · rest day · stays at Bush camp',
      '1Day 3 · 18 km · back to Hoedspruit',
    ]);
    // happy-dom draws no WebGL: the map says so in words, and the list stands in for it.
    expect(
      await screen.findByText(/This browser cannot draw the map/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Map of the route from Hoedspruit' }),
    ).toBeInTheDocument();
  });
});
