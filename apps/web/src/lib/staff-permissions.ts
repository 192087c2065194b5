import type { components, GallopClient } from '@gallop/api-client';
import { getUserInfoDataQueryOptions } from '@gallop/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { parse } from 'cookie';
import { useEffect, useState } from 'react';
import { useApi } from './api';
import { hasSession } from './session-tokens';

/** Set by the back office on a team member's browser (docs/product.md, Roles). */
const ADMIN_AUTH_COOKIE = 'adm_auth';

export type UserPrivateData = components['schemas']['UserPrivateData'];

/** What a signed-in team member may see on the site (docs/product.md, Entities and Roles). */
export interface StaffPermissions {
  canUseKnowledge: boolean;
  /** The private side of tours: every date with its seats, individual offers, the team PDF. */
  canViewPrivateData: boolean;
}

export const NO_STAFF_PERMISSIONS: StaffPermissions = Object.freeze({
  canUseKnowledge: false,
  canViewPrivateData: false,
});

export function hasAdminAuth(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? Boolean(parse(cookieHeader)[ADMIN_AUTH_COOKIE]) : false;
}

/** Both permissions default to false, also when the private data could not be loaded. */
export function permissionsOf(data: UserPrivateData | null | undefined): StaffPermissions {
  if (!data) return NO_STAFF_PERMISSIONS;
  return {
    canUseKnowledge: data.permissions.can_use_knowledge === true,
    canViewPrivateData: data.permissions.can_view_commission === true,
  };
}

/**
 * `/spa/user-info-data`: the signed-in user's permissions. A failure is null and logged quietly
 * (docs/product.md, Errors: a private-data failure is null), which means no permissions.
 */
export function userPrivateDataQueryOptions(api: GallopClient<true>) {
  return {
    queryKey: getUserInfoDataQueryOptions(api).queryKey,
    queryFn: async (): Promise<UserPrivateData | null> => {
      try {
        return (await api.GET('/spa/user-info-data')).data ?? null;
      } catch (error) {
        console.info('Staff: could not load your permissions', error);
        return null;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  };
}

/**
 * The team member's permissions in the browser: loaded only when the `adm_auth` cookie is set
 * and someone is signed in. The server renders every page as a visitor sees it (the cookie is
 * read after hydration), so pages stay cacheable and hydrate without a mismatch.
 */
export function useStaffPermissions(): StaffPermissions {
  const api = useApi();
  const [adminAuth, setAdminAuth] = useState(false);
  useEffect(() => setAdminAuth(hasAdminAuth(document.cookie)), []);
  // `useQuery`: read after hydration, from a cookie the server render ignores (see above).
  const { data } = useQuery({
    ...userPrivateDataQueryOptions(api),
    enabled: adminAuth && hasSession(api),
  });
  return adminAuth ? permissionsOf(data) : NO_STAFF_PERMISSIONS;
}
