/**
 * What the server-render tests (`entry-server.*.test.tsx`) share: a render of one address over a
 * stand-in API, with the manifest and site every test uses, and the signed-in visitor.
 */
import { render, type RenderOptions } from './entry-server';

/** The cookies of a signed-in visitor, as the web server sets them. */
export const SIGNED_IN_COOKIE =
  'auth_token=access-1; auth_refresh_token=refresh-1; gallop_signed_in=1';

/** The signed-in traveller's profile (`/crm/api/user/profile`). */
export const ALEX = {
  id: 41,
  first_name: 'Alex',
  last_name: 'Canter',
  is_email_set: true,
  is_email_confirmed: true,
  email: 'alex@example.com',
  is_admin_auth: false,
};

export const TEST_SITE = { organizerUrl: 'https://partners.example.test' };

/**
 * The server's answer for `path` and its HTML, the API answered by `apiFetch`; `init` sets the
 * request's headers (a cookie, a language), `options` the rest of the render's.
 */
export async function serverPage(
  path: string,
  apiFetch: (request: Request) => Promise<Response>,
  init: RequestInit = {},
  options: Partial<Omit<RenderOptions, 'request' | 'apiFetch'>> = {},
) {
  const response = await render({
    request: new Request(`http://127.0.0.1${path}`, init),
    manifest: { routes: {} },
    site: TEST_SITE,
    apiFetch,
    ...options,
  });
  return { response, html: await response.text() };
}
