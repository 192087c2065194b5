import { describe, expect, it } from 'vitest';
import { mapMix } from './map.ts';
import type { SearchQuery } from './mix.ts';

const mix: SearchQuery[] = [
  { kind: 'listing', path: '/spa/tours', headers: {} },
  { kind: 'sorted by price', path: '/spa/tours?sort=price&page=2', headers: {} },
  {
    kind: 'facets',
    path: '/spa/tours?countries=5&expand=filters&page=3',
    headers: { 'x-currency': 'EUR' },
  },
];

describe('mapMix', () => {
  it('asks /spa/tours-map for the same searches, without the page and the facets', () => {
    const map = mapMix(mix, 'map');
    expect(map.map((query) => query.path)).toEqual([
      '/spa/tours-map',
      '/spa/tours-map?sort=price',
      '/spa/tours-map?countries=5',
    ]);
    expect(map[2]!.headers).toEqual({ 'x-currency': 'EUR' });
    expect(map.map((query) => query.kind)).toEqual(mix.map((query) => query.kind));
  });

  it('keeps the mix as it is for the list', () => {
    expect(mapMix(mix, 'list')).toBe(mix);
  });
});
