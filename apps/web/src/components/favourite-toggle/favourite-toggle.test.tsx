import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gallop/api-client';
import { favouriteTourIdsFromCookieHeader, MAX_FAVOURITE_TOURS } from '@gallop/session';
import { FavouriteToggle } from './favourite-toggle';

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
  vi.useRealTimers();
});

/** A guest: the heart keeps the cookie only, and calls no API. */
const guestApi = { tokenStore: { signedIn: () => false } };

/** `ui` at / of a router whose context carries what the server read from the cookies. */
async function renderWithVisitor(
  ui: ReactNode,
  favouriteTourIds: number[] = [],
  api: object = guestApi,
) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <>{ui}</> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: {
      visitor: { cookieAlertDismissed: false, favouriteTourIds },
      api,
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

  describe('with a full list', () => {
    const FULL = 'You can keep up to 200 favourites. Remove one to add another.';
    /** A full list of the widest ids: tours 1000000001 and on. */
    const full = Array.from({ length: MAX_FAVOURITE_TOURS }, (_, n) => 1_000_000_001 + n);

    it('adds nothing and says why in an alert; a removal makes room again', async () => {
      await renderWithVisitor(
        <>
          <FavouriteToggle tourId={42} tourName="Gobi crossing" />
          <FavouriteToggle tourId={full[0]!} tourName="Iceland highland trail" />
        </>,
        full,
      );
      const heart = await screen.findByRole('button', { name: 'Save Gobi crossing to favourites' });
      expect(screen.queryByRole('alert')).toBeNull();

      act(() => fireEvent.click(heart));
      expect(pressed(heart)).toBe('false');
      expect(screen.getByRole('alert')).toHaveTextContent(FULL);
      // Nothing was written to the cookie.
      expect(document.cookie).not.toContain('favorite_tours');

      const saved = screen.getByRole('button', {
        name: 'Save Iceland highland trail to favourites',
      });
      act(() => fireEvent.click(saved));
      expect(pressed(saved)).toBe('false');
      act(() => fireEvent.click(heart));
      expect(pressed(heart)).toBe('true');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([...full.slice(1), 42]);
    });

    it('shows the alert for a few seconds, and again on the next press', async () => {
      await renderWithVisitor(<FavouriteToggle tourId={7} variant="labelled" />, full);
      const button = await screen.findByRole('button', { name: 'Save to favourites' });
      vi.useFakeTimers();
      act(() => fireEvent.click(button));
      const first = screen.getByRole('alert');
      expect(first).toHaveTextContent(FULL);
      act(() => vi.advanceTimersByTime(8000));
      expect(screen.queryByRole('alert')).toBeNull();

      act(() => fireEvent.click(button));
      act(() => fireEvent.click(button));
      // Put in anew for each press, so a screen reader says it each time.
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(screen.getByRole('alert')).not.toBe(first);
    });

    it("takes back a signed-in add the server refuses, with the server's words", async () => {
      const POST = vi.fn(() =>
        Promise.reject(new ApiError({ kind: 'http', status: 422, message: FULL })),
      );
      await renderWithVisitor(<FavouriteToggle tourId={42} tourName="Gobi crossing" />, [5], {
        tokenStore: { signedIn: () => true },
        POST,
      });
      const heart = await screen.findByRole('button', { name: 'Save Gobi crossing to favourites' });
      act(() => fireEvent.click(heart));
      expect(POST).toHaveBeenCalledWith('/crm/api/favourite-tour/create', {
        body: { tour_id: 42 },
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(FULL);
      expect(pressed(heart)).toBe('false');
      expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([5]);
    });

    it('keeps a signed-in add the server failed to save for another reason', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const POST = vi.fn(() => Promise.reject(new ApiError({ kind: 'network' })));
      await renderWithVisitor(<FavouriteToggle tourId={42} tourName="Gobi crossing" />, [], {
        tokenStore: { signedIn: () => true },
        POST,
      });
      const heart = await screen.findByRole('button', { name: 'Save Gobi crossing to favourites' });
      act(() => fireEvent.click(heart));
      await waitFor(() => expect(warn).toHaveBeenCalledOnce());
      expect(pressed(heart)).toBe('true');
      expect(screen.queryByRole('alert')).toBeNull();
      warn.mockRestore();
    });
  });
});
