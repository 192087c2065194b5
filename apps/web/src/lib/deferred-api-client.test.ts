// @vitest-environment node
import { createGallopClient, createMemoryTokenStore, type GallopClient } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { deferredApiClient } from './deferred-api-client';

function realClient(seen: Request[]): GallopClient<true> {
  return createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      seen.push(request);
      return Response.json({ total: 3 });
    },
  });
}

describe('deferredApiClient', () => {
  it('holds calls until the client has loaded, then answers them through it', async () => {
    const seen: Request[] = [];
    let load: (client: GallopClient<true>) => void = () => undefined;
    const tokenStore = createMemoryTokenStore();
    const api = deferredApiClient(new Promise((resolve) => (load = resolve)), tokenStore);

    const answer = api.GET('/spa/stats');
    await Promise.resolve();
    expect(seen).toHaveLength(0);
    load(realClient(seen));

    await expect(answer).resolves.toMatchObject({ data: { total: 3 } });
    expect(seen.map((request) => request.url)).toEqual(['http://api.test/spa/stats']);
    expect(api.tokenStore).toBe(tokenStore);
  });

  it('rejects the calls when the client fails to load', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const api = deferredApiClient(Promise.reject(failure), createMemoryTokenStore());
    await expect(api.GET('/spa/stats')).rejects.toBe(failure);
  });
});
