import { ApiError } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerApiClient } from '../../lib/api';
import { unreadCountQuery } from './unread';

/** The query's function over an API whose every call fails with `error`. */
async function countAfter(error: ApiError) {
  const api = createServerApiClient({
    request: new Request('http://web.test/'),
    fetch: async () => {
      throw error;
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return queryClient.fetchQuery(unreadCountQuery(api));
}

describe('unreadCountQuery', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts 0 and logs quietly when the call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new ApiError({ kind: 'network', status: 0, message: 'Offline' });
    await expect(countAfter(failure)).resolves.toEqual({ count: 0 });
    expect(warn).toHaveBeenCalledWith('Chat: could not load the unread count', expect.anything());
  });

  it('logs nothing for a cancelled call, and keeps no made-up count', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cancelled = new ApiError({
      kind: 'abort',
      status: 0,
      message: 'The request was cancelled',
    });
    await expect(countAfter(cancelled)).rejects.toMatchObject({ kind: 'abort' });
    expect(warn).not.toHaveBeenCalled();
  });
});
