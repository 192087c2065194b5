import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { serverPerTest, testClient, type Reply } from '../test-utils/http-server';
import { loose } from '../test-utils/loose-client';
import { createGallopClient } from '../client';

const start = serverPerTest();

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The error a GET to `path` fails with when the server replies `reply`. */
async function errorFor(reply: Reply, path = '/data', options = {}): Promise<ApiError> {
  const server = await start(() => reply);
  return failureOf(loose(testClient(server, options)).GET(path));
}

describe('error mapping', () => {
  it('reads the message from `message`, then `error`, else the default text', async () => {
    expect(await errorFor({ status: 500, body: { message: 'Tour is archived' } })).toMatchObject({
      kind: 'http',
      status: 500,
      message: 'Tour is archived',
      title: 'Error',
    });
    expect(await errorFor({ status: 404, body: { error: 'Not found' } })).toMatchObject({
      status: 404,
      message: 'Not found',
    });
    expect(
      await errorFor({ status: 502, body: '<html>Bad gateway</html>', headers: {} }),
    ).toMatchObject({
      kind: 'http',
      status: 502,
      message: 'Please try again later',
      title: 'Error',
    });
  });

  it('keeps validation details by field, in both answer forms', async () => {
    const keyed = await errorFor({
      status: 422,
      body: {
        message: 'Invalid data',
        errors: { email: ['Please enter a valid e-mail'], phone: 'Too short' },
      },
    });
    expect(keyed.errors).toEqual({ email: ['Please enter a valid e-mail'], phone: ['Too short'] });
    expect(keyed.isValidation).toBe(true);
    const listed = await errorFor({
      status: 422,
      body: [
        { field: 'password', message: 'Minimum 8 characters' },
        { field: 'password', message: 'Do not match' },
      ],
    });
    expect(listed).toMatchObject({ status: 422, message: 'Please try again later' });
    expect(listed.errors).toEqual({ password: ['Minimum 8 characters', 'Do not match'] });
  });

  it.each(['captcha', 'hard_captcha'] as const)(
    'maps 429 with type %s to that kind and calls onCaptcha',
    async (type) => {
      const onCaptcha = vi.fn();
      const error = await errorFor(
        { status: 429, body: { type, message: 'Too many attempts' } },
        '/data',
        {
          onCaptcha,
        },
      );
      expect(error).toMatchObject({ kind: type, status: 429, message: 'Too many attempts' });
      expect(onCaptcha).toHaveBeenCalledWith(error);
    },
  );

  it('treats a 429 without a captcha type as a plain http error', async () => {
    const onCaptcha = vi.fn();
    expect(await errorFor({ status: 429, body: {} }, '/data', { onCaptcha })).toMatchObject({
      kind: 'http',
      status: 429,
    });
    expect(onCaptcha).not.toHaveBeenCalled();
  });

  it('maps a login answer of type redirect to kind redirect with its url', async () => {
    const server = await start(() => ({
      body: { type: 'redirect', url: 'https://partner.example/login' },
    }));
    const error = await failureOf(
      testClient(server).POST('/crm/api/user/auth', { body: { login: 'a', password: 'b' } }),
    );
    expect(error).toMatchObject({
      kind: 'redirect',
      status: 200,
      url: 'https://partner.example/login',
    });
  });

  it('lets other 2xx answers that mention a redirect through', async () => {
    const server = await start(() => ({ body: { type: 'redirect', url: '/x' } }));
    await expect(loose(testClient(server)).GET('/spa/other')).resolves.toMatchObject({
      data: { type: 'redirect', url: '/x' },
    });
  });

  it('raises Illegal redirect for a tour answer with a redirect, unless redirects are allowed', async () => {
    const server = await start(() => ({
      body: { type: 'redirect', url: '/tours/new-slug', status: 301 },
    }));
    const tour = { params: { query: { slug: 'old-slug' } } };
    const error = await failureOf(testClient(server).GET('/spa/tour', tour));
    expect(error).toMatchObject({
      kind: 'redirect',
      message: 'Illegal redirect',
      url: '/tours/new-slug',
    });

    const allowed = testClient(server, { allowRedirects: true });
    await expect(allowed.GET('/spa/tour', tour)).resolves.toMatchObject({
      data: { type: 'redirect', url: '/tours/new-slug' },
    });
  });

  it('raises Illegal redirect when the tour call was answered through an HTTP redirect', async () => {
    const server = await start((request) =>
      request.path === '/spa/tour'
        ? { status: 301, headers: { location: '/spa/tour-moved' } }
        : { body: { id: 1 } },
    );
    const error = await failureOf(
      testClient(server).GET('/spa/tour', { params: { query: { slug: 'moved' } } }),
    );
    expect(error).toMatchObject({ kind: 'redirect', message: 'Illegal redirect' });
    expect(error.url).toBe(`${server.url}/spa/tour-moved`);
  });

  it('maps a refused connection to kind network', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const client = createGallopClient({
      baseUrl: `http://127.0.0.1:${port}`,
      locale: { iso: 'en', localizationId: 1 },
      currency: 'EUR',
    });
    expect(await failureOf(client.GET('/health'))).toMatchObject({ kind: 'network', status: 0 });
  });

  it('maps a slow answer to kind timeout', async () => {
    const error = await errorFor({ delayMs: 500, body: {} }, '/data', { timeout: 50 });
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
  });

  it("maps the caller's abort to kind abort", async () => {
    const server = await start(() => ({ delayMs: 500, body: {} }));
    const controller = new AbortController();
    const call = loose(testClient(server, { timeout: 5000 })).GET('/data', {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    expect(await failureOf(call)).toMatchObject({ kind: 'abort', status: 0 });
  });

  it('does not let a failing hook replace the error', async () => {
    const onCaptcha = vi.fn(() => {
      throw new Error('hook broke');
    });
    expect(
      await errorFor({ status: 429, body: { type: 'captcha' } }, '/data', { onCaptcha }),
    ).toMatchObject({ kind: 'captcha' });
  });
});
