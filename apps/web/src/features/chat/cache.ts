/**
 * The realtime events (decision 026, spec section 4) applied to the query cache: the lists,
 * the open conversation and the unread count change in place, without refetching what the event
 * already carries. Entries that are not cached are left alone (they load fresh when opened).
 */
import type { ChatServerEvents } from '@gallop/chat';
import type { QueryClient } from '@tanstack/react-query';
import type { Chat, ChatListPages, ChatMessage, MessagePages } from './api';
import { chatKeys } from './unread';

export type ChatEvents = ChatServerEvents<ChatMessage, Chat>;

function updateMessages(
  queryClient: QueryClient,
  chatId: number,
  change: (items: ChatMessage[], pageIndex: number) => ChatMessage[],
) {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index) })),
        }
      : data,
  );
}

/** Adds a message to the newest page of its chat, once (the sender's REST answer and the push
 * carry the same message). */
export function addMessage(queryClient: QueryClient, message: ChatMessage): void {
  const data = queryClient.getQueryData<MessagePages>(chatKeys.messages(message.chat_id));
  if (!data || data.pages.some((page) => page.items.some((item) => item.id === message.id))) return;
  updateMessages(queryClient, message.chat_id, (items, index) =>
    index === 0 ? [message, ...items] : items,
  );
}

function updateChat(queryClient: QueryClient, chatId: number, change: (chat: Chat) => Chat) {
  queryClient.setQueryData<Chat>(chatKeys.detail(chatId), (chat) => (chat ? change(chat) : chat));
  queryClient.setQueryData<ChatListPages>(chatKeys.list(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((chat) => (chat.id === chatId ? change(chat) : chat)),
          })),
        }
      : data,
  );
}

/** A changed chat replaces its copies; in the list it moves to the top (newest activity first). */
export function putChat(queryClient: QueryClient, chat: Chat): void {
  queryClient.setQueryData<Chat>(chatKeys.detail(chat.id), (old) => (old ? chat : old));
  const list = queryClient.getQueryData<ChatListPages>(chatKeys.list());
  if (!list) return;
  const known = list.pages.some((page) => page.items.some((item) => item.id === chat.id));
  queryClient.setQueryData<ChatListPages>(chatKeys.list(), {
    ...list,
    pages: list.pages.map((page, index) => {
      const rest = page.items.filter((item) => item.id !== chat.id);
      return index === 0
        ? { ...page, items: [chat, ...rest], total: known ? page.total : page.total + 1 }
        : { ...page, items: rest };
    }),
  });
}

/** Marks the chat read for this user in the cached lists (after mark-as-read). */
export function markReadInCache(queryClient: QueryClient, chatId: number): void {
  updateChat(queryClient, chatId, (chat) => ({ ...chat, unread_count: 0 }));
  updateMessages(queryClient, chatId, (items) =>
    items.map((item) =>
      item.type === 'input' && !item.is_read ? { ...item, is_read: true } : item,
    ),
  );
}

/** Every server event with what it changes; `userId` is the signed-in user. */
export function chatEventHandlers(
  queryClient: QueryClient,
  userId: number,
): { [Event in keyof ChatEvents]: (payload: ChatEvents[Event]) => void } {
  const refreshUnread = () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  const refetchMessages = (chatId: number) =>
    void queryClient.invalidateQueries({ queryKey: chatKeys.messages(chatId) });
  return {
    new_message: ({ message }) => {
      addMessage(queryClient, message);
      if (message.type === 'input') refreshUnread();
    },
    chat_created: ({ chat }) => {
      putChat(queryClient, chat);
      refreshUnread();
    },
    chat_was_updated: ({ chat }) => {
      putChat(queryClient, chat);
      refreshUnread();
    },
    chat_is_read: ({ chat_id, reader_id }) => {
      if (reader_id === userId) {
        markReadInCache(queryClient, chat_id);
        refreshUnread();
      } else {
        // The other side read the conversation: the user's own messages show as read.
        updateMessages(queryClient, chat_id, (items) =>
          items.map((item) => (item.type === 'output' ? { ...item, is_read: true } : item)),
        );
      }
    },
    message_was_edit: ({ chat_id, message }) =>
      updateMessages(queryClient, chat_id, (items) =>
        items.map((item) => (item.id === message.id ? message : item)),
      ),
    message_was_deleted: ({ chat_id, message_id }) =>
      updateMessages(queryClient, chat_id, (items) =>
        items.filter((item) => item.id !== message_id),
      ),
    // The moderated text and a file's new status come with the message: load it again.
    message_was_moderated: ({ chat_id }) => refetchMessages(chat_id),
    attachment_download_status_was_changed: ({ chat_id, message_id, download_status }) =>
      updateMessages(queryClient, chat_id, (items) =>
        items.map((item) =>
          item.id === message_id && item.file
            ? { ...item, file: { ...item.file, download_status } }
            : item,
        ),
      ),
    chat_is_frozen: ({ chat_id, is_frozen }) =>
      updateChat(queryClient, chat_id, (chat) => ({ ...chat, is_frozen })),
    crm_user_chat_notifications_enabled: ({ chat_id, enabled }) =>
      updateChat(queryClient, chat_id, (chat) => ({ ...chat, notifications_enabled: enabled })),
  };
}
