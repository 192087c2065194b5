import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { TourRouteMap } from './tour-route-map';

const cities = {
  items: [
    { id: 1, name: 'Hoedspruit', country: 'South Africa', is_start: true },
    { id: 2, name: 'Vaalwater', country: 'South Africa', is_end: true },
  ],
};

describe('TourRouteMap', () => {
  it('numbers the stops on the sketch and lists them under it, not over it', async () => {
    const api = createFakeApi({ ...fakeAnswers, '/spa/tours-cities': cities });
    await renderInApp(<TourRouteMap tourId={7} startCity="Hoedspruit" />, { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Show on map' }));
    const sketch = await screen.findByRole('img', { name: 'Route sketch: Hoedspruit, Vaalwater' });

    const svg = decodeURIComponent(sketch.getAttribute('src')!.split(',')[1]!);
    const drawnTexts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(drawnTexts).toEqual(['1', '2']);

    const legend = screen.getByRole('list');
    expect(legend.closest('.gk-map-preloader')).toBeNull();
    expect(screen.getAllByRole('listitem').map((stop) => stop.textContent)).toEqual([
      'Hoedspruit, South Africa · start',
      'Vaalwater, South Africa · finish',
    ]);
  });
});
