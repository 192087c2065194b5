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
    context: {
      visitor: { cookieAlertDismissed: false, favouriteTourIds },
      // A guest: the heart keeps the cookie only, and calls no API.
      api: { tokenStore: { signedIn: () => false } },
    },
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
  it('adds the tour to the favourites cookie and removes it again, under one name', async () => {
    await renderWithVisitor(<FavouriteToggle tourId={42} tourName="Gobi crossing" />);
    // The name says which tour and never changes; the state is aria-pressed (WCAG 4.1.2).
    const heart = await screen.findByRole('button', { name: 'Save Gobi crossing to favourites' });
    expect(pressed(heart)).toBe('false');

    act(() => fireEvent.click(heart));
    expect(screen.getByRole('button', { name: 'Save Gobi crossing to favourites' })).toBe(heart);
    expect(pressed(heart)).toBe('true');
    expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([42]);

    act(() => fireEvent.click(heart));
    expect(pressed(heart)).toBe('false');
    expect(heart).toHaveAccessibleName('Save Gobi crossing to favourites');
    expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([]);
  });

  it('tells the hearts of a page of cards apart by their tours', async () => {
    await renderWithVisitor(
      <>
        <FavouriteToggle tourId={1} tourName="Gobi crossing" />
        <FavouriteToggle tourId={2} tourName="Iceland highland trail" />
      </>,
      [2],
    );
    const hearts = await screen.findAllByRole('button');
    expect(hearts.map((heart) => [heart.getAttribute('aria-label'), pressed(heart)])).toEqual([
      ['Save Gobi crossing to favourites', 'false'],
      ['Save Iceland highland trail to favourites', 'true'],
    ]);
  });

  it('starts pressed for a tour the server read from the cookie', async () => {
    await renderWithVisitor(<FavouriteToggle tourId={7} variant="labelled" />, [3, 7]);
    const button = await screen.findByRole('button', { name: 'Save to favourites' });
    expect(pressed(button)).toBe('true');
    // The name is the words shown: what people read is what they can say.
    expect(button).not.toHaveAttribute('aria-label');
    expect(button.textContent).toBe('Save to favourites');
    act(() => fireEvent.click(button));
    expect(pressed(button)).toBe('false');
    expect(button.textContent).toBe('Save to favourites');
  });

  it('does not follow the card link it sits in', async () => {
    await renderWithVisitor(
      <a href="#tour">
        <FavouriteToggle tourId={1} tourName="Gobi crossing" />
      </a>,
    );
    const button = await screen.findByRole('button', { name: 'Save Gobi crossing to favourites' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => {
      button.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
  });
});
