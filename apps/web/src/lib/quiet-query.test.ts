import { describe, expect, it, vi } from 'vitest';
import { quietly } from './quiet-query';

// The query functions under test read nothing of their context.
const context = {} as never;

describe('quietly', () => {
  it('answers the call when it succeeds', async () => {
    const run = quietly(async () => ({ count: 3 }), { count: 0 }, 'unread');
    expect(await run(context)).toEqual({ count: 3 });
  });

  it('answers the fallback and logs when the call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new Error('down');
    const run = quietly(() => Promise.reject(failure), { count: 0 }, 'Chat: unread');
    expect(await run(context)).toEqual({ count: 0 });
    expect(warn).toHaveBeenCalledWith('Chat: unread', failure);
    warn.mockRestore();
  });

  it('rethrows what the page reports itself', async () => {
    const notFound = Object.assign(new Error('missing'), { status: 404 });
    const run = quietly(
      () => Promise.reject(notFound),
      { flags: false },
      'flags',
      (error) => (error as { status?: number }).status === 404,
    );
    await expect(run(context)).rejects.toBe(notFound);
  });
});
