import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { WeatherMap } from './weather-map';

const point = (id: number, name: string, lat: number, lng: number) => ({
  id,
  slug: `tour-${id}`,
  name,
  lat,
  lng,
  price: 1000 + id,
  currency: 'EUR' as const,
  duration: 6,
  rating: null,
});

describe('WeatherMap', () => {
  it('places the place by its tours and adds the tours within 300 km of it', async () => {
    const base = createFakeApi(fakeAnswers);
    const asked: URLSearchParams[] = [];
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/spa/tours-map') return base.fetch(request);
      asked.push(url.searchParams);
      return Response.json(
        url.searchParams.has('regions')
          ? {
              total: 2,
              points: [
                point(1, 'Salta trail', -24.8, -65.4),
                point(2, 'Cafayate ride', -26.1, -65.9),
              ],
            }
          : {
              total: 2,
              points: [
                point(2, 'Cafayate ride', -26.1, -65.9),
                point(3, 'Jujuy ride', -23.2, -65.3),
              ],
            },
      );
    };
    await renderInApp(<WeatherMap place={{ kind: 'region', id: 12, name: 'Salta' }} />, { fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Show on map' }));

    const summary = await screen.findByText('Tours on the map as a list (3)', undefined, {
      timeout: 5000,
    });
    expect(summary).toBeInTheDocument();
    expect(asked[0]!.getAll('regions')).toEqual(['12']);
    expect(asked[1]!.get('radius')).toBe('300');
    expect(Number(asked[1]!.get('lat'))).toBeCloseTo(-25.45);
    expect(Number(asked[1]!.get('lng'))).toBeCloseTo(-65.65);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Salta trail',
      'Cafayate ride',
      'Jujuy ride',
    ]);
    expect(
      await screen.findByRole('region', { name: 'Map of Salta and the tours around it' }),
    ).toBeInTheDocument();
  });
});
