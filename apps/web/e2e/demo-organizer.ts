import { expect, type APIRequestContext } from '@playwright/test';
import { apiUrl } from './guest-booking';
import { DEMO_PASSWORD } from './sign-in';

/** The demo organizer account's login (apps/api-demo's seeded accounts). */
export const ORGANIZER_LOGIN = 'organizer@gallop.test';

/** The organizer the demo organizer account answers for (the first seeded one). */
export async function demoOrganizerId(request: APIRequestContext): Promise<number> {
  const signedIn = await request.post(`${apiUrl}/crm/api/user/auth`, {
    headers: { 'Content-Type': 'application/json' },
    data: { login: ORGANIZER_LOGIN, password: DEMO_PASSWORD },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { token } = (await signedIn.json()) as { token: string };
  const own = await request.get(`${apiUrl}/crm/api/organizer/list`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
  });
  const { items } = (await own.json()) as { items: { id: number }[] };
  expect(items.length, 'the demo organizer answers for an organizer').toBeGreaterThan(0);
  return items[0]!.id;
}
