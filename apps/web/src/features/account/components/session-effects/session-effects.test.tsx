import { useRouterState } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { favouriteTourIdsAtom } from '../../../../lib/favourites';
import { favouritesOwner, setFavouritesOwner } from '../../../../lib/favourites-owner';
import { fakeAccountApi } from '../../../../lib/testing/fake-account-api';
import { SESSION_ENDED_EVENT } from '../../../../lib/session-ended';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { RouterContext } from '../../../../router';
import { profileQueryOptions } from '../../profile';
import { SessionEffects } from './session-effects';

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
  setFavouritesOwner(undefined);
});

/**
 * The shell renders `SessionEffects` anew whenever the router's state changes (as the app's root
 * does), so a profile the page forgot stops showing.
 */
function Shell({ guest }: { guest: readonly number[] }) {
  useRouterState();
  return (
    <>
      <Favourites guest={guest} />
      <SessionEffects />
    </>
  );
}

/** The page's API client, as the app's router context carries it. */
const apiOf = (router: { options: { context: unknown } }) =>
  (router.options.context as RouterContext).api;

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const creates = (calls: readonly string[]) =>
  calls.filter((call) => call === 'POST /crm/api/favourite-tour/create');

/** The guest's hearts before signing in, and the list every view of the page shows. */
function Favourites({ guest }: { guest: readonly number[] }) {
  const set = useSetAtom(favouriteTourIdsAtom);
  useEffect(() => set(guest), [set, guest]);
  return <p>Saved: {useAtomValue(favouriteTourIdsAtom).join(',')}</p>;
}

describe('SessionEffects', () => {
  it("after sign-in carries the guest's hearts into the account and shows the account's list", async () => {
    const account = [3];
    const api = fakeAccountApi(account);
    await renderInApp(
      <>
        <Favourites guest={[1]} />
        <SessionEffects />
      </>,
      { fetch: api.fetch, signedIn: true },
    );
    expect(await screen.findByText('Saved: 3,1')).toBeTruthy();
    expect(account).toEqual([3, 1]);
    expect(api.calls.filter((call) => call === 'POST /crm/api/favourite-tour/create')).toHaveLength(
      1,
    );
    expect(document.cookie).toContain('favorite_tours=3%2C1');
    // The local list is the account's copy now: the next load reads the account's list.
    expect(favouritesOwner()).toBe(7);
  });

  it('leaves a signed-out visitor’s list alone', async () => {
    const api = fakeAccountApi([3]);
    await renderInApp(
      <>
        <Favourites guest={[1]} />
        <SessionEffects />
      </>,
      { fetch: api.fetch },
    );
    expect(await screen.findByText('Saved: 1')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await waitFor(() => expect(screen.getByText('Saved: 1')).toBeTruthy());
    expect(api.calls).not.toContain('GET /crm/api/user/favourite-tours');
  });

  it("on a later signed-in load reads the account's list and saves nothing again", async () => {
    // Device B still holds 1, which the traveller removed on device A since.
    setFavouritesOwner(7);
    const account = [3];
    const api = fakeAccountApi(account);
    await renderInApp(
      <>
        <Favourites guest={[1, 3]} />
        <SessionEffects />
      </>,
      { fetch: api.fetch, signedIn: true },
    );
    expect(await screen.findByText('Saved: 3')).toBeTruthy();
    expect(account).toEqual([3]);
    expect(creates(api.calls)).toEqual([]);
  });

  it("carries nothing of another account's list left in the browser", async () => {
    setFavouritesOwner(12);
    const account = [3];
    const api = fakeAccountApi(account);
    await renderInApp(
      <>
        <Favourites guest={[351, 122]} />
        <SessionEffects />
      </>,
      { fetch: api.fetch, signedIn: true },
    );
    expect(await screen.findByText('Saved: 3')).toBeTruthy();
    expect(account).toEqual([3]);
    expect(creates(api.calls)).toEqual([]);
    expect(favouritesOwner()).toBe(7);
  });

  it("clears an account's list from a signed-out browser, and keeps a guest's", async () => {
    setFavouritesOwner(7);
    const api = fakeAccountApi([3]);
    await renderInApp(
      <>
        <Favourites guest={[351, 122]} />
        <SessionEffects />
      </>,
      { fetch: api.fetch },
    );
    await settle();
    expect(screen.getByText('Saved:')).toBeTruthy();
    expect(favouritesOwner()).toBeUndefined();
    expect(document.cookie).not.toContain('351');
  });

  it("at sign-out clears the account's list and tells the other tabs", async () => {
    const api = fakeAccountApi([3, 4]);
    const { router, queryClient } = await renderInApp(<Shell guest={[]} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    expect(await screen.findByText('Saved: 3,4')).toBeTruthy();
    const told = new Promise<unknown>((resolve) => {
      const channel = new BroadcastChannel('gallop.session');
      channel.onmessage = (event) => {
        channel.close();
        resolve(event.data);
      };
    });
    // What `endSession` does: the session ends, the page forgets the profile.
    const client = apiOf(router);
    await client.tokenStore.clear();
    queryClient.removeQueries({ queryKey: profileQueryOptions(client).queryKey });
    await router.invalidate();
    await waitFor(() => expect(screen.getByText('Saved:')).toBeTruthy());
    expect(favouritesOwner()).toBeUndefined();
    expect(document.cookie).not.toContain('favorite_tours=3');
    expect(await told).toBe('signed-out');
  });

  it('forgets the account when another tab of the browser signed out', async () => {
    const api = fakeAccountApi([3]);
    const { router, queryClient } = await renderInApp(<Shell guest={[]} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    expect(await screen.findByText('Saved: 3')).toBeTruthy();
    const client = apiOf(router);
    const profileKey = profileQueryOptions(client).queryKey;
    expect(queryClient.getQueryData(profileKey)).toBeDefined();
    // The other tab's sign-out took the session cookies, which this tab shares.
    await client.tokenStore.clear();
    const otherTab = new BroadcastChannel('gallop.session');
    otherTab.postMessage('signed-out');
    otherTab.close();
    await waitFor(() => expect(queryClient.getQueryData(profileKey)).toBeUndefined());
    await waitFor(() => expect(screen.getByText('Saved:')).toBeTruthy());
  });

  it('forgets the account when a call of this tab found the session ended', async () => {
    const api = fakeAccountApi([3]);
    const { router, queryClient } = await renderInApp(<Shell guest={[]} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    expect(await screen.findByText('Saved: 3')).toBeTruthy();
    const client = apiOf(router);
    const profileKey = profileQueryOptions(client).queryKey;
    // Signed out on another device: a call's 401 came with the session cookies cleared.
    await client.tokenStore.clear();
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    await waitFor(() => expect(queryClient.getQueryData(profileKey)).toBeUndefined());
    await waitFor(() => expect(screen.getByText('Saved:')).toBeTruthy());
  });

  it('keeps the account while its session cookies are there', async () => {
    const api = fakeAccountApi([3]);
    const { router, queryClient } = await renderInApp(
      <>
        <Favourites guest={[]} />
        <SessionEffects />
      </>,
      { fetch: api.fetch, signedIn: true },
    );
    expect(await screen.findByText('Saved: 3')).toBeTruthy();
    window.dispatchEvent(new Event('focus'));
    await settle();
    const profileKey = profileQueryOptions(apiOf(router)).queryKey;
    expect(queryClient.getQueryData(profileKey)).toBeDefined();
    expect(screen.getByText('Saved: 3')).toBeTruthy();
  });
});
