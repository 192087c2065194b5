import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { REFRESH_TOKEN_PATH } from '../paths';
import { loose } from '../test-utils/loose-client';
import { serverPerTest, testClient, type Handler } from '../test-utils/http-server';
import { createMemoryTokenStore } from '../tokens';

const start = serverPerTest();

/** A server whose only valid token is `valid`; the refresh call swaps `refresh-1` for it. */
function authServer(
  refresh: Handler = () => ({ body: { token: 'valid', refresh_token: 'refresh-2' } }),
) {
  return start((request) => {
    if (request.path === REFRESH_TOKEN_PATH) return refresh(request);
    return request.headers['x-authorization'] === 'Bearer valid'
      ? { body: { status: 'ok', uptime: 1 } }
      : { status: 401, body: { message: 'Token expired' } };
  });
}

describe('refresh on 401', () => {
  it('shares one refresh among 10 concurrent 401s and retries each call once', async () => {
    const server = await authServer((request) => ({
      delayMs: 30,
      body: request.body && { token: 'valid', refresh_token: 'refresh-2' },
    }));
    const tokenStore = createMemoryTokenStore({ token: 'expired', refreshToken: 'refresh-1' });
    const client = testClient(server, { tokenStore });

    const answers = await Promise.all(Array.from({ length: 10 }, () => client.GET('/health')));

    expect(answers.map((answer) => answer.data)).toEqual(
      Array.from({ length: 10 }, () => ({ status: 'ok', uptime: 1 })),
    );
    const refreshes = server.to(REFRESH_TOKEN_PATH);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(refreshes[0]?.headers['x-authorization']).toBe('Bearer expired');
    expect(refreshes[0]?.headers['x-currency']).toBe('EUR');
    expect(server.to('/health')).toHaveLength(20);
    expect(await tokenStore.get()).toEqual({ token: 'valid', refreshToken: 'refresh-2' });
  });

  it('retries a late 401 with the already refreshed token, without a second refresh', async () => {
    const server = await start(async (request) => {
      if (request.path === REFRESH_TOKEN_PATH) return { body: { token: 'valid' } };
      if (request.headers['x-authorization'] === 'Bearer valid') return { body: { ok: true } };
      // The slow call's 401 arrives after the fast call's refresh has finished.
      return { status: 401, body: {}, delayMs: request.query.has('slow') ? 150 : 0 };
    });
    const tokenStore = createMemoryTokenStore({ token: 'expired', refreshToken: 'r' });
    const client = loose(testClient(server, { tokenStore }));

    const slow = client.GET('/data', { params: { query: { slow: 1 } } });
    await client.GET('/data');
    await expect(slow).resolves.toMatchObject({ data: { ok: true } });

    expect(server.to(REFRESH_TOKEN_PATH)).toHaveLength(1);
    expect(server.to('/data')).toHaveLength(4);
  });

  it('clears both tokens and passes the original 401 on when the refresh fails', async () => {
    const server = await authServer(() => ({
      status: 401,
      body: { message: 'Refresh token revoked' },
    }));
    const tokenStore = createMemoryTokenStore({ token: 'expired', refreshToken: 'refresh-1' });
    const onUnauthorized = vi.fn();
    const client = testClient(server, { tokenStore, onUnauthorized });

    const results = await Promise.allSettled([client.GET('/health'), client.GET('/health')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ kind: 'http', status: 401, message: 'Token expired' });
    }
    expect(server.to(REFRESH_TOKEN_PATH)).toHaveLength(1);
    expect(server.to('/health')).toHaveLength(2);
    expect(await tokenStore.get()).toEqual({ token: null, refreshToken: null });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('clears a token that has no refresh token, without calling the server', async () => {
    const server = await authServer();
    const tokenStore = createMemoryTokenStore({ token: 'expired' });
    const client = testClient(server, { tokenStore });

    await expect(client.GET('/health')).rejects.toMatchObject({ status: 401 });
    expect(server.to(REFRESH_TOKEN_PATH)).toHaveLength(0);
    expect(await tokenStore.get()).toEqual({ token: null, refreshToken: null });
  });

  it('retries at most once: a second 401 fails without another refresh', async () => {
    const server = await start((request) =>
      request.path === REFRESH_TOKEN_PATH
        ? { body: { token: 'still-rejected' } }
        : { status: 401, body: { error: 'Unauthorized' } },
    );
    const tokenStore = createMemoryTokenStore({ token: 'expired', refreshToken: 'r' });
    const client = testClient(server, { tokenStore });

    await expect(client.GET('/health')).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
    expect(server.to('/health').map((r) => r.headers['x-authorization'])).toEqual([
      'Bearer expired',
      'Bearer still-rejected',
    ]);
    expect(server.to(REFRESH_TOKEN_PATH)).toHaveLength(1);
    expect((await tokenStore.get()).token).toBe('still-rejected');
  });

  it('does not refresh a 401 to a call sent without a token', async () => {
    const server = await authServer();
    const onUnauthorized = vi.fn();
    const client = testClient(server, { onUnauthorized });

    await expect(client.GET('/health')).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(server.to(REFRESH_TOKEN_PATH)).toHaveLength(0);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('retries a POST with its body and uses a custom refresh call', async () => {
    const server = await start((request) =>
      request.headers['x-authorization'] === 'Bearer custom'
        ? { body: { echo: request.body } }
        : { status: 401, body: {} },
    );
    const refreshToken = vi.fn(async () => ({ token: 'custom', refreshToken: 'next' }));
    const client = testClient(server, {
      tokenStore: createMemoryTokenStore({ token: 'old', refreshToken: 'prev' }),
      refreshToken,
    });

    const { data } = await loose(client).POST('/echo', { body: { tour_id: 7 } });

    expect(data).toEqual({ echo: { tour_id: 7 } });
    expect(refreshToken).toHaveBeenCalledWith({ token: 'old', refreshToken: 'prev' });
  });
});
