import type { BrowserContext, Page } from '@playwright/test';
import { expect, waitForHydration } from './fixtures';

/** The demo accounts' password (apps/api-demo/src/seed/chat.ts and accounts.ts). */
export const DEMO_PASSWORD = 'gallop-demo-1';

/** Signs in through the sign-in page and waits for the return to `then`. */
export async function signIn(page: Page, login: string, then = '/') {
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await waitForHydration(page);
  await page.getByLabel('E-mail or phone').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === new URL(then, 'http://x').pathname);
}

/**
 * Signs a browser in with a session made through the API (`bookAsGuest`): the cookies the web
 * server sets on a real sign-in, HttpOnly tokens (it adds `X-Authorization` from them to what it
 * forwards) and the readable marker that tells the page someone is signed in.
 */
export async function signInWithCookies(
  context: BrowserContext,
  session: { token: string; refreshToken: string },
  url: string,
) {
  await context.addCookies([
    { name: 'auth_token', value: session.token, url, httpOnly: true, sameSite: 'Lax' },
    {
      name: 'auth_refresh_token',
      value: session.refreshToken,
      url,
      httpOnly: true,
      sameSite: 'Lax',
    },
    { name: 'gallop_signed_in', value: '1', url, sameSite: 'Lax' },
  ]);
}
