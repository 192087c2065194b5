import { describe, expect, it, vi } from 'vitest';
import { createGallopClient } from './client';

function recordingFetch() {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: Request) => {
    requests.push(input);
    return new Response(JSON.stringify({ status: 'ok', uptime: 1.5 }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

describe('createGallopClient', () => {
  it('sends the spec headers on every call and parses the answer', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createGallopClient({
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'EUR',
      getToken: () => 'abc',
      fetch,
    });

    const { data } = await client.GET('/health');

    expect(data).toEqual({ status: 'ok', uptime: 1.5 });
    const headers = requests[0]!.headers;
    expect(requests[0]!.url).toBe('http://api.test/health');
    expect(headers.get('X-Language')).toBe('en');
    expect(headers.get('X-Localization')).toBe('1');
    expect(headers.get('X-Currency')).toBe('EUR');
    expect(headers.get('X-Authorization')).toBe('Bearer abc');
    expect(headers.get('X-Client-Role')).toBe('client');
  });

  it('reads changing locale and currency at call time and omits auth without a token', async () => {
    const { fetch, requests } = recordingFetch();
    let currency = 'USD';
    const client = createGallopClient({
      baseUrl: 'http://api.test',
      locale: () => ({ iso: 'en', localizationId: 2 }),
      currency: () => currency,
      sendClientRole: false,
      fetch,
    });

    await client.GET('/health');
    currency = 'CNY';
    await client.GET('/health');

    expect(requests.map((r) => r.headers.get('X-Currency'))).toEqual(['USD', 'CNY']);
    expect(requests[0]!.headers.has('X-Authorization')).toBe(false);
    expect(requests[0]!.headers.has('X-Client-Role')).toBe(false);
  });
});
