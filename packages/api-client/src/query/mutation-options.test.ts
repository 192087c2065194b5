import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createGallopClient } from '../client';
import { ApiError } from '../errors';
import { serverPerTest, testClient } from '../test-utils/http-server';
import * as query from './index';
import { gallopMutationOptions, operationKeys, startPaymentMutationOptions } from './index';

const start = serverPerTest();

const payment = { request_id: 7, payment_type: 'full', payment_method: 'card' } as const;

/** A payment server: starts request 7, refuses any other with a 409. */
const paymentServer = () =>
  start((request) =>
    (request.body as { request_id?: number } | undefined)?.request_id === 7
      ? { body: { payment_id: 70, status: 'pending' } }
      : { status: 409, body: { message: 'The booking is already paid' } },
  );

// For keys only: nothing is sent.
const offline = createGallopClient({
  baseUrl: 'http://api.test',
  locale: { iso: 'en', localizationId: 1 },
  currency: 'EUR',
});

describe('mutation options', () => {
  it("keys a mutation by its call's operationKeys prefix", () => {
    const options = gallopMutationOptions(offline, 'post', '/crm/api/payment/start');
    expect(options.mutationKey).toEqual(['post', '/crm/api/payment/start']);
    expect(options.mutationKey).toEqual(operationKeys.startPayment);
    expect(startPaymentMutationOptions(offline).mutationKey).toEqual(options.mutationKey);
  });

  it('has a generated factory for every call that is not a GET, keyed by its operationKeys entry', () => {
    const factories = query as unknown as Record<
      string,
      (client: unknown) => { mutationKey?: unknown }
    >;
    const others = Object.entries(operationKeys).filter(([, [method]]) => method !== 'get');
    expect(others.length).toBeGreaterThan(0);
    for (const [operation, key] of others) {
      expect(factories[`${operation}MutationOptions`]?.(offline).mutationKey).toEqual(key);
    }
    // GET calls have query options only.
    expect(factories.getTourMutationOptions).toBeUndefined();
  });

  it.each([true, false])(
    'sends the variables as the call and resolves with its data (throwOnError: %s)',
    async (throwOnError) => {
      const server = await paymentServer();
      const options = startPaymentMutationOptions(testClient(server, { throwOnError }));

      const observer = new MutationObserver(new QueryClient(), options);
      await expect(observer.mutate({ body: payment })).resolves.toMatchObject({ payment_id: 70 });
      expect(server.received[0]).toMatchObject({
        method: 'POST',
        path: '/crm/api/payment/start',
        body: payment,
      });
    },
  );

  it.each([true, false])(
    'fails the mutation with the ApiError (throwOnError: %s)',
    async (throwOnError) => {
      const server = await paymentServer();
      const options = startPaymentMutationOptions(testClient(server, { throwOnError }));
      const observer = new MutationObserver(new QueryClient(), options);

      const failure = await observer
        .mutate({ body: { ...payment, request_id: 8 } })
        .catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({
        kind: 'http',
        status: 409,
        message: 'The booking is already paid',
      });
      expect(observer.getCurrentResult().error).toBe(failure);
    },
  );
});
