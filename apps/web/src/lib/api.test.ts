// @vitest-environment node
import { getStatsQueryOptions } from '@gallop/api-client/query';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from './api';
import { getErrorStatus } from './http-error';

/** A fake API that records what it was asked and answers with `status`. */
function fakeApi(status = 200, body: unknown = {}) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    return Response.json(body, { status });
  };
  return { seen, fetch };
}

const visitor = (cookie?: string) =>
  new Request('http://web.test/', cookie ? { headers: { cookie } } : {});

describe('createServerApiClient', () => {
  it('calls API_URL with the currency of the visitor cookie and the locale headers', async () => {
    const api = fakeApi(200, { total: 1 });
    const client = createServerApiClient({
      apiUrl: 'http://api.test:4000',
      request: visitor('i18n_currency=EUR; other=1'),
      fetch: api.fetch,
    });
    await new QueryClient().fetchQuery(getStatsQueryOptions(client));

    const [request] = api.seen;
    expect(request?.url).toBe('http://api.test:4000/spa/stats');
    expect(request?.headers.get('X-Currency')).toBe('EUR');
    expect(request?.headers.get('X-Language')).toBe('en');
    expect(request?.headers.get('X-Localization')).toBe('1');
  });

  it('sends the default USD for an empty or unknown currency cookie', async () => {
    for (const cookie of ['i18n_currency=', 'i18n_currency=XXX', undefined]) {
      const api = fakeApi();
      const client = createServerApiClient({ request: visitor(cookie), fetch: api.fetch });
      await client.GET('/spa/stats');
      expect(api.seen[0]?.headers.get('X-Currency')).toBe('USD');
      expect(api.seen[0]?.url).toBe('http://127.0.0.1:4000/spa/stats');
    }
  });

  it('turns API failures into the statuses of the error pages', async () => {
    const statusOf = async (fetch: (request: Request) => Promise<Response>) => {
      const client = createServerApiClient({ request: visitor(), fetch });
      const failure = await client.GET('/spa/stats').catch((error: unknown) => error);
      return getErrorStatus(failure);
    };
    expect(await statusOf(fakeApi(404, { message: 'Not found' }).fetch)).toBe(404);
    expect(await statusOf(fakeApi(410, { message: 'Gone' }).fetch)).toBe(410);
    expect(await statusOf(fakeApi(500, { message: 'Boom' }).fetch)).toBe(503);
    expect(await statusOf(fakeApi(502, 'Bad gateway').fetch)).toBe(503);
    expect(await statusOf(() => Promise.reject(new TypeError('fetch failed')))).toBe(503);
  });
});
