/**
 * The chat's realtime side (docs/product.md, States, "Chat"): for a signed-in user, one socket per
 * tab (opened in the browser only), its events applied to the query cache, a sound and a blinking
 * tab for each incoming message, and the outgoing-message queue shared by every conversation.
 */
import {
  browserConnectivity,
  chatConnectivity,
  createOutbox,
  createTabBlinker,
  type ChatConnection,
  type Connectivity,
  type DisposableConnectivity,
  type Outbox,
} from '@gallop/chat';
import { isApiError, type GallopClient } from '@gallop/api-client';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useSyncExternalStore } from 'react';
import { useApi } from '../../lib/api';
import { isCrossOrigin, readRuntimeConfig } from '../../lib/runtime-config';
import { hasSession } from '../../lib/session-tokens';
import { sendChatMessage, type Chat, type ChatMessage } from './api';
import { chatKeys } from './keys';
import { addMessage, chatEventHandlers, type ChatEvents } from './cache';
import { playIncomingSound } from './sound';

export interface ChatRealtimeState {
  connection: ChatConnection<ChatMessage, Chat>;
  outbox: Outbox<ChatMessage>;
}

const realtimeAtom = atom<ChatRealtimeState | null>(null);

/** The tab's connection and outbox; null while signed out and during the server render. */
export function useChatRealtime(): ChatRealtimeState | null {
  return useAtomValue(realtimeAtom);
}

/** The favicon shown in turn with the site's while a message waits in a hidden tab. */
const ALERT_FAVICON = '/favicon-message.svg';

/**
 * The socket's token: none from the page. The handshake goes through the web server, which adds
 * `X-Authorization` from the HttpOnly session cookie. A refused handshake (the access token
 * expired) first makes an authenticated call: its 401 makes the web server refresh the session
 * cookies, which the next handshake then carries.
 */
export function socketToken(api: GallopClient<true>) {
  return async (reason: 'connect' | 'unauthorized'): Promise<null> => {
    // Signed out meanwhile (the sign-out also ends the socket): nothing to refresh, and the call
    // would only be a 401. During a sign-out the browser's client holds it back itself
    // (lib/session-calls.ts).
    if (reason === 'unauthorized' && hasSession(api)) {
      await api.GET('/crm/api/chat/unread-count').catch(() => undefined);
    }
    return null;
  };
}

let tabNetwork: DisposableConnectivity | undefined;

/** The browser's network state, one for the tab (always online during the server render). */
function browserNetwork(): Connectivity {
  return (tabNetwork ??= browserConnectivity(typeof window === 'undefined' ? undefined : window));
}

/**
 * Sends through the API and puts the stored message into the conversation at once. Offline (as
 * `connectivity` says, or a call that got no answer), messages wait and go out once, with their
 * client id, when the connection returns.
 */
export function outboxFor(
  api: GallopClient<true>,
  queryClient: QueryClient,
  connectivity: Connectivity = browserNetwork(),
): Outbox<ChatMessage> {
  return createOutbox<ChatMessage>({
    send: async (request) => {
      const message = await sendChatMessage(api, request);
      addMessage(queryClient, message);
      return message;
    },
    // Over the send limit the API client shows the captcha and sends the message again; only a
    // captcha the writer closed gets here. The message and those behind it wait for them.
    isHeld: (error) =>
      isApiError(error) && (error.kind === 'captcha' || error.kind === 'hard_captcha'),
    connectivity,
    // No answer at all: the message may or may not have arrived; its client id makes the resend safe.
    isOffline: (error) =>
      isApiError(error) && (error.kind === 'network' || error.kind === 'timeout'),
  });
}

/** Mount once in the app shell with the signed-in user's id (undefined when signed out). */
export function ChatRealtime({ userId }: { userId: number | undefined }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const setRealtime = useSetAtom(realtimeAtom);

  useEffect(() => {
    if (userId === undefined) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    void import('./socket')
      .then(({ createChatConnection }) => {
        if (cancelled) return;
        const { socketUrl } = readRuntimeConfig();
        const connection = createChatConnection<ChatMessage, Chat>({
          // The runtime socket URL, by default this origin (the web server forwards /socket.io).
          url: socketUrl,
          ...(isCrossOrigin(socketUrl, window.location.origin)
            ? { socketOptions: { withCredentials: true } }
            : {}),
          getToken: socketToken(api),
          onError: (message, error) => console.warn(message, error ?? ''),
        });
        const blinker = createTabBlinker({ alertFavicon: ALERT_FAVICON });
        const handlers = chatEventHandlers(queryClient, userId);
        const offs = (Object.keys(handlers) as (keyof ChatEvents)[]).map((event) =>
          connection.on(event, handlers[event] as (payload: unknown) => void),
        );
        offs.push(
          // Events missed while disconnected: the counters and the list load again.
          connection.onStatus((status) => {
            // Tests and support tools read the state from the document.
            document.documentElement.dataset.chatRealtime = status;
            if (status === 'connected') {
              for (const queryKey of chatKeys.all) void queryClient.invalidateQueries({ queryKey });
            }
          }),
          connection.on('new_message', ({ message }) => {
            if (message.type !== 'input') return;
            playIncomingSound();
            blinker.notify();
          }),
        );
        // Offline as well when the socket lost the server; back when it reconnects.
        const connectivity = chatConnectivity(connection, browserNetwork());
        const outbox = outboxFor(api, queryClient, connectivity);
        setRealtime({ connection, outbox });
        cleanup = () => {
          for (const off of offs) off();
          outbox.dispose();
          connectivity.dispose();
          connection.close();
          blinker.dispose();
          setRealtime(null);
        };
      })
      .catch((error: unknown) => console.warn('Chat: the realtime client did not load', error));
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [api, queryClient, userId, setRealtime]);

  return null;
}

/** The outgoing messages of one chat, re-rendering on every status change. */
export function useOutgoing(outbox: Outbox<ChatMessage> | undefined, chatId: number) {
  return useSyncExternalStore(
    (listener) => outbox?.subscribe(listener) ?? (() => {}),
    () => (outbox ? outbox.list(chatId) : EMPTY),
    () => EMPTY,
  );
}
const EMPTY: never[] = [];
