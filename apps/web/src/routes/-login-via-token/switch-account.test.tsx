import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApiWithPosts } from '../../lib/testing/fake-api-posts';
import { renderInApp } from '../../lib/testing/render-in-app';
import { SwitchAccount } from './switch-account';

afterEach(() => vi.restoreAllMocks());

const LINK = '/crm/api/user/access-token-by-one-time-token';

async function openWhileSignedIn(answer: { status: number; body: unknown }) {
  const api = createFakeApiWithPosts({ [LINK]: answer });
  await renderInApp(
    <SwitchAccount token="link-eve" redirect="/rider-passport" signedInAs="ann@example.com" />,
    { fetch: api.fetch, signedIn: true },
  );
  return api;
}

describe('SwitchAccount, a sign-in link opened while signed in', () => {
  it('asks before switching, naming the account signed in, and spends nothing until asked', async () => {
    const api = await openWhileSignedIn({ status: 200, body: {} });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in with this link?' }),
    ).toBeTruthy();
    expect(screen.getByText(/You are signed in as ann@example.com\./)).toBeTruthy();
    expect(screen.getByText(/Sign in as the link's account instead\?/)).toBeTruthy();
    const stay = screen.getByRole('link', { name: 'Stay signed in as ann@example.com' });
    expect(stay.getAttribute('href')).toBe('/rider-passport');
    expect(api.sent).toEqual([]);
  });

  it("signs in as the link's account when asked, then loads the next page afresh", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const session = {
      token: 'a',
      refresh_token: 'r',
      user: { id: 7, first_name: 'Eve', last_name: null, email: 'eve@example.com' },
    };
    const api = await openWhileSignedIn({ status: 200, body: session });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with the link' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/rider-passport'));
    expect(api.sent).toEqual([{ path: LINK, body: { token: 'link-eve' } }]);
  });

  it('says so when the link no longer works', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await openWhileSignedIn({
      status: 410,
      body: { message: 'This link has expired or was already used. Please request a new one.' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with the link' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This sign-in link has expired' }),
    ).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
