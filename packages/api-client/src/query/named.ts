import type { GallopClient } from '../client';
import { gallopQueryKey, type GetParams } from './keys';
import { gallopQueryOptions, type GallopQueryOptions } from './query-options';

// Hand-named factories for the calls pages use most. Their keys are the generic
// `['get', path, params]` keys, so they match `gallopQueryOptions` and `operationKeys` entries;
// `xKeys.all` invalidates every entry of the call.

type TourQuery = NonNullable<GetParams<'/spa/tour'>['query']>;
type ToursQuery = NonNullable<GetParams<'/spa/tours'>['query']>;

const tourParams = (slug: string, options: Omit<TourQuery, 'slug'>) => ({
  query: { ...options, slug },
});

export const tourKeys = {
  all: gallopQueryKey('/spa/tour'),
  detail: (slug: string, options: Omit<TourQuery, 'slug'> = {}) =>
    gallopQueryKey('/spa/tour', tourParams(slug, options)),
};

/** A tour page by slug (`GET /spa/tour`), e.g. `tourQueryOptions(client, slug, { expand_program: 1 })`. */
export const tourQueryOptions = (
  client: GallopClient<boolean>,
  slug: string,
  options: Omit<TourQuery, 'slug'> = {},
): GallopQueryOptions<'/spa/tour'> =>
  gallopQueryOptions(client, '/spa/tour', tourParams(slug, options));

export const toursKeys = {
  all: gallopQueryKey('/spa/tours'),
  list: (filters: ToursQuery = {}) => gallopQueryKey('/spa/tours', { query: filters }),
};

/** The catalogue search (`GET /spa/tours`) with normalized filters. */
export const toursQueryOptions = (
  client: GallopClient<boolean>,
  filters: ToursQuery = {},
): GallopQueryOptions<'/spa/tours'> => gallopQueryOptions(client, '/spa/tours', { query: filters });

export const healthKeys = {
  all: gallopQueryKey('/health'),
};

/** Liveness probe (`GET /health`). */
export const healthQueryOptions = (client: GallopClient<boolean>): GallopQueryOptions<'/health'> =>
  gallopQueryOptions(client, '/health');
