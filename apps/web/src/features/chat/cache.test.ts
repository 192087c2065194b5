import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Chat, ChatListPages, ChatMessage, MessagePages } from './api';
import { chatKeys } from './unread';
import { addMessage, chatEventHandlers } from './cache';

const ME = 7;
const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_id: 1,
  type: 'input',
  message: `m${id}`,
  created_at: '2026-11-25T10:00:00Z',
  ...extra,
});
const chat = (id: number, extra: Partial<Chat> = {}): Chat => ({
  id,
  title: `Chat ${id}`,
  unread_count: 0,
  is_frozen: false,
  ...extra,
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<MessagePages>(chatKeys.messages(1), {
    pages: [{ items: [message(2), message(1, { type: 'output' })], has_more: false }],
    pageParams: [0],
  });
  queryClient.setQueryData<ChatListPages>(chatKeys.list(), {
    pages: [{ items: [chat(5), chat(1, { unread_count: 2 })], total: 2 }],
    pageParams: [0],
  });
  queryClient.setQueryData(chatKeys.detail(1), chat(1, { unread_count: 2 }));
  queryClient.setQueryData(chatKeys.unread(), 2);
  return { queryClient, on: chatEventHandlers(queryClient, ME) };
}

const items = (queryClient: QueryClient) =>
  queryClient.getQueryData<MessagePages>(chatKeys.messages(1))!.pages[0]!.items;
const listIds = (queryClient: QueryClient) =>
  queryClient.getQueryData<ChatListPages>(chatKeys.list())!.pages[0]!.items.map((c) => c.id);

describe('chat events on the query cache', () => {
  it('new_message adds the message once and refreshes the unread count for incoming ones', () => {
    const { queryClient, on } = setup();
    on.new_message({ chat_id: 1, message: message(3) });
    on.new_message({ chat_id: 1, message: message(3) });
    addMessage(queryClient, message(3));
    expect(items(queryClient).map((m) => m.id)).toEqual([3, 2, 1]);
    expect(queryClient.getQueryState(chatKeys.unread())!.isInvalidated).toBe(true);
  });

  it('new_message of an uncached chat leaves the cache alone', () => {
    const { queryClient, on } = setup();
    on.new_message({ chat_id: 42, message: message(9, { chat_id: 42 }) });
    expect(queryClient.getQueryData(chatKeys.messages(42))).toBeUndefined();
  });

  it('chat_was_updated replaces the chat and moves it to the top; chat_created adds one', () => {
    const { queryClient, on } = setup();
    on.chat_was_updated({ chat: chat(1, { unread_count: 3, last_message: message(4) }) });
    expect(listIds(queryClient)).toEqual([1, 5]);
    expect(queryClient.getQueryData<Chat>(chatKeys.detail(1))!.unread_count).toBe(3);
    on.chat_created({ chat: chat(8) });
    expect(listIds(queryClient)).toEqual([8, 1, 5]);
    expect(queryClient.getQueryData<ChatListPages>(chatKeys.list())!.pages[0]!.total).toBe(3);
  });

  it('chat_is_read: by me zeroes the counters; by the other side marks my messages read', () => {
    const { queryClient, on } = setup();
    on.chat_is_read({ chat_id: 1, reader_id: 99 });
    expect(items(queryClient).map((m) => [m.type, m.is_read])).toEqual([
      ['input', undefined],
      ['output', true],
    ]);
    on.chat_is_read({ chat_id: 1, reader_id: ME });
    expect(queryClient.getQueryData<Chat>(chatKeys.detail(1))!.unread_count).toBe(0);
    expect(items(queryClient)[0]!.is_read).toBe(true);
  });

  it('edits, deletions, attachment status and frozen chats change in place', () => {
    const { queryClient, on } = setup();
    on.message_was_edit({ chat_id: 1, message: message(2, { message: 'edited' }) });
    expect(items(queryClient)[0]!.message).toBe('edited');
    on.message_was_deleted({ chat_id: 1, message_id: 2 });
    expect(items(queryClient).map((m) => m.id)).toEqual([1]);
    queryClient.setQueryData<MessagePages>(chatKeys.messages(1), {
      pages: [
        {
          items: [
            message(6, {
              file: { id: 1, name: 'a.jpg', url: '/a.jpg', download_status: 'pending' },
            }),
          ],
          has_more: false,
        },
      ],
      pageParams: [0],
    });
    on.attachment_download_status_was_changed({
      chat_id: 1,
      message_id: 6,
      download_status: 'ready',
    });
    expect(items(queryClient)[0]!.file!.download_status).toBe('ready');
    on.chat_is_frozen({ chat_id: 1, is_frozen: true });
    expect(queryClient.getQueryData<Chat>(chatKeys.detail(1))!.is_frozen).toBe(true);
    on.crm_user_chat_notifications_enabled({ chat_id: 1, enabled: false });
    expect(queryClient.getQueryData<Chat>(chatKeys.detail(1))!.notifications_enabled).toBe(false);
    on.message_was_moderated({ chat_id: 1, message_id: 6 });
    expect(queryClient.getQueryState(chatKeys.messages(1))!.isInvalidated).toBe(true);
  });
});
