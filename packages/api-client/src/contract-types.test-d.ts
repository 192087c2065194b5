// Compile-time tests: the client refuses calls the contract does not allow. Run by
// `vitest --typecheck` and by `tsc --noEmit` (an unused @ts-expect-error fails both).
import { QueryClient } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import { createGallopClient } from './client';
import type { ApiError } from './errors';
import { gallopQueryKey, gallopQueryOptions } from './query';
import type { components } from './schema.gen';

type TourAnswer = components['schemas']['Tour'] | components['schemas']['Redirect'];

const client = createGallopClient({
  baseUrl: 'http://api.test',
  locale: { iso: 'en', localizationId: 1 },
  currency: 'EUR',
});

describe('the typed client', () => {
  it('accepts the parameters the contract names', () => {
    void client.GET('/spa/tour', { params: { query: { slug: 'iceland', expand_program: 1 } } });
    void client.POST('/crm/api/user/auth', { body: { login: 'a@b.c', password: 'secret' } });
  });

  it('refuses a wrong parameter name', () => {
    // @ts-expect-error: the tour call takes `slug`, not `tour_slug`.
    void client.GET('/spa/tour', { params: { query: { tour_slug: 'iceland' } } });
    // @ts-expect-error: `expand_programme` is not a parameter of the tour call.
    void client.GET('/spa/tour', { params: { query: { slug: 'x', expand_programme: 1 } } });
    // @ts-expect-error: the required `slug` is missing.
    void client.GET('/spa/tour', { params: { query: {} } });
    const price = { from_currency: 'EUR', to_currency: 'USD' } as const;
    // @ts-expect-error: `amount` is a number.
    void client.GET('/node-api/convert-price', { params: { query: { ...price, amount: '10' } } });
  });

  it('refuses a wrong body field', () => {
    // @ts-expect-error: the login body has `login`, not `email`.
    void client.POST('/crm/api/user/auth', { body: { email: 'a@b.c', password: 'secret' } });
    void client.POST('/crm/api/user/auth', {
      // @ts-expect-error: unknown body fields are refused (the contract sets additionalProperties: false).
      body: { login: 'a@b.c', password: 'secret', remember: true },
    });
  });

  it('refuses paths and methods the contract does not have', () => {
    // @ts-expect-error: no such path.
    void client.GET('/spa/no-such-call');
    // @ts-expect-error: login is a POST.
    void client.GET('/crm/api/user/auth');
  });

  it('resolves to the success answer only: failures reject with ApiError', async () => {
    const { data } = await client.GET('/node-api/convert-price', {
      params: { query: { from_currency: 'EUR', to_currency: 'USD', amount: 10 } },
    });
    expectTypeOf(data).toEqualTypeOf<{ result: number }>();
    const tour = await client.GET('/spa/tour', { params: { query: { slug: 'x' } } });
    expectTypeOf(tour.data).toExtend<TourAnswer>();
    expectTypeOf<TourAnswer>().toExtend<typeof tour.data>();
  });
});

describe('query options', () => {
  it('types the key, the data and the error', () => {
    const options = gallopQueryOptions(client, '/spa/tour', { query: { slug: 'x' } });
    expectTypeOf(options.queryKey[1]).toEqualTypeOf<'/spa/tour'>();
    // The key carries the data and error types (react-query's DataTag).
    const queryClient = new QueryClient();
    const data = queryClient.getQueryData(options.queryKey);
    expectTypeOf(data).toExtend<TourAnswer | undefined>();
    expectTypeOf<TourAnswer>().toExtend<typeof data>();
    expectTypeOf(queryClient.getQueryState(options.queryKey)?.error).toEqualTypeOf<
      ApiError | null | undefined
    >();
  });

  it('requires params when the call has a required parameter', () => {
    // @ts-expect-error: the tour call needs `slug`.
    gallopQueryOptions(client, '/spa/tour');
    // @ts-expect-error: `slugs` is not a parameter.
    gallopQueryKey('/spa/tour', { query: { slugs: 'x' } });
    gallopQueryOptions(client, '/health');
  });
});
