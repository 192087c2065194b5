import { createFakeApi, fakeAnswers } from './fake-api';

/** What a fake POST answers: a status and a JSON body. */
export interface FakePostAnswer {
  status: number;
  body: unknown;
}

/**
 * A fake API whose POST answers are chosen per path (404 for others) and whose GETs answer from
 * `answers` as {@link createFakeApi} does. `sent` lists each POST's path and JSON body.
 */
export function createFakeApiWithPosts(
  posts: Record<string, FakePostAnswer>,
  answers: Record<string, unknown> = fakeAnswers,
) {
  const gets = createFakeApi(answers);
  const sent: { path: string; body: unknown }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'POST') return gets.fetch(request);
    sent.push({ path, body: await request.json() });
    const answer = posts[path] ?? { status: 404, body: { message: 'Not found' } };
    return Response.json(answer.body, { status: answer.status });
  };
  return { fetch, sent };
}
