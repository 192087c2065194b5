import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorPage, type SupportContacts } from './error-page';

/** Renders the error page at /broken inside a real router, with a home route at /. */
async function renderErrorPage(status: number, contacts?: SupportContacts) {
  const rootRoute = createRootRoute();
  const homeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <h1>Home page</h1>,
  });
  const brokenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/broken',
    component: () => <ErrorPage status={status} contacts={contacts} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([homeRoute, brokenRoute]),
    history: createMemoryHistory({ initialEntries: ['/broken'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 });
  return router;
}

describe('ErrorPage', () => {
  it('404: says the page is not found and "Back home" goes to /', async () => {
    const router = await renderErrorPage(404);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found...');

    fireEvent.click(screen.getByRole('button', { name: 'Back home' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('403: "Error 403" with the permission sentence and no home button', async () => {
    await renderErrorPage(403);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Error 403');
    expect(
      screen.getByText('Sorry, you do not have permission to access this page.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back home' })).not.toBeInTheDocument();
  });

  it('410: explains that the tour dates have passed', async () => {
    await renderErrorPage(410);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This page is no longer available because the tour dates have passed',
    );
  });

  it('503: "An error occurred", advice, and the support phone, email and messengers', async () => {
    await renderErrorPage(503, {
      phone: '+1 (555) 010-2030',
      email: 'help@gallop.example',
      messengers: [{ name: 'WhatsApp', url: 'https://wa.me/15550102030' }],
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred');
    expect(
      screen.getByText(/refresh the page in a minute.*contact our support team/i),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 (555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:+15550102030',
    );
    expect(screen.getByRole('link', { name: 'help@gallop.example' })).toHaveAttribute(
      'href',
      'mailto:help@gallop.example',
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/15550102030',
    );
  });

  it.each([500, 400, 502])('%i: "Internal Error"', async (status) => {
    await renderErrorPage(status);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Internal Error');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
