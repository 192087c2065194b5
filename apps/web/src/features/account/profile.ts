/**
 * The signed-in traveller's profile query: the site header (account menu) needs it on every
 * page, so it ships in the first load (sign-out is src/lib/sign-out.ts); the other account calls (./api.ts) load
 * with the pages that make them (issue 7).
 */
import type { components, GallopClient } from '@gallop/api-client';
import { gallopQueryOptions } from '@gallop/api-client/query';

export const profileQueryOptions = (api: GallopClient<true>) => ({
  ...gallopQueryOptions(api, '/crm/api/user/profile'),
  // A failed profile call means "signed out", not an error to retry.
  retry: false,
});

type ProfileFields = Pick<
  components['schemas']['UserProfile'],
  'first_name' | 'last_name' | 'is_email_set'
>;

/**
 * The profile "has empty fields" when both names are missing or the e-mail is not set (a quick
 * sign-up with a phone or a code): the site then asks the traveller to complete it.
 */
export function profileHasEmptyFields(user: ProfileFields): boolean {
  const named = Boolean(user.first_name?.trim() || user.last_name?.trim());
  return !named || !user.is_email_set;
}
