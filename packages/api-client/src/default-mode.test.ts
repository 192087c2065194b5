// The default mode (openapi-fetch's contract): every rule of the README table still applies, a
// failed answer resolves to `{ error, response }`, and only a call without an answer rejects.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { COMPLETION_PATH, CONVERT_PRICE_PATH, REFRESH_TOKEN_PATH } from './paths';
import { serverPerTest, testClient, type ReceivedRequest } from './test-utils/http-server';
import { createMemoryTokenStore } from './tokens';
import { unwrap } from './unwrap';

const start = serverPerTest();

const tour = { params: { query: { slug: 'moved' } } };
const login = { body: { login: 'a@b.c', password: 'secret' } };

describe('the default mode', () => {
  it('resolves a 2xx answer to { data, response } without an error', async () => {
    const server = await start(() => ({ body: { status: 'ok', uptime: 2 } }));
    const result = await testClient(server, { throwOnError: false }).GET('/health');

    expect(result.data).toEqual({ status: 'ok', uptime: 2 });
    expect(result.error).toBeUndefined();
    expect(result.response.status).toBe(200);
  });

  it("resolves a 4xx answer to { error, response }, the error being the answer's body", async () => {
    const server = await start(() => ({
      status: 409,
      body: { message: 'You can review this tour once it has ended', opens_on: '2027-01-10' },
    }));
    const client = testClient(server, { throwOnError: false });

    const result = await client.GET('/crm/api/review/get-by-uuid', {
      params: { query: { uuid: 'u-1' } },
    });

    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({
      message: 'You can review this tour once it has ended',
      opens_on: '2027-01-10',
    });
    expect(result.response.status).toBe(409);
    // The body is left unread for the caller.
    expect(await result.response.json()).toMatchObject({ opens_on: '2027-01-10' });
  });

  it('always sets message and normalizes validation details, as the ApiError reads them', async () => {
    const server = await start((request) =>
      request.path === '/health'
        ? { status: 502, body: undefined, headers: { 'content-type': 'text/html' } }
        : {
            status: 422,
            body: { error: 'Invalid', errors: [{ field: 'login', message: 'Taken' }] },
          },
    );
    const client = testClient(server, { throwOnError: false });

    const empty = await client.GET('/health');
    expect(empty.error).toEqual({ message: 'Please try again later' });
    const invalid = await client.POST('/crm/api/user/auth', login);
    expect(invalid.error).toEqual({
      error: 'Invalid',
      message: 'Invalid',
      errors: { login: ['Taken'] },
    });
  });

  it('refreshes the token once for concurrent 401s and resolves with the retried answer', async () => {
    const server = await start((request) => {
      if (request.path === REFRESH_TOKEN_PATH) return { delayMs: 30, body: { token: 'valid' } };
      return request.headers['x-authorization'] === 'Bearer valid'
        ? { body: { status: 'ok', uptime: 1 } }
        : { status: 401, body: { message: 'Token expired' } };
    });
    const tokenStore = createMemoryTokenStore({ token: 'expired', refreshToken: 'r' });
    const client = testClient(server, { throwOnError: false, tokenStore });

    const results = await Promise.all([1, 2, 3].map(() => client.GET('/health')));

    expect(results.map((result) => [result.data, result.error])).toEqual(
      [1, 2, 3].map(() => [{ status: 'ok', uptime: 1 }, undefined]),
    );
    expect(server.to(REFRESH_TOKEN_PATH)).toHaveLength(1);
    expect(server.to('/health')).toHaveLength(6);
  });

  it('resolves the original 401 when the refresh fails, clearing the tokens', async () => {
    const server = await start((request) =>
      request.path === REFRESH_TOKEN_PATH
        ? { status: 400, body: { message: 'Unknown refresh token' } }
        : { status: 401, body: { message: 'Token expired' } },
    );
    const tokenStore = createMemoryTokenStore({ token: 'expired', refreshToken: 'r' });
    const onUnauthorized = vi.fn();
    const client = testClient(server, { throwOnError: false, tokenStore, onUnauthorized });

    const result = await client.GET('/health');

    expect(result.error).toEqual({ message: 'Token expired' });
    expect(result.response.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(await tokenStore.get()).toEqual({ token: null, refreshToken: null });
  });

  it('solves a captcha and resolves with the answer to the call sent again', async () => {
    const server = await start((request: ReceivedRequest) =>
      request.headers['x-captcha'] === 'good'
        ? { body: { token: 't', refresh_token: 'r' } }
        : { status: 429, body: { message: 'Too many requests', type: 'hard_captcha' } },
    );
    const solveCaptcha = vi.fn(async () => 'good');
    const client = testClient(server, { throwOnError: false, solveCaptcha });

    const result = await client.POST('/crm/api/user/auth', login);

    expect(result.data).toEqual({ token: 't', refresh_token: 'r' });
    expect(solveCaptcha).toHaveBeenCalledWith('hard_captcha', expect.any(Request));
    expect(server.received.map((request) => request.headers['x-captcha'])).toEqual([
      undefined,
      'good',
    ]);
  });

  it('resolves a second 429 to the captcha error and calls onCaptcha', async () => {
    const server = await start(() => ({
      status: 429,
      body: { message: 'Too many requests', type: 'captcha' },
    }));
    const onCaptcha = vi.fn();
    const client = testClient(server, {
      throwOnError: false,
      solveCaptcha: async () => 'used',
      onCaptcha,
    });

    const result = await client.POST('/crm/api/user/auth', login);

    expect(result.error).toEqual({ message: 'Too many requests', type: 'captcha' });
    expect(server.received).toHaveLength(2);
    expect(onCaptcha).toHaveBeenCalledWith(expect.objectContaining({ kind: 'captcha' }));
  });

  it("resolves the tour's redirect to the 'Illegal redirect' error unless redirects are allowed", async () => {
    const server = await start(() => ({ body: { type: 'redirect', url: '/tours/new-slug' } }));

    const refused = await testClient(server, { throwOnError: false }).GET('/spa/tour', tour);
    expect(refused.error).toEqual({
      message: 'Illegal redirect',
      type: 'redirect',
      url: '/tours/new-slug',
    });
    expect(refused.response.status).toBe(200);

    const allowed = await testClient(server, { throwOnError: false, allowRedirects: true }).GET(
      '/spa/tour',
      tour,
    );
    expect(allowed.data).toEqual({ type: 'redirect', url: '/tours/new-slug' });
  });

  it("resolves a sign-in's redirect answer to an error carrying its url", async () => {
    const server = await start(() => ({ body: { type: 'redirect', url: '/partner' } }));
    const result = await testClient(server, { throwOnError: false }).POST(
      '/crm/api/user/auth',
      login,
    );
    expect(result.error).toMatchObject({ type: 'redirect', url: '/partner' });
  });

  it('rejects a superseded completion with kind abort: it has no answer', async () => {
    const server = await start((request) => ({
      delayMs: 100,
      body: { data: [request.query.get('phrase')] },
    }));
    const client = testClient(server, { throwOnError: false });
    const phrase = (value: string) => ({ params: { query: { phrase: value, limit: 5 } } });

    const first = client.GET(COMPLETION_PATH, phrase('mon'));
    const second = client.GET(COMPLETION_PATH, phrase('mong'));

    await expect(first).rejects.toMatchObject({ name: 'ApiError', kind: 'abort' });
    await expect(second).resolves.toMatchObject({ data: { data: ['mong'] } });
  });

  it('answers a repeated price conversion from the cache', async () => {
    const server = await start((request) => ({
      body: { result: Number(request.query.get('amount')) * 2 },
    }));
    const client = testClient(server, { throwOnError: false });
    const convert = { params: { query: { from_currency: 'EUR', to_currency: 'USD', amount: 5 } } };

    expect((await client.GET(CONVERT_PRICE_PATH, convert)).data).toEqual({ result: 10 });
    expect((await client.GET(CONVERT_PRICE_PATH, convert)).data).toEqual({ result: 10 });
    expect(server.received).toHaveLength(1);
  });

  it('rejects a call without an answer in time with kind timeout', async () => {
    const server = await start(() => ({ delayMs: 300, body: {} }));
    const failure = await testClient(server, { throwOnError: false, timeout: 30 })
      .GET('/health')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'timeout', status: 0 });
  });
});

/** What `run` throws, or undefined. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('unwrap', () => {
  it('gives the data of a success, in both modes', async () => {
    const server = await start(() => ({ body: { status: 'ok', uptime: 4 } }));
    expect(unwrap(await testClient(server, { throwOnError: false }).GET('/health'))).toEqual({
      status: 'ok',
      uptime: 4,
    });
    expect(unwrap(await testClient(server).GET('/health'))).toEqual({ status: 'ok', uptime: 4 });
  });

  it('throws the ApiError the throwing mode rejects with', async () => {
    const server = await start(() => ({
      status: 429,
      body: { message: 'Too many requests', type: 'captcha' },
    }));
    const result = await testClient(server, { throwOnError: false }).GET('/spa/tour', tour);
    const thrown = thrownBy(() => unwrap(result));
    const rejected = await testClient(server)
      .GET('/spa/tour', tour)
      .catch((error: unknown) => error);

    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      kind: 'captcha',
      status: 429,
      message: 'Too many requests',
      method: 'GET',
      requestUrl: `${server.url}/spa/tour?slug=moved`,
    });
    // The very error the middleware made, found by the answer: a copy of the result finds it too.
    expect(thrownBy(() => unwrap({ ...result }))).toBe(thrown);
    const fields = (error: unknown) => {
      const { kind, status, message, method, requestUrl, body } = error as ApiError;
      return { kind, status, message, method, requestUrl, body };
    };
    expect(fields(thrown)).toEqual(fields(rejected));
  });

  it('throws an http ApiError for a failed result it did not see made', () => {
    const result = { error: { message: 'Gone' }, response: new Response(null, { status: 410 }) };
    expect(() => unwrap(result)).toThrowError(
      expect.objectContaining({ kind: 'http', status: 410, body: { message: 'Gone' } }),
    );
  });
});
