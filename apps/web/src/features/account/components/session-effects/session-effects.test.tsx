import { screen, waitFor } from '@testing-library/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { favouriteTourIdsAtom } from '../../../../lib/favourites';
import { fakeAccountApi } from '../../../../lib/testing/fake-account-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { SessionEffects } from './session-effects';

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
});

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
});
