// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { render, renderRouter, type RenderOptions } from './entry-server';
import { createServerApiClient } from './lib/api';
import { createFakeApi, unreachableApi } from './lib/testing/fake-api';
import { traveller } from './features/shell/testing/account-api';
import { ErrorPage } from './features/errors/components/error-page/error-page';
import { HttpError, getErrorStatus } from './lib/http-error';
import { routerConfig } from './router';

const manifest = {
  routes: { __root__: { scripts: [{ attrs: { type: 'module', src: '/assets/entry.js' } }] } },
};
const site = { organizerUrl: 'https://partners.example.test' };
const request = (path: string) => new Request(`http://127.0.0.1${path}`);

describe('render (server-side)', () => {
  it('renders the home page with the API data and status 200', async () => {
    const api = createFakeApi();
    const response = await render({ request: request('/'), manifest, site, apiFetch: api.fetch });
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('<title>Horseback tours with local guides | Gallop</title>');
    expect(html).toContain('Horseback tours with local guides</h1>');
    expect(html).toContain('Thar Desert Riding Expedition');
    expect(html).toContain('US$1,134');
    expect(html).toContain('href="https://partners.example.test/register"');
    // The shell: sections, organizer links, and the footer contacts and socials from the API.
    expect(html).toContain('href="/destinations"');
    expect(html).toMatch(
      /href="https:\/\/partners.example.test\/login"[^>]*><span class="gk-button__label">Organizer login</,
    );
    // Signed out: the header offers the travellers' sign-in.
    expect(html).toMatch(/href="\/login"[^>]*>/);
    expect(html).toContain('href="tel:+14155550134"');
    expect(html).toContain('support@gallop.example');
    expect(html).toContain('href="https://www.instagram.com/gallop"');
    expect(html).toContain('<option value="GBP">GBP</option>');
    // The client entry from the manifest, and the dehydrated site config for hydration.
    expect(html).toContain('src="/assets/entry.js"');
    expect(html).toContain('organizerUrl:"https://partners.example.test"');
  });

  it("asks the API in the visitor's currency (cookie i18n_currency)", async () => {
    const api = createFakeApi();
    const withCookie = new Request('http://127.0.0.1/', {
      headers: { cookie: 'i18n_currency=EUR' },
    });
    await (await render({ request: withCookie, manifest, site, apiFetch: api.fetch })).text();
    expect(api.seen.length).toBeGreaterThan(0);
    expect(new Set(api.seen.map((call) => call.headers.get('X-Currency')))).toEqual(
      new Set(['EUR']),
    );
  });

  // Decision 166: a production site with only some rates loaded; the API answers 422 for others.
  it('renders in the default offered currency when the cookie names one the API does not offer', async () => {
    const api = createFakeApi();
    const strictApi = async (call: Request) => {
      const currency = call.headers.get('X-Currency');
      const { pathname } = new URL(call.url);
      if (
        pathname !== '/spa/info' &&
        currency !== 'USD' &&
        currency !== 'EUR' &&
        currency !== 'GBP'
      ) {
        return Response.json({ message: `Currency ${currency} is not supported` }, { status: 422 });
      }
      return api.fetch(call);
    };
    const withCookie = new Request('http://127.0.0.1/', {
      headers: { cookie: 'i18n_currency=CHF' },
    });
    const response = await render({ request: withCookie, manifest, site, apiFetch: strictApi });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('US$1,134');
    const after = api.seen.filter((call) => new URL(call.url).pathname !== '/spa/info');
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after.map((call) => call.headers.get('X-Currency')))).toEqual(new Set(['USD']));
  });

  it('answers unknown paths with 404 and the not-found page', async () => {
    const api = createFakeApi();
    const response = await render({
      request: request('/no/such/page'),
      manifest,
      site,
      apiFetch: api.fetch,
    });
    const html = await response.text();

    expect(response.status).toBe(404);
    expect(html).toContain('<title>Page not found | Gallop</title>');
    expect(html).toContain('Page not found...');
    expect(html).toContain('Back home');
  });

  it('answers 503 with the support page when the API is down or failing', async () => {
    for (const apiFetch of [unreachableApi, async () => Response.json({}, { status: 500 })]) {
      const response = await render({ request: request('/'), manifest, site, apiFetch });
      const html = await response.text();
      expect(response.status).toBe(503);
      expect(html).toContain('<title>Something went wrong | Gallop</title>');
      expect(html).toContain('An error occurred</h1>');
      expect(html).toContain('Refresh the page');
    }
  });

  it('sends the status an HttpError carries, and 500 for other errors', async () => {
    const rootRoute = createRootRoute({
      component: () => (
        <html lang="en">
          <body>
            <Outlet />
          </body>
        </html>
      ),
    });
    // The error page reads the site's contacts: it needs the API client and a QueryClient.
    const queryClient = new QueryClient();
    const api = createServerApiClient({ request: request('/'), fetch: createFakeApi().fetch });
    const createTestRouter = () =>
      createRouter({
        ...{ serializationAdapters: routerConfig.serializationAdapters },
        context: { api, queryClient },
        Wrap: ({ children }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        ),
        defaultErrorComponent: ({ error }) => <ErrorPage status={getErrorStatus(error)} />,
        routeTree: rootRoute.addChildren([
          createRoute({
            getParentRoute: () => rootRoute,
            path: '/gone',
            loader: () => {
              throw new HttpError(410);
            },
          }),
          createRoute({
            getParentRoute: () => rootRoute,
            path: '/broken',
            loader: () => {
              throw new Error('database down');
            },
          }),
        ]),
      });

    const gone = await renderRouter({
      request: request('/gone'),
      manifest,
      createRouter: createTestRouter,
    });
    const goneHtml = await gone.text();
    expect(gone.status).toBe(410);
    expect(goneHtml).toContain(
      'This page is no longer available because the tour dates have passed</h1>',
    );
    // The error crosses to the browser through the HttpError adapter, status included.
    expect(goneHtml).toContain('gallop-http-error');

    const broken = await renderRouter({
      request: request('/broken'),
      manifest,
      createRouter: createTestRouter,
    });
    expect(broken.status).toBe(500);
    expect(await broken.text()).toContain('Internal Error</h1>');
  });
});

describe('session cookies of a server render', () => {
  /** The fake API, where `access-2` is the only valid access token and `refresh-1` refreshes to it. */
  function sessionApi() {
    const fake = createFakeApi();
    const refreshed: string[] = [];
    const fetch = async (call: Request): Promise<Response> => {
      const path = new URL(call.url).pathname;
      if (path === '/crm/api/user/refresh-token') {
        const { refresh_token: token } = (await call.json()) as { refresh_token: string };
        refreshed.push(token);
        return token === 'refresh-1'
          ? Response.json({ token: 'access-2', refresh_token: 'refresh-2' })
          : Response.json({ message: 'Unauthorized' }, { status: 401 });
      }
      if (path === '/crm/api/user/profile') {
        return call.headers.get('X-Authorization') === 'Bearer access-2'
          ? Response.json(traveller())
          : Response.json({ message: 'Unauthorized' }, { status: 401 });
      }
      return fake.fetch(call);
    };
    return { fetch, refreshed };
  }
  /** Renders the home page for a visitor with `cookie`, reading the whole body. */
  async function renderFor(
    cookie: string,
    options: Omit<RenderOptions, 'request' | 'manifest' | 'site'>,
  ) {
    const request = new Request('http://127.0.0.1/', { headers: { cookie } });
    const response = await render({ request, manifest, site, ...options });
    await response.text();
    return response;
  }

  it('writes rotated tokens as HttpOnly cookies with the marker, Secure under https', async () => {
    const api = sessionApi();
    for (const secure of [false, true]) {
      const response = await renderFor(
        'auth_token=access-1; auth_refresh_token=refresh-1; gallop_signed_in=1',
        { apiFetch: api.fetch, secure },
      );
      const flags = secure ? 'HttpOnly; Secure; SameSite=Lax' : 'HttpOnly; SameSite=Lax';
      expect(response.headers.getSetCookie()).toEqual([
        `auth_token=access-2; Max-Age=2592000; Path=/; ${flags}`,
        `auth_refresh_token=refresh-2; Max-Age=2592000; Path=/; ${flags}`,
        `gallop_signed_in=1; Max-Age=2592000; Path=/; ${secure ? 'Secure; ' : ''}SameSite=Lax`,
      ]);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it("refreshes through the web server's shared refresh when it is given", async () => {
    const api = sessionApi();
    const shared: string[] = [];
    const response = await renderFor(
      'auth_token=access-1; auth_refresh_token=refresh-9; gallop_signed_in=1',
      {
        apiFetch: api.fetch,
        refreshSession: async (refreshToken) => {
          shared.push(refreshToken);
          return { token: 'access-2', refreshToken: 'refresh-10' };
        },
      },
    );
    expect(shared).toEqual(['refresh-9']);
    expect(api.refreshed).toEqual([]);
    expect(response.headers.getSetCookie()[1]).toContain('auth_refresh_token=refresh-10;');
  });

  it('rewrites token cookies that lack the marker as HttpOnly, and drops a marker without tokens', async () => {
    const { fetch } = sessionApi();
    const legacy = await renderFor('auth_token=access-2; auth_refresh_token=refresh-2', {
      apiFetch: fetch,
    });
    expect(legacy.headers.getSetCookie()).toEqual([
      'auth_token=access-2; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
      'auth_refresh_token=refresh-2; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
      'gallop_signed_in=1; Max-Age=2592000; Path=/; SameSite=Lax',
    ]);
    const stale = await renderFor('gallop_signed_in=1', { apiFetch: fetch });
    expect(stale.headers.getSetCookie()).toEqual([
      'gallop_signed_in=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });
});
