/**
 * The chat calls of the web app (docs/product.md, Calls, "Chat", under /crm/api/chat) as
 * react-query options. Server data lives only in the query cache: the realtime events (./cache.ts)
 * update the same entries these options fill. Failures of the counters degrade quietly
 * (docs/product.md, Errors): unread count 0, support chat id null.
 */
import { quietly } from '../../lib/quiet-query';
import { CHAT_PAGE_SIZE } from '@gallop/chat';
import type { components, GallopClient } from '@gallop/api-client';
import {
  gallopInfiniteQueryOptions,
  getChatQueryOptions,
  listBookingRequestsForChatQueryOptions,
} from '@gallop/api-client/query';
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';

export type Chat = components['schemas']['Chat'];
type ChatList = components['schemas']['ChatList'];
export type ChatMessage = components['schemas']['ChatMessage'];
type ChatMessages = components['schemas']['ChatMessages'];
/** A booking beside a chat: the organizer's side and support read it without its `uuid`. */
export type RelatedBooking = components['schemas']['BookingRequestView'];

/** The user's chats, 20 a page ('Load more'). */
export const chatListQuery = (api: GallopClient<true>) => ({
  ...gallopInfiniteQueryOptions(
    api,
    '/crm/api/chat/list',
    { query: { limit: CHAT_PAGE_SIZE } },
    {
      param: 'offset',
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
        return loaded < last.total && last.items.length > 0 ? loaded : undefined;
      },
    },
  ),
  retry: false,
});

export const chatQuery = (api: GallopClient<true>, id: number) => ({
  ...getChatQueryOptions(api, { query: { chat_id: id } }),
  retry: false,
});

/** A chat's messages, newest first, by offset ('Load earlier messages'). */
export const chatMessagesQuery = (api: GallopClient<true>, id: number) => ({
  ...gallopInfiniteQueryOptions(
    api,
    '/crm/api/chat/get-messages',
    { query: { chat_id: id } },
    {
      param: 'offset',
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        last.has_more ? pages.reduce((sum, page) => sum + page.items.length, 0) : undefined,
    },
  ),
  retry: false,
});

/**
 * The user's booking requests that belong to the chat's organizer, shown beside it; none when
 * the call fails (logged quietly).
 */
export function relatedBookingsQuery(api: GallopClient<true>, id: number) {
  const options = listBookingRequestsForChatQueryOptions(api, { query: { chat_id: id } });
  return queryOptions({
    ...options,
    queryFn: quietly(options.queryFn, { items: [] }, 'Chat: could not load the related bookings'),
    select: (data): RelatedBooking[] => data.items,
  });
}

/** The support chat (created on first use); null when the call fails (docs/product.md, Errors). */
export async function getSupportChat(api: GallopClient<true>): Promise<Chat | null> {
  try {
    return (await api.GET('/crm/api/chat/get-chat-with-support')).data;
  } catch (error) {
    console.warn('Chat: could not open the support chat', error);
    return null;
  }
}

export async function markChatAsRead(api: GallopClient<true>, chatId: number): Promise<void> {
  await api.POST('/crm/api/chat/mark-as-read', { body: { chat_id: chatId } });
}

export async function sendChatMessage(
  api: GallopClient<true>,
  body: { chat_id: number; message?: string; file_id?: number; client_id: string },
): Promise<ChatMessage> {
  return (await api.POST('/crm/api/chat/send-message', { body })).data;
}

/** The author changes the text of their message; answers it as it is now. */
export async function editChatMessage(
  api: GallopClient<true>,
  messageId: number,
  text: string,
): Promise<ChatMessage> {
  return (
    await api.POST('/crm/api/chat/edit-message', {
      body: { message_id: messageId, message: text },
    })
  ).data;
}

/** The author deletes their message for everyone. */
export async function deleteChatMessage(
  api: GallopClient<true>,
  messageId: number,
): Promise<ChatMessage> {
  return (await api.POST('/crm/api/chat/delete-message', { body: { message_id: messageId } })).data;
}

/** Gallop support hides a message for everyone. */
export async function moderateChatMessage(
  api: GallopClient<true>,
  messageId: number,
): Promise<ChatMessage> {
  return (await api.POST('/crm/api/chat/moderate-message', { body: { message_id: messageId } }))
    .data;
}

/** Gallop support freezes or unfreezes a chat; answers whether it is frozen now. */
export async function freezeChat(
  api: GallopClient<true>,
  chatId: number,
  frozen: boolean,
): Promise<boolean> {
  return (
    await api.POST('/crm/api/chat/freeze-chat', { body: { chat_id: chatId, is_frozen: frozen } })
  ).data.is_frozen;
}

/** Support cancels a booking with a reason (status → 8); everything paid is refunded. */
export async function cancelBookingAsSupport(
  api: GallopClient<true>,
  id: number,
  reason: string,
): Promise<void> {
  await api.POST('/crm/api/support/booking/cancel', { body: { id, reason } });
}

/** Uploads a picture for a message; answers the file id to send. */
export async function uploadChatImage(api: GallopClient<true>, file: File): Promise<number> {
  const { data } = await api.POST('/crm/api/image/upload', {
    // The contract types the part as a string; the serializer sends the File itself.
    body: { file: file.name, bucket: 'chat' },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('bucket', 'chat');
      return form;
    },
  });
  return data.id;
}

/** Loads what `/chat/{id?}` shows, so the server render has it (loaders call this). */
export async function prefetchChatPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  chatId: number | undefined,
): Promise<void> {
  const list = queryClient.ensureInfiniteQueryData(chatListQuery(api));
  if (chatId === undefined) {
    await list;
    return;
  }
  // The chat itself decides 404 first: a query started for a chat that is not there would be
  // sent to the browser as pending and fail there.
  list.catch(() => undefined); // awaited below; not left unhandled if the chat fails first
  await queryClient.ensureQueryData(chatQuery(api, chatId));
  await Promise.all([
    queryClient.ensureInfiniteQueryData(chatMessagesQuery(api, chatId)),
    queryClient.prefetchQuery(relatedBookingsQuery(api, chatId)),
    list,
  ]);
}

export type MessagePages = InfiniteData<ChatMessages, number>;
export type ChatListPages = InfiniteData<ChatList, number>;
