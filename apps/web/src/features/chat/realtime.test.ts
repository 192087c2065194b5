import { createGallopClient } from '@gallop/api-client';
import { SIGNED_IN_COOKIE } from '@gallop/session';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, MessagePages } from './api';
import { chatKeys } from './keys';
import { createCookieSessionStore } from '../../lib/session-tokens';
import { holdingSessionCalls } from '../../lib/session-calls';
import { signOut } from '../../lib/sign-out';
import { outboxFor, socketToken } from './realtime';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The browser's client: through the web server, with the cookie session store, holding the
 * session's calls back during a sign-out as `createGallopBrowserClient` does.
 */
const browserClient = (fetch: (request: Request) => Promise<Response>) =>
  createGallopClient({
    throwOnError: true,
    baseUrl: 'http://web.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    tokenStore: createCookieSessionStore(),
    fetch: holdingSessionCalls(fetch),
  });

describe('socketToken', () => {
  it('gives no token (the cookie rides with the handshake); after a refusal it calls the API first', async () => {
    const seen: string[] = [];
    const api = browserClient(async (request) => {
      seen.push(`${new URL(request.url).pathname} ${request.headers.get('X-Authorization') ?? ''}`);
      // The web server refreshed the cookies on its way (server/session-proxy.ts).
      return json(200, { count: 0 });
    });
    const getToken = socketToken(api);
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    try {
      await expect(getToken('connect')).resolves.toBeNull();
      expect(seen).toEqual([]);
      await expect(getToken('unauthorized')).resolves.toBeNull();
      expect(seen).toEqual(['/crm/api/chat/unread-count ']);
    } finally {
      document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
    }
    // Signed out meanwhile (a sign-out ends the socket too): no call that could only be a 401.
    await expect(getToken('unauthorized')).resolves.toBeNull();
    expect(seen).toEqual(['/crm/api/chat/unread-count ']);
  });

  it('makes no call for a handshake refused while a sign-out is on its way', async () => {
    const seen: string[] = [];
    let answerSignOut: ((response: Response) => void) | undefined;
    const api = browserClient(async (request) => {
      const path = new URL(request.url).pathname;
      seen.push(path);
      if (path !== '/crm/api/user/logout') return json(401, { message: 'Unauthorized' });
      return new Promise<Response>((resolve) => (answerSignOut = resolve));
    });
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    try {
      // The socket's chunk arrived just as the traveller pressed "Sign out" (seen in CI): the
      // handshake is refused before the sign-out's answer clears the marker cookie.
      const leaving = signOut(api);
      await vi.waitFor(() => expect(answerSignOut).toBeDefined());
      await expect(socketToken(api)('unauthorized')).resolves.toBeNull();
      expect(seen).toEqual(['/crm/api/user/logout']);
      document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
      answerSignOut!(json(200, { success: true }));
      await leaving;
    } finally {
      document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
    }
  });
});

/**
 * An API client whose send-message answers as the API stores it (`id`), recording each body;
 * while `reachable()` is false the call gets no answer at all.
 */
function sendingApi(id: number, reachable: () => boolean = () => true) {
  const bodies: { chat_id: number; message: string; client_id: string }[] = [];
  const api = createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: async (request) => {
      const body = (await request.json()) as (typeof bodies)[number];
      bodies.push(body);
      if (!reachable()) throw new TypeError('Failed to fetch');
      return json(200, {
        id,
        chat_id: body.chat_id,
        type: 'output',
        message: body.message,
        created_at: '2026-11-25T10:00:00Z',
        client_id: body.client_id,
      });
    },
  });
  return { api, bodies };
}

describe('outboxFor', () => {
  it('sends with the client id and puts the stored message into the open conversation', async () => {
    const { api, bodies } = sendingApi(50);
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

describe('outboxFor offline', () => {
  it('keeps a message whose send got no answer waiting, and sends it once, with its client id, when the connection returns', async () => {
    let reachable = false;
    const { api, bodies } = sendingApi(51, () => reachable);
    const listeners = new Set<() => void>();
    const connectivity = {
      online: true,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
    const outbox = outboxFor(api, new QueryClient(), connectivity);
    const item = outbox.enqueue({ chatId: 3, text: 'From the train' });
    await outbox.idle();
    // Not 'Not sent': it waits for the connection.
    expect(outbox.list(3)[0]).toMatchObject({ status: 'waiting', offline: true });

    reachable = true;
    for (const listener of listeners) listener();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await outbox.idle();
    expect(outbox.list(3)[0]!.status).toBe('success');
    expect(bodies.map((body) => body.client_id)).toEqual([item.clientId, item.clientId]);
  });
});
