import { createMemoryTokenStore, type components } from '@gallop/api-client';
import { getProfileQueryOptions } from '@gallop/api-client/query';
import { QueryClient } from '@tanstack/react-query';
import { createServerApiClient } from '../../../lib/api';

type UserProfile = components['schemas']['UserProfile'];

export const GERMANY = { id: 83, iso_code: 'DE', currency: 'EUR' } as const;
export const USA = { id: 228, iso_code: 'US', currency: 'USD' } as const;

/** A signed-in traveller's profile; override what a test is about. */
export const traveller = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_email_set: true,
  email: 'ada@example.com',
  country: GERMANY,
  is_admin_auth: false,
  language_code: 'en',
  currency_code: 'EUR',
  ...overrides,
});

/**
 * An API client and a QueryClient whose account calls answer `status` (200 by default:
 * change-country answers the profile in the USA), keeping every call in `calls` (a GET without a
 * body). A GET answers as `/spa/country-by-ip` does without an edge header: the default, the USA.
 * The shell asks it nothing: the render told the country (decision 161).
 */
export function accountApi({ signedIn = true, status = 200 } = {}) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    calls.push({ path, body: request.method === 'GET' ? undefined : await request.json() });
    if (request.method === 'GET') return Response.json({ result: USA });
    if (status !== 200) return Response.json({ message: 'Refused' }, { status });
    if (path === '/crm/api/user/change-country') {
      return Response.json(traveller({ country: USA }));
    }
    return Response.json({ result: true });
  };
  const api = createServerApiClient({
    request: new Request('http://web.test/'),
    fetch,
    ...(signedIn
      ? { tokenStore: createMemoryTokenStore({ token: 'access-1', refreshToken: 'refresh-1' }) }
      : {}),
  });
  const queryClient = new QueryClient();
  const profileKey = getProfileQueryOptions(api).queryKey;
  return {
    api,
    queryClient,
    calls,
    setProfile: (profile: UserProfile) => queryClient.setQueryData(profileKey, profile),
    profile: () => queryClient.getQueryData(profileKey),
  };
}
