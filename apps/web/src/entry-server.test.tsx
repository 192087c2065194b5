// @vitest-environment node
import { Outlet, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { render, renderRouter } from './entry-server';
import { ErrorPage } from './features/errors/components/error-page/error-page';
import { HttpError, getErrorStatus } from './features/errors/http-error';
import { routerConfig } from './router';

const manifest = {
  routes: { __root__: { scripts: [{ attrs: { type: 'module', src: '/assets/entry.js' } }] } },
};
const site = { organizerUrl: 'https://partners.example.test' };
const request = (path: string) => new Request(`http://127.0.0.1${path}`);

describe('render (server-side)', () => {
  it('renders the home page document with status 200', async () => {
    const response = await render({ request: request('/'), manifest, site });
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('<title>Horseback tours with local guides | Gallop</title>');
    expect(html).toContain('Horseback tours with local guides</h1>');
    expect(html).toContain('href="https://partners.example.test/register"');
    // The client entry from the manifest, and the dehydrated site config for hydration.
    expect(html).toContain('src="/assets/entry.js"');
    expect(html).toContain('organizerUrl:"https://partners.example.test"');
  });

  it('answers unknown paths with 404 and the not-found page', async () => {
    const response = await render({ request: request('/no/such/page'), manifest, site });
    const html = await response.text();

    expect(response.status).toBe(404);
    expect(html).toContain('<title>Page not found | Gallop</title>');
    expect(html).toContain('Page not found...');
    expect(html).toContain('Back home');
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
    const createTestRouter = () =>
      createRouter({
        ...{ serializationAdapters: routerConfig.serializationAdapters },
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
