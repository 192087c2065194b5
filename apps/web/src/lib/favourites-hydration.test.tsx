import {
  RouterContextProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { waitFor } from '@testing-library/react';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { favouriteTourIdsAtom, useFavouriteTourIds } from './favourites';

function SavedCount() {
  return <p>{`${useFavouriteTourIds().length} saved`}</p>;
}

/** SavedCount under a router whose context holds what the server read from the cookie: [1]. */
function part(store: ReturnType<typeof createStore>) {
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { visitor: { cookieAlertDismissed: false, favouriteTourIds: [1] } },
  });
  return (
    <JotaiProvider store={store}>
      <RouterContextProvider router={router}>
        <SavedCount />
      </RouterContextProvider>
    </JotaiProvider>
  );
}

/** Server HTML for `part` in a fresh element, hydrated with `store`; answers recovered errors. */
async function hydratePart(store: ReturnType<typeof createStore>) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(part(createStore()));
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, part(store), { onRecoverableError: (error) => mismatches.push(error) });
  });
  return { container, mismatches };
}

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
});

describe('useFavouriteTourIds while hydrating', () => {
  it('renders the server list in a part that hydrates after the sign-in sync, then the new one', async () => {
    const store = createStore();
    // The header hydrates first, holding the server's list.
    const header = await hydratePart(store);
    expect(header.container.textContent).toBe('1 saved');
    // The sign-in sync puts the account's list in its place…
    act(() => store.set(favouriteTourIdsAtom, [1, 2]));
    await waitFor(() => expect(header.container.textContent).toBe('2 saved'));
    // …before the page's own part (a lazy chunk) hydrates.
    const page = await hydratePart(store);
    await waitFor(() => expect(page.container.textContent).toBe('2 saved'));
    expect(page.mismatches).toEqual([]);
    expect(header.mismatches).toEqual([]);
  });
});
