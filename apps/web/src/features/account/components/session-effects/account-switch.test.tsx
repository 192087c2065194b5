import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import { useRouterState } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setFavouritesOwner } from '../../../../lib/favourites-owner';
import { fakeAccountApi } from '../../../../lib/testing/fake-account-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { RouterContext } from '../../../../router';
import { useSession } from '../../session';
import { SessionEffects } from './session-effects';

// Two tabs of one browser share the session cookies: a sign-in in one tab to another account
// (both tabs had the login page open) makes every call of the other tab that account's. Probe
// 2026-12-07: the first tab kept showing its account's profile and rider passport (weights,
// companions), and saving the passport form there wrote them into the second account.

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
  setFavouritesOwner(undefined);
});

function Shell() {
  useRouterState();
  const { user } = useSession();
  return (
    <>
      <p>Shown: {user?.first_name ?? 'nobody'}</p>
      <SessionEffects />
    </>
  );
}

const WEIGHTS = {
  passport: { level: 'novice' as const, tack: null, hours_per_day: 3, weight_kg: 77 },
  companions: [
    { name: 'Kid', level: 'beginner' as const, tack: null, hours_per_day: 2, weight_kg: 41 },
  ],
};

async function signedInTab() {
  const api = fakeAccountApi([3]);
  const rendered = await renderInApp(<Shell />, { fetch: api.fetch, signedIn: true });
  expect(await screen.findByText('Shown: Ada')).toBeTruthy();
  const client = (rendered.router.options.context as RouterContext).api;
  const passportKey = getRiderPassportQueryOptions(client).queryKey;
  // The rider passport page of this account had loaded its passports.
  rendered.queryClient.setQueryData(passportKey, WEIGHTS);
  const profileCalls = () => api.calls.filter((call) => call === 'GET /crm/api/user/profile');
  return { ...rendered, passportKey, profileCalls };
}

const otherTabSays = (message: string) => {
  const otherTab = new BroadcastChannel('gallop.session');
  otherTab.postMessage(message);
  otherTab.close();
};

describe('a sign-in in another tab', () => {
  it("to another account: this tab forgets its account's passports and loads the new account", async () => {
    const { queryClient, passportKey, profileCalls } = await signedInTab();
    const before = profileCalls().length;
    otherTabSays('signed-in:12');
    await waitFor(() => expect(queryClient.getQueryData(passportKey)).toBeUndefined());
    // The profile is asked again, as the cookies' account now.
    await waitFor(() => expect(profileCalls().length).toBeGreaterThan(before));
    expect(await screen.findByText('Shown: Ada')).toBeTruthy();
  });

  it('to the account this tab shows: nothing changes', async () => {
    const { queryClient, passportKey, profileCalls } = await signedInTab();
    const before = profileCalls().length;
    otherTabSays('signed-in:7');
    otherTabSays('signed-in:not-a-number');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData(passportKey)).toEqual(WEIGHTS);
    expect(profileCalls().length).toBe(before);
  });

  it('is told by a tab that starts showing an account', async () => {
    const heard: unknown[] = [];
    const listener = new BroadcastChannel('gallop.session');
    listener.onmessage = (event) => heard.push(event.data);
    await signedInTab();
    await waitFor(() => expect(heard).toContain('signed-in:7'));
    listener.close();
  });
});
