import { describe, expect, it, vi } from 'vitest';
import { createGallopClient } from './client';
import { ApiError } from './errors';
import { serverPerTest, testClient } from './test-utils/http-server';
import { createMemoryTokenStore } from './tokens';

const start = serverPerTest();

describe('createGallopClient', () => {
  it('sends the spec headers on every call and resolves with the answer', async () => {
    const server = await start(() => ({ body: { status: 'ok', uptime: 1.5 } }));
    const client = createGallopClient({
      baseUrl: server.url,
      locale: { iso: 'en', localizationId: 1 },
      currency: 'EUR',
      tokenStore: createMemoryTokenStore({ token: 'abc' }),
    });

    const { data } = await client.GET('/health');

    expect(data).toEqual({ status: 'ok', uptime: 1.5 });
    const [request] = server.received;
    expect(request?.path).toBe('/health');
    expect(request?.headers).toMatchObject({
      'x-language': 'en',
      'x-localization': '1',
      'x-currency': 'EUR',
      'x-authorization': 'Bearer abc',
      'x-client-role': 'client',
    });
  });

  it('reads changing locale, currency and token at call time; omits auth without a token', async () => {
    const server = await start(() => ({ body: { status: 'ok', uptime: 1 } }));
    let currency = 'USD';
    const client = testClient(server, {
      locale: () => ({ iso: 'ru', localizationId: 2 }),
      currency: () => currency,
      sendClientRole: false,
    });

    await client.GET('/health');
    currency = 'CNY';
    await client.tokenStore.set({ token: 't1', refreshToken: null });
    await client.GET('/health');

    expect(server.received.map((r) => r.headers['x-currency'])).toEqual(['USD', 'CNY']);
    expect(server.received.map((r) => r.headers['x-authorization'])).toEqual([
      undefined,
      'Bearer t1',
    ]);
    expect(server.received[0]?.headers['x-language']).toBe('ru');
    expect(server.received[0]?.headers['x-client-role']).toBeUndefined();
  });

  it('uses a custom fetch (SSR) for every call', async () => {
    const fetch = vi.fn(
      async (_request: Request) =>
        new Response(JSON.stringify({ status: 'ok', uptime: 2 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const client = createGallopClient({
      baseUrl: 'http://api.test/',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'EUR',
      fetch,
    });

    await expect(client.GET('/health')).resolves.toMatchObject({ data: { uptime: 2 } });
    expect(fetch.mock.calls[0]?.[0].url).toBe('http://api.test/health');
  });

  it('rejects with an ApiError instead of resolving with { error }', async () => {
    const server = await start(() => ({ status: 503, body: { message: 'Shutting down' } }));
    const failure = await testClient(server)
      .GET('/health')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 503, message: 'Shutting down' });
  });
});
