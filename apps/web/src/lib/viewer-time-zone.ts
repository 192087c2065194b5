/**
 * The zone the viewer's times are written in (the settings' "Time zone"): the chat's, and every
 * instant a page writes (`useFormattedInstant`: a deadline, the end of a hold). A signed-in
 * viewer's own, from the profile; otherwise the browser's. The server render has the profile too
 * (the account's `prefetchProfile`), so a saved zone is used from the first HTML on and hydration
 * finds the same text. Without one the server cannot know the zone: it and the render that
 * hydrates write UTC, the next render the browser's.
 */
import { gallopQueryOptions } from '@gallop/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './api';
import { hasSession } from './session-tokens';
import { useHydrated } from './use-hydrated';

/** `zone` when this runtime can write times in it (an IANA name or alias), else undefined. */
function usableTimeZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The browser's own zone ('Asia/Tokyo'); UTC where it does not say. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The profile's zone when signed in with one, else the browser's (UTC until hydrated). */
export function useViewerTimeZone(): string {
  const api = useApi();
  // The account's profile query (features/account/profile.ts, `useSession`): the same key, so
  // the page loads it once and a zone saved in the settings applies at once.
  const { data: profile } = useQuery({
    ...gallopQueryOptions(api, '/crm/api/user/profile'),
    retry: false,
    enabled: hasSession(api),
  });
  const hydrated = useHydrated();
  return usableTimeZone(profile?.timezone) ?? (hydrated ? browserTimeZone() : 'UTC');
}
