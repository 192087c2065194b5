/**
 * The signed-in traveller's profile query and sign-out: the site header (account menu) needs
 * them on every page, so they ship in the first load; the other account calls (./api.ts) load
 * with the pages that make them (issue 7).
 */
import type { GallopClient } from '@gallop/api-client';
import { gallopQueryOptions } from '@gallop/api-client/query';

export const profileQueryOptions = (api: GallopClient) => ({
  ...gallopQueryOptions(api, '/crm/api/user/profile'),
  // A failed profile call means "signed out", not an error to retry.
  retry: false,
});

export async function signOut(api: GallopClient): Promise<void> {
  await api.POST('/crm/api/user/logout');
}
