import { isApiError } from '@gallop/api-client';
import type { ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from '../../router';
import type { UserProfile } from './api';
import { toLogin } from './guard';
import { profileQueryOptions } from './profile';

/** For `loader`: the signed-in profile; a session the API no longer accepts signs in again. */
export async function ensureSignedInUser({
  context,
  location,
}: {
  context: Pick<RouterContext, 'api' | 'queryClient'>;
  location: Pick<ParsedLocation, 'href'>;
}): Promise<UserProfile> {
  try {
    return await context.queryClient.ensureQueryData(profileQueryOptions(context.api));
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw toLogin(location);
    throw error;
  }
}
