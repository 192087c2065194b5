import { createGallopClient } from '@gallop/api-client';

/** A client whose API answers each call with what `answer` makes of its address, recording them. */
export function clientWith(answer: (url: URL) => Response | Promise<Response>) {
  const seen: URL[] = [];
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      const url = new URL(request.url);
      seen.push(url);
      return answer(url);
    },
  });
  return { api, seen };
}

/** A client whose API answers every call with `status` and `body`, recording the calls. */
export function clientAnswering(status: number, body: unknown) {
  return clientWith(() => Response.json(body, { status }));
}

/** What a promise rejects with, or undefined when it resolves. */
export const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
