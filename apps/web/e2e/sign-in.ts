import type { Page } from '@playwright/test';
import { expect, waitForHydration } from './fixtures';

/** The demo accounts' password (apps/api/src/seed/chat.ts and accounts.ts). */
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
