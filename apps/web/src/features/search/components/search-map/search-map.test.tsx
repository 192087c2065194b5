import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { resultCountries, SearchMap, type SearchMapProps } from './search-map';

const iceland = { value: 101, text: 'Iceland', count: 2 };
const norway = { value: 5, text: 'Norway', count: 4 };

const point = (id: number, name: string, price: number) => ({
  id,
  slug: `tour-${id}`,
  name,
  lat: 64 + id / 100,
  lng: -20 + id / 100,
  price,
  currency: 'EUR' as const,
  duration: 7,
  rating: null,
});

describe('resultCountries', () => {
  it('is every country of the facet, or only the chosen ones', () => {
    expect(resultCountries([iceland, norway], undefined)).toEqual([iceland, norway]);
    expect(resultCountries([iceland, norway], [])).toEqual([iceland, norway]);
    expect(resultCountries([iceland, norway], [5])).toEqual([norway]);
  });
});

describe('SearchMap', () => {
  it("asks /spa/tours-map with the search's filters and lists every point with its price", async () => {
    const api = createFakeApi({
      ...fakeAnswers,
      '/spa/tours-map': {
        total: 3,
        points: [point(1, 'Highland trail', 1240), point(2, 'Fjord ride', 890)],
      },
    });
    const props: SearchMapProps = {
      countries: [iceland],
      query: { countries: [101], priceMax: 2000, slug: 'iceland' },
      searchKey: 'a',
      onSearchArea: vi.fn(),
    };
    await renderInApp(<SearchMap {...props} />, { fetch: api.fetch });
    expect(await screen.findByRole('img')).toHaveAccessibleName(
      'Sketch of the destinations: Iceland',
    );
    expect(api.seen.some((request) => request.url.includes('/spa/tours-map'))).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: 'Show on map' }));
    const summary = await screen.findByText('Tours on the map as a list (2 of 3)');
    const asked = new URL(api.seen.find((request) => request.url.includes('/spa/tours-map'))!.url);
    expect(asked.searchParams.get('priceMax')).toBe('2000');
    expect(asked.searchParams.get('slug')).toBe('iceland');
    expect(asked.searchParams.getAll('countries').join(',')).toMatch(/101/);

    const list = within(summary.closest('details')!);
    expect(list.getByRole('link', { name: 'Highland trail' })).toHaveAttribute('href', '/tour-1');
    expect(list.getByText('€1,240')).toBeInTheDocument();
    // happy-dom has no WebGL: the map says so, the list stands in.
    expect(await screen.findByText(/This browser cannot draw the map/)).toBeInTheDocument();
  });

  it('follows a new search once open', async () => {
    const answers: Record<string, unknown> = {
      '1000': { total: 1, points: [point(1, 'Highland trail', 1240)] },
      '500': { total: 1, points: [point(2, 'Fjord ride', 450)] },
    };
    const base = createFakeApi(fakeAnswers);
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/spa/tours-map') return base.fetch(request);
      return Response.json(answers[url.searchParams.get('priceMax') ?? '']);
    };
    const props = (priceMax: number): SearchMapProps => ({
      countries: [iceland],
      query: { priceMax },
      searchKey: String(priceMax),
      onSearchArea: vi.fn(),
    });
    function Search() {
      const [priceMax, setPriceMax] = useState(1000);
      return (
        <>
          <button type="button" onClick={() => setPriceMax(500)}>
            Cheaper
          </button>
          <SearchMap {...props(priceMax)} />
        </>
      );
    }
    await renderInApp(<Search />, { fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Show on map' }));
    expect(await screen.findByRole('link', { name: 'Highland trail' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cheaper' }));
    expect(await screen.findByRole('link', { name: 'Fjord ride' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Highland trail' })).toBeNull();
  });
});
