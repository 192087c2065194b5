import { CancelledError, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { serverPerTest, testClient } from '../test-utils/http-server';
import {
  gallopInfiniteQueryKey,
  gallopInfiniteQueryOptions,
  gallopQueryKey,
  gallopQueryOptions,
  getTourQueryOptions,
  healthKeys,
  healthQueryOptions,
  operationKeys,
  operationQueryKey,
  tourKeys,
  tourQueryOptions,
} from './index';

const start = serverPerTest();

describe('query options', () => {
  it('keys a GET call by [method, path, params] and fetches it through the client', async () => {
    const server = await start(() => ({ body: { status: 'ok', uptime: 3 } }));
    const client = testClient(server, { currency: 'USD' });
    const queryClient = new QueryClient();

    const options = healthQueryOptions(client);
    expect(options.queryKey).toEqual(['get', '/health']);
    expect(healthKeys.all).toEqual(options.queryKey);

    await expect(queryClient.fetchQuery(options)).resolves.toEqual({ status: 'ok', uptime: 3 });
    // Cached under the key: the second read does not call the server.
    await queryClient.fetchQuery({ ...options, staleTime: Infinity });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers['x-currency']).toBe('USD');
    expect(queryClient.getQueryData(healthKeys.all)).toEqual({ status: 'ok', uptime: 3 });
  });

  it('puts params in the key, below the path, so the path prefix invalidates them all', () => {
    const key = gallopQueryKey('/health', { query: undefined });
    expect(key).toEqual(['get', '/health', { query: undefined }]);
    expect(key.slice(0, 2)).toEqual(gallopQueryKey('/health'));
  });

  it('names tour queries by slug and invalidates them all through tourKeys.all', async () => {
    const server = await start((request) => ({
      body: { slug: request.query.get('slug'), program: request.query.get('expand_program') },
    }));
    const client = testClient(server);
    const queryClient = new QueryClient();

    const iceland = tourQueryOptions(client, 'iceland', { expand_program: 1 });
    expect(iceland.queryKey).toEqual(tourKeys.detail('iceland', { expand_program: 1 }));
    expect(iceland.queryKey).toEqual([
      'get',
      '/spa/tour',
      { query: { slug: 'iceland', expand_program: 1 } },
    ]);
    // The generated factory and the generic one build the same key.
    expect(getTourQueryOptions(client, { query: { slug: 'x' } }).queryKey).toEqual(
      gallopQueryOptions(client, '/spa/tour', { query: { slug: 'x' } }).queryKey,
    );
    expect(operationKeys.getTour).toEqual(tourKeys.all);

    expect(await queryClient.fetchQuery(iceland)).toEqual({ slug: 'iceland', program: '1' });
    await queryClient.fetchQuery(tourQueryOptions(client, 'mongolia'));
    await queryClient.invalidateQueries({ queryKey: tourKeys.all });
    const states = queryClient
      .getQueryCache()
      .findAll({ queryKey: tourKeys.all })
      .map((query) => query.state.isInvalidated);
    expect(states).toEqual([true, true]);
  });

  it('keys queries built on other calls by the operation prefix, so the prefix invalidates them', async () => {
    expect(operationKeys.startPayment).toEqual(['post', '/crm/api/payment/start']);
    const key = operationQueryKey(operationKeys.startPayment, { request_id: 7, attempt: 1 });
    expect(key).toEqual(['post', '/crm/api/payment/start', { request_id: 7, attempt: 1 }]);
    // For a GET call it is the factory's own key.
    expect(operationQueryKey(operationKeys.getTour, { query: { slug: 'x' } })).toEqual(
      gallopQueryKey('/spa/tour', { query: { slug: 'x' } }),
    );

    const queryClient = new QueryClient();
    queryClient.setQueryData(key, 'first');
    queryClient.setQueryData(operationQueryKey(operationKeys.startPayment, { attempt: 2 }), 'next');
    await queryClient.invalidateQueries({ queryKey: operationKeys.startPayment });
    const states = queryClient
      .getQueryCache()
      .findAll({ queryKey: operationKeys.startPayment })
      .map((query) => query.state.isInvalidated);
    expect(states).toEqual([true, true]);
  });

  it('reads a call page by page under its prefix, apart from the entry of one page', async () => {
    const server = await start((request) => {
      const offset = Number(request.query.get('offset'));
      const items = offset < 4 ? [{ id: offset + 1 }, { id: offset + 2 }] : [];
      return { body: { items, total: 4, limit: request.query.get('limit') } };
    });
    const queryClient = new QueryClient();
    const options = gallopInfiniteQueryOptions(
      testClient(server),
      '/crm/api/chat/list',
      { query: { limit: 2 } },
      {
        param: 'offset',
        initialPageParam: 0,
        getNextPageParam: (last, all) => {
          const loaded = all.reduce((sum, page) => sum + page.items.length, 0);
          return loaded < last.total ? loaded : undefined;
        },
      },
    );
    expect(options.queryKey).toEqual([
      'get',
      '/crm/api/chat/list',
      { query: { limit: 2 } },
      'pages',
    ]);
    expect(options.queryKey).toEqual(
      gallopInfiniteQueryKey('/crm/api/chat/list', { query: { limit: 2 } }),
    );
    expect(options.queryKey.slice(0, 2)).toEqual(operationKeys.listChats);

    await queryClient.fetchInfiniteQuery(options);
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(data.pages.map((page) => page.items.map((item) => item.id))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(data.pageParams).toEqual([0, 2]);
    expect(server.received.map((request) => request.query.get('offset'))).toEqual(['0', '0', '2']);
    expect(server.received.every((request) => request.query.get('limit') === '2')).toBe(true);
  });

  it.each([true, false])(
    'fails the query with the ApiError (throwOnError: %s)',
    async (throwOnError) => {
      const server = await start(() => ({ status: 503, body: { message: 'Down' } }));
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const client = testClient(server, { throwOnError });

      const failures = await Promise.all([
        queryClient
          .fetchQuery(gallopQueryOptions(client, '/health'))
          .catch((error: unknown) => error),
        queryClient.fetchQuery(healthQueryOptions(client)).catch((error: unknown) => error),
        queryClient
          .fetchQuery(getTourQueryOptions(client, { query: { slug: 'x' } }))
          .catch((error: unknown) => error),
      ]);
      for (const failure of failures) {
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure).toMatchObject({ kind: 'http', status: 503, message: 'Down' });
      }
      const pages = gallopInfiniteQueryOptions(
        client,
        '/crm/api/chat/list',
        {},
        { param: 'offset', initialPageParam: 0, getNextPageParam: () => undefined },
      );
      const failure = await queryClient.fetchInfiniteQuery(pages).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 503, message: 'Down' });
    },
  );

  it('reads the data through a client of the default mode', async () => {
    const server = await start(() => ({ body: { status: 'ok', uptime: 5 } }));
    const options = healthQueryOptions(testClient(server, { throwOnError: false }));
    expect(await new QueryClient().fetchQuery(options)).toEqual({ status: 'ok', uptime: 5 });
  });

  it('aborts the HTTP call when react-query cancels the query', async () => {
    const server = await start(() => ({ delayMs: 300, body: { status: 'ok', uptime: 1 } }));
    const queryClient = new QueryClient();
    const options = healthQueryOptions(testClient(server));

    const pending = queryClient.fetchQuery(options).catch((error: unknown) => error);
    await vi.waitFor(() => expect(server.received).toHaveLength(1));
    await queryClient.cancelQueries({ queryKey: options.queryKey });

    expect(await pending).toBeInstanceOf(CancelledError);
    await vi.waitFor(() => expect(server.received[0]?.abandoned).toBe(true));
  });
});
