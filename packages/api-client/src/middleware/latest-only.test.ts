import { describe, expect, it } from 'vitest';
import { COMPLETION_PATH } from '../paths';
import { serverPerTest, testClient } from '../test-utils/http-server';
import { loose } from '../test-utils/loose-client';

const start = serverPerTest();

const phrase = (value: string) => ({ params: { query: { phrase: value, limit: 5 } } });
const completion = '/spa/tours-filter-completion';

describe('phrase completion', () => {
  it('is the path the contract names', () => {
    expect(COMPLETION_PATH).toBe(completion);
  });

  it('cancels the previous pending call when a new one starts', async () => {
    const server = await start((request) => ({
      delayMs: 100,
      body: { data: [request.query.get('phrase')] },
    }));
    const client = testClient(server);

    const first = client.GET(completion, phrase('mon'));
    const second = client.GET(completion, phrase('mong'));

    await expect(first).rejects.toMatchObject({ name: 'ApiError', kind: 'abort' });
    await expect(second).resolves.toMatchObject({ data: { data: ['mong'] } });
  });

  it('does not cancel a finished call, nor calls to other paths', async () => {
    const server = await start((request) => ({ delayMs: 50, body: { path: request.path } }));
    const client = testClient(server);

    await client.GET(completion, phrase('a'));
    const other = loose(client).GET('/spa/tours');
    const next = client.GET(completion, phrase('b'));

    await expect(other).resolves.toMatchObject({ data: { path: '/spa/tours' } });
    await expect(next).resolves.toMatchObject({ data: { path: COMPLETION_PATH } });
  });
});
