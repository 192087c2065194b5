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

const SPENT = {
  status: 410,
  body: { message: 'This link has expired or was already used. Please request a new one.' },
};

describe('LoginPage, a password reset link', () => {
  it('says a used link no longer works before offering a password form, and sends a new one', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/check-password-reset-token': SPENT,
      '/crm/api/user/password-recovery': { status: 200, body: { result: true } },
    });
    await renderInApp(<LoginPage returnTo="/" resetToken="used-1" />, { fetch: api.fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeTruthy();
    expect(screen.getByText(/It was already used or has expired/)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByText('Choose a new password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/login',
    );

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /a link to choose a new password is on its way/,
    );
    expect(api.sent).toEqual([
      { path: '/crm/api/user/check-password-reset-token', body: { token: 'used-1' } },
      { path: '/crm/api/user/password-recovery', body: { email: 'ann@example.com' } },
    ]);
  });

  it('shows the form for a usable link, and says so when it is spent before the new password is saved', async () => {
    const api = createFakeApiWithPosts({
      '/crm/api/user/check-password-reset-token': { status: 200, body: { result: true } },
      '/crm/api/user/password-reset': SPENT,
    });
    await renderInApp(<LoginPage returnTo="/" resetToken="reset-2" />, { fetch: api.fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'canter-over-the-steppe' },
    });
    fireEvent.change(screen.getByLabelText('Repeat the password'), {
      target: { value: 'canter-over-the-steppe' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
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
