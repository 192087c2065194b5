// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from '../../lib/api';
import {
  climateQueryOptions,
  countryPlacesQueryOptions,
  ensureWeatherPage,
  findWeatherPlace,
  placeSearchHref,
  type Destination,
} from './api';
import { weatherHeadData } from './head';

const place = (id: number, name: string, slug: string, kind: Destination['kind']): Destination => ({
  id,
  name,
  slug,
  kind,
  tours_count: id,
});

const countries = [
  place(10, 'Argentina', 'argentina', 'country'),
  place(43, 'Chile', 'chile', 'country'),
];
const places = {
  regions: [place(75, 'Mendoza', 'mendoza', 'region')],
  cities: [place(150, 'Mendoza', 'mendoza-mendoza', 'city')],
};

describe('findWeatherPlace', () => {
  it('finds a country by its slug', () => {
    const found = findWeatherPlace(['chile'], countries, () => places);
    expect(found).toEqual({
      kind: 'country',
      id: 43,
      name: 'Chile',
      slugs: ['chile'],
      toursCount: 43,
      country: { id: 43, name: 'Chile', slug: 'chile' },
    });
  });

  it('finds a region, else a city, of that country', () => {
    const asked: number[] = [];
    const lookup = (countryId: number) => {
      asked.push(countryId);
      return places;
    };
    expect(findWeatherPlace(['argentina', 'mendoza'], countries, lookup)).toMatchObject({
      kind: 'region',
      id: 75,
      slugs: ['argentina', 'mendoza'],
    });
    expect(findWeatherPlace(['argentina', 'mendoza-mendoza'], countries, lookup)).toMatchObject({
      kind: 'city',
      id: 150,
      country: { id: 10 },
    });
    expect(asked).toEqual([10, 10]);
  });

  it('finds nothing for an unknown country or place', () => {
    expect(findWeatherPlace(['atlantis'], countries, () => places)).toBeUndefined();
    expect(findWeatherPlace(['argentina', 'atlantis'], countries, () => places)).toBeUndefined();
  });
});

describe('placeSearchHref', () => {
  it('filters the catalogue-wide search by the place', () => {
    expect(placeSearchHref({ kind: 'country', id: 10 })).toBe('/tours?countries=10');
    expect(placeSearchHref({ kind: 'region', id: 75 })).toBe('/tours?regions=75');
    expect(placeSearchHref({ kind: 'city', id: 150 })).toBe('/tours?cities=150');
  });
});

describe('weatherHeadData', () => {
  it('names the place with its country and points to its own address', () => {
    const mendoza = findWeatherPlace(['argentina', 'mendoza'], countries, () => places);
    expect(mendoza && weatherHeadData(mendoza)).toMatchObject({
      title: 'Climate and weather in Mendoza, Argentina',
      canonical: '/argentina/mendoza/climate-and-weather',
    });
  });
});

describe('ensureWeatherPage', () => {
  /** Countries, regions and cities by `kind`; climate only for the ids in `withClimate`. */
  function weatherApi(withClimate: number[]) {
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/spa/destinations') {
        const kind = url.searchParams.get('kind');
        const items =
          kind === 'country' ? countries : kind === 'region' ? places.regions : places.cities;
        return Response.json({ items });
      }
      if (url.pathname === '/spa/destination-climate') {
        const id = Number(url.searchParams.get('destination_id'));
        if (!withClimate.includes(id)) return Response.json({ message: 'No' }, { status: 404 });
        return Response.json({ destination_id: id, months: [] });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    };
    return createServerApiClient({ request: new Request('http://web.test/'), fetch });
  }

  const thrown = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('resolves the place and loads its climate and the country’s regions', async () => {
    const queryClient = new QueryClient();
    const api = weatherApi([150]);
    const place = await ensureWeatherPage(queryClient, api, ['argentina', 'mendoza-mendoza']);
    expect(place).toMatchObject({ kind: 'city', id: 150 });
    expect(queryClient.getQueryData(climateQueryOptions(api, place).queryKey)).toEqual({
      destination_id: 150,
      months: [],
    });
    expect(
      queryClient.getQueryData(countryPlacesQueryOptions(api, 10, 'region').queryKey)?.items,
    ).toEqual(places.regions);
  });

  it('is the 404 page for an unknown place or a place without climate data', async () => {
    const api = weatherApi([10]);
    for (const slugs of [['atlantis'], ['argentina', 'atlantis'], ['chile']]) {
      expect(isNotFound(await thrown(ensureWeatherPage(new QueryClient(), api, slugs)))).toBe(true);
    }
  });
});
