import { createGallopClient } from '@gallop/api-client';

/** A client whose API answers every call with `status` and `body`, recording the calls. */
export function clientAnswering(status: number, body: unknown) {
  const seen: URL[] = [];
  const api = createGallopClient({
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      seen.push(new URL(request.url));
      return Response.json(body, { status });
    },
  });
  return { api, seen };
}

/** What a promise rejects with, or undefined when it resolves. */
export const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
