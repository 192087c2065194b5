import type { GallopClient } from '../client';

interface LooseInit {
  params?: { query?: Record<string, unknown> };
  body?: unknown;
  signal?: AbortSignal;
}
type LooseMethod = (
  path: string,
  init?: LooseInit,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The client typed loosely, to call paths the generated contract does not list: the middleware is
 * path-generic, and its tests must not depend on which calls the contract has at the time.
 */
export const loose = (client: GallopClient<boolean>): { GET: LooseMethod; POST: LooseMethod } =>
  client as unknown as { GET: LooseMethod; POST: LooseMethod };
