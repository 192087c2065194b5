import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerApiClient } from '../../lib/api';
import { countryCookie, countryIdFromCookies, ensureVisitorCountry } from './country';

afterEach(() => {
  document.cookie = 'country_id=; Max-Age=0; Path=/';
  vi.restoreAllMocks();
});

function apiAnswering(answer: () => Response) {
  const fetch = vi.fn((request: Request) => {
    expect(new URL(request.url).pathname).toBe('/spa/country-by-ip');
    return Promise.resolve(answer());
  });
  const api = createServerApiClient({ request: new Request('http://web.test/'), fetch });
  return { api, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('country cookie', () => {
  it('keeps the country id 180 days', () => {
    expect(countryCookie(228, false)).toBe(
      'country_id=228; Max-Age=15552000; Path=/; SameSite=Lax',
    );
    expect(countryIdFromCookies('a=1; country_id=114')).toBe(114);
    expect(countryIdFromCookies('country_id=us')).toBeUndefined();
  });
});

describe('ensureVisitorCountry', () => {
  it('uses the stored country without asking the API', async () => {
    document.cookie = 'country_id=31; Path=/';
    const { api, fetch } = apiAnswering(() => json({}));
    expect(await ensureVisitorCountry(new QueryClient(), api)).toBe(31);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('detects the country by IP once and stores it', async () => {
    const { api, fetch } = apiAnswering(() =>
      json({ result: { id: 228, iso_code: 'US', currency: 'USD' } }),
    );
    const queryClient = new QueryClient();
    expect(await ensureVisitorCountry(queryClient, api)).toBe(228);
    expect(countryIdFromCookies(document.cookie)).toBe(228);
    expect(await ensureVisitorCountry(queryClient, api)).toBe(228);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('logs a failed detection quietly and stores nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api } = apiAnswering(() => json({ message: 'Too many requests' }, 429));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await ensureVisitorCountry(queryClient, api)).toBeUndefined();
    expect(countryIdFromCookies(document.cookie)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ status: 429 });
  });
});
