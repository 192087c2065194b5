import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createServerApiClient } from '../../lib/api';
import { loadRequestForAnswer } from './api';
import { requestFixture } from './testing/request-fixture';

/** The loader over an API that answers every call with `status` (and the request on 200). */
function load(token: string, status: number) {
  const calls: string[] = [];
  const api = createServerApiClient({
    request: new Request('http://web.test/partner/answer'),
    fetch: async (request) => {
      calls.push(new URL(request.url).search);
      return status === 200
        ? Response.json(requestFixture())
        : Response.json({ message: 'This link is not valid' }, { status });
    },
  });
  return { calls, loading: loadRequestForAnswer(new QueryClient(), api, token) };
}

describe('loadRequestForAnswer', () => {
  it('loads the request of the token', async () => {
    const { calls, loading } = load('abc.def', 200);
    expect((await loading).id).toBe(4821);
    expect(calls).toEqual(['?token=abc.def']);
  });

  it('is the 404 page without a token, and for a token the API does not know or cannot read', async () => {
    const missing = load('', 200);
    expect(isNotFound(await missing.loading.catch((error: unknown) => error))).toBe(true);
    expect(missing.calls).toEqual([]);
    for (const status of [400, 404]) {
      const failed = await load('abc.def', status).loading.catch((error: unknown) => error);
      expect(isNotFound(failed), String(status)).toBe(true);
    }
  });

  it('lets any other failure through to the error page', async () => {
    const failed = await load('abc.def', 503).loading.catch((error: unknown) => error);
    expect(isNotFound(failed)).toBe(false);
    expect(failed).toMatchObject({ status: 503 });
  });
});
