import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerApiClient } from './api';
import {
  hasAdminAuth,
  NO_STAFF_PERMISSIONS,
  permissionsOf,
  userPrivateDataQueryOptions,
} from './staff-permissions';

describe('staff permissions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the adm_auth cookie from a cookie header', () => {
    expect(hasAdminAuth('a=1; adm_auth=abc')).toBe(true);
    expect(hasAdminAuth('adm_auth=')).toBe(false);
    expect(hasAdminAuth('gallop_employee=1')).toBe(false);
    expect(hasAdminAuth(undefined)).toBe(false);
  });

  it('maps the private data to the two permissions, both false by default', () => {
    expect(
      permissionsOf({ permissions: { can_use_knowledge: true, can_view_commission: false } }),
    ).toEqual({ canUseKnowledge: true, canViewPrivateData: false });
    expect(
      permissionsOf({ permissions: { can_use_knowledge: false, can_view_commission: true } }),
    ).toEqual({ canUseKnowledge: false, canViewPrivateData: true });
    expect(permissionsOf(null)).toEqual(NO_STAFF_PERMISSIONS);
    expect(permissionsOf(undefined)).toEqual({ canUseKnowledge: false, canViewPrivateData: false });
  });

  it('gives null when the private data cannot be loaded', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const api = createServerApiClient({
      request: new Request('http://web.test/'),
      fetch: async () => Response.json({ message: 'Forbidden' }, { status: 403 }),
    });
    const options = userPrivateDataQueryOptions(api);
    expect(options.queryKey[1]).toBe('/spa/user-info-data');
    await expect(options.queryFn()).resolves.toBeNull();
    expect(info).toHaveBeenCalledOnce();
  });
});
