/**
 * The viewer's two zones for tests of times (`useViewerTimeZone`): the device's and the one the
 * account's settings saved. Undo `browserIn` with `vi.restoreAllMocks()`.
 */
import type { GallopClient } from '@gallop/api-client';
import { gallopQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderInApp } from './render-in-app';

/** The browser says it is in `zone`, as a device set to it does. */
export function browserIn(zone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

/**
 * `rest` with the signed-in viewer's profile answered first: its `timezone` (null: never chosen),
 * the settings' "Time zone".
 */
export function withProfileZone(
  timezone: string | null,
  rest: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return (request) =>
    new URL(request.url).pathname === '/crm/api/user/profile'
      ? Promise.resolve(Response.json({ id: 7, first_name: 'Ada', email: 'a@b.c', timezone }))
      : rest(request);
}

/** The profile loaded before the server renders, as the root route's loader does. */
async function loadProfile(queryClient: QueryClient, api: GallopClient<true>) {
  await queryClient.prefetchQuery(gallopQueryOptions(api, '/crm/api/user/profile'));
}

/**
 * `ui` as the server renders it for a viewer signed in with `profileZone` saved (the profile
 * loaded first), then hydrated in the browser; `mismatches` holds what hydration reported.
 */
export async function hydrateForZone(
  ui: ReactNode,
  profileZone: string,
  rest: (request: Request) => Promise<Response>,
) {
  const mismatches: unknown[] = [];
  const view = await renderInApp(ui, {
    fetch: withProfileZone(profileZone, rest),
    signedIn: true,
    hydrate: {
      beforeServerRender: loadProfile,
      onRecoverableError: (error) => mismatches.push(error),
    },
  });
  return { ...view, mismatches };
}
