import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { favouriteTourIdsFromCookieHeader } from '@gallop/session';
import { FavouriteToggle } from './favourite-toggle';

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
});

/** `ui` at / of a router whose context carries what the server read from the cookies. */
async function renderWithVisitor(ui: ReactNode, favouriteTourIds: number[] = []) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <>{ui}</> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { visitor: { cookieAlertDismissed: false, favouriteTourIds } },
  });
  await act(() => router.load());
  render(
    <JotaiProvider>
      <RouterProvider router={router} />
    </JotaiProvider>,
  );
  return router;
}

const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');

describe('FavouriteToggle', () => {
  it('adds the tour to the favourites cookie and removes it again', async () => {
    await renderWithVisitor(<FavouriteToggle tourId={42} />);
    const add = await screen.findByRole('button', { name: 'Add to favourites' });
    expect(pressed(add)).toBe('false');

    act(() => fireEvent.click(add));
    const remove = screen.getByRole('button', { name: 'Remove from favourites' });
    expect(pressed(remove)).toBe('true');
    expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([42]);

    act(() => fireEvent.click(remove));
    expect(pressed(screen.getByRole('button', { name: 'Add to favourites' }))).toBe('false');
    expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([]);
  });

  it('starts pressed for a tour the server read from the cookie', async () => {
    await renderWithVisitor(<FavouriteToggle tourId={7} variant="labelled" />, [3, 7]);
    const button = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(pressed(button)).toBe('true');
    expect(button.textContent).toBe('Remove from favourites');
  });

  it('does not follow the card link it sits in', async () => {
    await renderWithVisitor(
      <a href="#tour">
        <FavouriteToggle tourId={1} />
      </a>,
    );
    const button = await screen.findByRole('button', { name: 'Add to favourites' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => {
      button.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
  });
});
