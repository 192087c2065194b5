import { createGallopClient, createMemoryTokenStore } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, MessagePages } from './api';
import { chatKeys } from './unread';
import { outboxFor, socketToken } from './realtime';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('socketToken', () => {
  it('gives the stored token, and after a refusal refreshes the session first', async () => {
    const tokenStore = createMemoryTokenStore({ token: 'old', refreshToken: 'r1' });
    const seen: string[] = [];
    const api = createGallopClient({
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      tokenStore,
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        seen.push(`${path} ${request.headers.get('X-Authorization') ?? ''}`);
        if (path === '/crm/api/user/refresh-token')
          return json(200, { token: 'new', refresh_token: 'r2' });
        return request.headers.get('X-Authorization') === 'Bearer new'
          ? json(200, { count: 0 })
          : json(401, { message: 'Unauthorized' });
      },
    });
    const getToken = socketToken(api);
    await expect(getToken('connect')).resolves.toBe('old');
    expect(seen).toEqual([]);
    await expect(getToken('unauthorized')).resolves.toBe('new');
    expect(seen.some((line) => line.startsWith('/crm/api/user/refresh-token'))).toBe(true);
    expect(seen.at(-1)).toBe('/crm/api/chat/unread-count Bearer new');
  });
});

describe('outboxFor', () => {
  it('sends with the client id and puts the stored message into the open conversation', async () => {
    const bodies: unknown[] = [];
    const api = createGallopClient({
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      fetch: async (request) => {
        const body = (await request.json()) as {
          chat_id: number;
          message: string;
          client_id: string;
        };
        bodies.push(body);
        return json(200, {
          id: 50,
          chat_id: body.chat_id,
          type: 'output',
          message: body.message,
          created_at: '2026-11-25T10:00:00Z',
          client_id: body.client_id,
        });
      },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData<MessagePages>(chatKeys.messages(3), {
      pages: [{ items: [], has_more: false }],
      pageParams: [0],
    });
    const outbox = outboxFor(api, queryClient);
    const item = outbox.enqueue({ chatId: 3, text: 'Hello' });
    await outbox.idle();
    expect(bodies).toEqual([{ chat_id: 3, client_id: item.clientId, message: 'Hello' }]);
    expect(outbox.list(3)[0]!.status).toBe('success');
    const stored = queryClient.getQueryData<MessagePages>(chatKeys.messages(3))!.pages[0]!.items;
    expect(stored.map((message: ChatMessage) => message.id)).toEqual([50]);
  });
});
