import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { LoginPage } from './login-page';
import { signInRedirectTarget } from './use-finish-sign-in';

afterEach(() => vi.restoreAllMocks());

async function signIn(answer: { status: number; body: unknown }) {
  const api = createFakeApiWithPosts({ '/crm/api/user/auth': answer });
  const view = await renderInApp(<LoginPage returnTo="/bookings" />, { fetch: api.fetch });
  fireEvent.change(await screen.findByLabelText('E-mail or phone'), {
    target: { value: 'ann@example.com' },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'saddle-up-2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

describe('LoginPage, password sign-in', () => {
  it('follows a login answer of type redirect to its url', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await signIn({
      status: 200,
      body: { type: 'redirect', url: 'https://partners.gallop.example/continue?step=2' },
    });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://partners.gallop.example/continue?step=2'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a refused sign-in once', async () => {
    const text = 'Invalid login or password';
    await signIn({ status: 422, body: { message: text, errors: { login: [text] } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid login or password$/);
    expect(screen.getAllByText(text)).toHaveLength(1);
  });
});

describe('signInRedirectTarget', () => {
  it('reads a path against the page and refuses anything but a web address', () => {
    expect(signInRedirectTarget('/bookings', 'https://gallop.example/login')).toBe(
      'https://gallop.example/bookings',
    );
    expect(() => signInRedirectTarget('javascript:alert(1)', 'https://gallop.example/')).toThrow();
  });
});
