import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { loose } from '../test-utils/loose-client';
import { serverPerTest, testClient, type ReceivedRequest } from '../test-utils/http-server';
import { createMemoryTokenStore } from '../tokens';

const start = serverPerTest();

/** Refuses calls without a solution with `kind`; answers the ones that carry `good`. */
const limitedServer = (kind: 'captcha' | 'hard_captcha' = 'captcha') =>
  start((request: ReceivedRequest) =>
    request.headers['x-captcha'] === 'good'
      ? { body: { result: true } }
      : { status: 429, body: { message: 'Too many requests', type: kind } },
  );

describe('a 429 asking for a captcha', () => {
  it('shows the challenge and sends the same call again with its solution', async () => {
    const server = await limitedServer('hard_captcha');
    const solve = vi.fn(async (_kind: string) => 'good');
    const onCaptcha = vi.fn();
    const tokenStore = createMemoryTokenStore({ token: 'before', refreshToken: null });
    const client = loose(testClient(server, { solveCaptcha: solve, onCaptcha, tokenStore }));
    // The token changes while the challenge is shown: the retry sends the current one.
    solve.mockImplementationOnce(async () => {
      await tokenStore.set({ token: 'after', refreshToken: null });
      return 'good';
    });

    const answer = await client.POST('/crm/api/chat/send-message', {
      body: { chat_id: 7, message: 'Hello', client_id: 'c-1' },
    });

    expect(answer.data).toEqual({ result: true });
    expect(solve).toHaveBeenCalledOnce();
    expect(solve.mock.calls[0]?.[0]).toBe('hard_captcha');
    expect(onCaptcha).not.toHaveBeenCalled();
    const [first, retry] = server.received;
    expect(server.received).toHaveLength(2);
    expect(first?.headers['x-captcha']).toBeUndefined();
    expect(retry?.headers['x-captcha']).toBe('good');
    expect(retry?.body).toEqual({ chat_id: 7, message: 'Hello', client_id: 'c-1' });
    expect(retry?.headers['x-authorization']).toBe('Bearer after');
    expect(retry?.headers['x-currency']).toBe('EUR');
  });

  it('sends a call again once only: a second 429 fails it with the captcha error', async () => {
    const server = await limitedServer();
    const solve = vi.fn(async () => 'used-already');
    const client = loose(testClient(server, { solveCaptcha: solve }));

    const failure = await client.GET('/spa/tours').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'captcha', status: 429 });
    expect(solve).toHaveBeenCalledOnce();
    expect(server.received).toHaveLength(2);
  });

  it('passes the 429 on when the visitor closes the challenge', async () => {
    const server = await limitedServer();
    const client = loose(testClient(server, { solveCaptcha: async () => null }));

    await expect(client.GET('/spa/tours')).rejects.toMatchObject({ kind: 'captcha' });
    expect(server.received).toHaveLength(1);
  });

  it('leaves other 429s and clients without a solver alone', async () => {
    const server = await start(() => ({ status: 429, body: { message: 'Slow down' } }));
    const solve = vi.fn(async () => 'good');
    await expect(
      loose(testClient(server, { solveCaptcha: solve })).GET('/spa/tours'),
    ).rejects.toMatchObject({ kind: 'http', status: 429 });
    expect(solve).not.toHaveBeenCalled();

    const limited = await limitedServer();
    await expect(loose(testClient(limited)).GET('/spa/tours')).rejects.toMatchObject({
      kind: 'captcha',
    });
    expect(limited.received).toHaveLength(1);
  });
});
