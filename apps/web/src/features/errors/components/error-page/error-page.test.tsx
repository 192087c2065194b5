import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from '../../../../lib/api';
import { createFakeApi, unreachableApi } from '../../../../lib/testing/fake-api';
import type { SiteConfig } from '../../../../lib/site';
import { ErrorPage } from './error-page';

/** Renders the error page at /broken inside a real router, with a home route at /. */
async function renderErrorPage(
  status: number,
  fetch: (request: Request) => Promise<Response> = createFakeApi().fetch,
  site?: SiteConfig,
) {
  const queryClient = new QueryClient();
  const api = createServerApiClient({ request: new Request('http://web.test/'), fetch });
  const rootRoute = createRootRoute();
  const homeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <h1>Home page</h1>,
  });
  const brokenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/broken',
    component: () => <ErrorPage status={status} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([homeRoute, brokenRoute]),
    history: createMemoryHistory({ initialEntries: ['/broken'] }),
    context: { api, queryClient, ...(site ? { site } : {}) },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

describe('ErrorPage', () => {
  it('404: says the page is not found and "Back home" goes to / in the app', async () => {
    const router = await renderErrorPage(404);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found...');
    const home = screen.getByRole('link', { name: 'Back home' });
    expect(home).toHaveAttribute('href', '/');

    fireEvent.click(home);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('403: "Error 403" with the permission sentence and no home link', async () => {
    await renderErrorPage(403);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Error 403');
    expect(
      screen.getByText('Sorry, you do not have permission to access this page.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back home' })).not.toBeInTheDocument();
  });

  it('410: explains that the tour dates have passed', async () => {
    await renderErrorPage(410);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This page is no longer available because the tour dates have passed',
    );
  });

  it("503: advice, a refresh button and the site's phone, email and messengers", async () => {
    await renderErrorPage(503);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred');
    expect(screen.getByText(/refresh the page or contact our support team/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '+1 415 555 0134' })).toHaveAttribute(
      'href',
      'tel:+14155550134',
    );
    expect(screen.getByRole('link', { name: 'support@gallop.example' })).toHaveAttribute(
      'href',
      'mailto:support@gallop.example',
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/14155550134',
    );
  });

  it('503 with the API down: still the page, without contact buttons', async () => {
    await renderErrorPage(503, unreachableApi);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred');
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("503 with the API down since the start: the web server's own support phone and e-mail", async () => {
    await renderErrorPage(503, unreachableApi, {
      organizerUrl: 'https://partners.example.test',
      supportContacts: { phone: '+1 415 555 0100', email: 'help@gallop.example' },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred');
    expect(screen.getByRole('link', { name: /\+1 415 555 0100/ })).toHaveAttribute(
      'href',
      'tel:+14155550100',
    );
    expect(screen.getByRole('link', { name: /help@gallop\.example/ })).toHaveAttribute(
      'href',
      'mailto:help@gallop.example',
    );
  });

  it.each([500, 400, 502])('%i: "Internal Error"', async (status) => {
    await renderErrorPage(status);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Internal Error');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
