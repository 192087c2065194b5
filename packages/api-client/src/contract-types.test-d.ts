// Compile-time tests: the client refuses calls the contract does not allow. Run by
// `vitest --typecheck` and by `tsc --noEmit` (an unused @ts-expect-error fails both).
import { QueryClient, useMutation } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import { createGallopClient, type GallopClient, type RedirectErrorBody } from './client';
import type { ApiError } from './errors';
import {
  gallopMutationOptions,
  gallopQueryKey,
  gallopQueryOptions,
  getTourQueryOptions,
  operationKeys,
  startPaymentMutationOptions,
} from './query';
import type { components } from './schema.gen';
import { unwrap } from './unwrap';

type Schemas = components['schemas'];
type TourAnswer = Schemas['Tour'] | Schemas['Redirect'];

const options = {
  baseUrl: 'http://api.test',
  locale: { iso: 'en', localizationId: 1 },
  currency: 'EUR',
};
// openapi-fetch's contract (the default) and the throwing mode.
const client = createGallopClient(options);
const throwing = createGallopClient({ ...options, throwOnError: true });
const price = { params: { query: { from_currency: 'EUR', to_currency: 'USD', amount: 10 } } };

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

  it('keeps the exactness checks in the throwing mode', () => {
    // @ts-expect-error: `expand_programme` is not a parameter of the tour call.
    void throwing.GET('/spa/tour', { params: { query: { slug: 'x', expand_programme: 1 } } });
    // @ts-expect-error: the login body has `login`, not `email`.
    void throwing.POST('/crm/api/user/auth', { body: { email: 'a@b.c', password: 'secret' } });
  });
});

describe("the default mode: openapi-fetch's { data, error, response }", () => {
  it('types the data of a success and leaves it optional', async () => {
    const { data, response } = await client.GET('/node-api/convert-price', price);
    expectTypeOf(data).toEqualTypeOf<{ result: number } | undefined>();
    expectTypeOf(response).toEqualTypeOf<Response>();
    // Checking the error narrows the result (not its destructured parts: openapi-fetch's way).
    const result = await client.GET('/node-api/convert-price', price);
    if (!result.error) expectTypeOf(result.data).toEqualTypeOf<{ result: number }>();
  });

  it("types the error by the operation's error answers", async () => {
    const health = await client.GET('/health');
    // GET /health declares only 503 with `Error`.
    expectTypeOf(health.error).toEqualTypeOf<Schemas['Error'] | undefined>();
    // The review by uuid adds 409 `ReviewNotYet`; the login adds 429 `CaptchaRequired` and the
    // redirect the client refuses.
    const review = await client.GET('/crm/api/review/get-by-uuid', {
      params: { query: { uuid: 'u' } },
    });
    expectTypeOf(review.error).toEqualTypeOf<
      Schemas['Error'] | Schemas['ReviewNotYet'] | undefined
    >();
    const login = await client.POST('/crm/api/user/auth', {
      body: { login: 'a@b.c', password: 'secret' },
    });
    expectTypeOf(login.error).toEqualTypeOf<
      Schemas['Error'] | Schemas['CaptchaRequired'] | RedirectErrorBody | undefined
    >();
    if (login.error) {
      // Narrowed: no data.
      expectTypeOf(login.data).toEqualTypeOf<undefined>();
      expectTypeOf(login.error.message).toEqualTypeOf<string>();
    }
    const { error } = await client.GET('/spa/tour', { params: { query: { slug: 'x' } } });
    expectTypeOf(error).toExtend<Schemas['Error'] | RedirectErrorBody | undefined>();
    expectTypeOf<Schemas['Error'] | RedirectErrorBody | undefined>().toExtend<typeof error>();
  });

  it('unwraps a result into its data, in both modes', async () => {
    expectTypeOf(unwrap(await client.GET('/node-api/convert-price', price))).toEqualTypeOf<{
      result: number;
    }>();
    expectTypeOf(unwrap(await throwing.GET('/node-api/convert-price', price))).toEqualTypeOf<{
      result: number;
    }>();
  });
});

describe('throwOnError: true', () => {
  it('gives the throwing client type', () => {
    expectTypeOf(throwing).toEqualTypeOf<GallopClient<true>>();
    expectTypeOf(client).toEqualTypeOf<GallopClient>();
    expectTypeOf(client).toEqualTypeOf<GallopClient<false>>();
    const either = createGallopClient({ ...options, throwOnError: Math.random() > 0.5 });
    expectTypeOf(either).toEqualTypeOf<GallopClient<boolean>>();
  });

  it('resolves to the success answer only: data is not optional, there is no error', async () => {
    const answer = await throwing.GET('/node-api/convert-price', price);
    expectTypeOf(answer.data).toEqualTypeOf<{ result: number }>();
    expectTypeOf(answer).not.toHaveProperty('error');
    const tour = await throwing.GET('/spa/tour', { params: { query: { slug: 'x' } } });
    expectTypeOf(tour.data).toExtend<TourAnswer>();
    expectTypeOf<TourAnswer>().toExtend<typeof tour.data>();
  });

  it('lets helpers take either client as GallopClient<boolean>', () => {
    expectTypeOf(throwing).toExtend<GallopClient<boolean>>();
    expectTypeOf(client).toExtend<GallopClient<boolean>>();
    // Not the other way round: code that expects the throwing mode refuses the default client.
    expectTypeOf(client).not.toExtend<GallopClient<true>>();
  });
});

describe('query options', () => {
  it('types the key, the data and the error, with either client', () => {
    for (const either of [client, throwing]) {
      const tour = gallopQueryOptions(either, '/spa/tour', { query: { slug: 'x' } });
      expectTypeOf(tour.queryKey[1]).toEqualTypeOf<'/spa/tour'>();
      // The key carries the data and error types (react-query's DataTag).
      const queryClient = new QueryClient();
      const data = queryClient.getQueryData(tour.queryKey);
      expectTypeOf(data).toExtend<TourAnswer | undefined>();
      expectTypeOf<TourAnswer>().toExtend<typeof data>();
      expectTypeOf(queryClient.getQueryState(tour.queryKey)?.error).toEqualTypeOf<
        ApiError | null | undefined
      >();
      expectTypeOf(getTourQueryOptions(either, { query: { slug: 'x' } })).toEqualTypeOf(tour);
    }
  });

  it('requires params when the call has a required parameter', () => {
    // @ts-expect-error: the tour call needs `slug`.
    gallopQueryOptions(client, '/spa/tour');
    // @ts-expect-error: `slugs` is not a parameter.
    gallopQueryKey('/spa/tour', { query: { slugs: 'x' } });
    gallopQueryOptions(client, '/health');
  });
});

describe('mutation options', () => {
  it('keys a mutation by its operationKeys prefix and types variables, data and error', () => {
    const start = gallopMutationOptions(client, 'post', '/crm/api/payment/start');
    expectTypeOf(start.mutationKey).toEqualTypeOf<readonly ['post', '/crm/api/payment/start']>();
    expectTypeOf(start.mutationKey).toEqualTypeOf(operationKeys.startPayment);
    expectTypeOf(startPaymentMutationOptions(throwing)).toEqualTypeOf(start);
    // The variables are the call's init: here a required body and no parameters.
    type Variables = Parameters<typeof start.mutationFn>[0];
    expectTypeOf<Variables['body']>().toExtend<Schemas['PaymentStart']>();
    expectTypeOf<Schemas['PaymentStart']>().toExtend<Variables['body']>();
    expectTypeOf<{ body: Schemas['PaymentStart'] }>().toExtend<Variables>();
    expectTypeOf<{ params?: object }>().not.toExtend<Variables>();
    expectTypeOf(start.mutationFn).returns.resolves.toEqualTypeOf<Schemas['PaymentStarted']>();

    const mutation = useMutation(start);
    expectTypeOf(mutation.error).toEqualTypeOf<ApiError | null>();
    expectTypeOf(mutation.data).toEqualTypeOf<Schemas['PaymentStarted'] | undefined>();
  });

  it('refuses variables the contract does not allow', () => {
    const mutation = useMutation(gallopMutationOptions(client, 'post', '/crm/api/user/auth'));
    mutation.mutate({ body: { login: 'a@b.c', password: 'secret' } });
    // @ts-expect-error: the login body has `login`, not `email`.
    mutation.mutate({ body: { email: 'a@b.c', password: 'secret' } });
    // @ts-expect-error: the body is required.
    mutation.mutate();
    // @ts-expect-error: login is a POST, not a DELETE.
    gallopMutationOptions(client, 'delete', '/crm/api/user/auth');
    // @ts-expect-error: GET calls have query options, not mutation options.
    gallopMutationOptions(client, 'get', '/spa/tour');
  });
});
