// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { render, renderRouter } from './entry-server';
import { createServerApiClient } from './lib/api';
import { createFakeApi, unreachableApi } from './lib/testing/fake-api';
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
