/**
 * The search map beside the list (`--map`, issue 47, decision 120): the mix as `/spa/tours`
 * answers it (a page of 20 cards) and the same searches as `/spa/tours-map` (up to 500 points
 * each), measured by one server in one run (bench/side-by-side.ts).
 */
import type { SearchQuery } from './mix.ts';
import type { SideBySide, VariantMeasurement } from './side-by-side.ts';

export type MapVariant = 'list' | 'map';

/**
 * A search's map: the same filter and sort on `/spa/tours-map`, without the list's page and
 * facets (the map has neither: its first 500 results are one answer).
 */
export function mapMix(mix: SearchQuery[], variant: MapVariant): SearchQuery[] {
  if (variant === 'list') return mix;
  return mix.map((query) => {
    const url = new URL(query.path, 'http://bench.invalid');
    url.pathname = '/spa/tours-map';
    url.searchParams.delete('page');
    url.searchParams.delete('expand');
    return { kind: query.kind, path: `${url.pathname}${url.search}`, headers: query.headers };
  });
}

export const MAP_SIDE_BY_SIDE: SideBySide<MapVariant> = {
  title: 'the search map beside the list',
  variants: ['list', 'map'],
  labels: {
    list: '/spa/tours (the mix: a page of 20 cards)',
    map: '/spa/tours-map (the same searches: up to 500 points)',
  },
  mix: mapMix,
};

export type MapMeasurement = VariantMeasurement<MapVariant>;
