import { operationKeys } from '@gallop/api-client/query';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Chat, ChatListPages, ChatMessage, MessagePages } from './api';
import { chatKeys } from './keys';
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
  queryClient.setQueryData(chatKeys.unread(), { count: 2 });
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

  it('new_message during a load of the conversation keeps the message once the load answers', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const before: MessagePages = {
      pages: [{ items: [message(1)], has_more: false }],
      pageParams: [0],
    };
    // The server's list: stored messages only, the new one once it is stored.
    let stored: ChatMessage[] = [message(1)];
    let answerFirstLoad: () => void = () => undefined;
    let loads = 0;
    const fetching = queryClient.fetchInfiniteQuery({
      queryKey: chatKeys.messages(1),
      initialPageParam: 0,
      queryFn: async () => {
        loads += 1;
        const snapshot = [...stored];
        if (loads === 1) await new Promise<void>((resolve) => (answerFirstLoad = resolve));
        return { items: snapshot, has_more: false };
      },
    });
    queryClient.setQueryData(chatKeys.messages(1), before);
    // The message is stored and pushed while the first load, which read the list before it, is
    // still on its way.
    stored = [message(2), ...stored];
    addMessage(queryClient, message(2));
    answerFirstLoad();
    await fetching.catch(() => undefined);
    await expect
      .poll(() =>
        queryClient
          .getQueryData<MessagePages>(chatKeys.messages(1))
          ?.pages[0]?.items.map((item) => item.id),
      )
      .toEqual([2, 1]);
  });

  it('a system message about a booking has the booking read again; others do not', () => {
    const { queryClient, on } = setup();
    const booking = [...operationKeys.getBookingRequest, { query: { id: 7 } }];
    const organizers = [...operationKeys.getOrganizerBooking, { query: { id: 7 } }];
    queryClient.setQueryData(booking, { id: 7, status: 1 });
    queryClient.setQueryData(organizers, { id: 7, status: 1 });
    on.new_message({ chat_id: 1, message: message(3, { type: 'input' }) });
    expect(queryClient.getQueryState(booking)!.isInvalidated).toBe(false);
    on.new_message({
      chat_id: 1,
      message: message(4, { is_system: true, request_id: 7, type: 'input' }),
    });
    expect(queryClient.getQueryState(booking)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(organizers)!.isInvalidated).toBe(true);
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

  it('edits, deletions, moderation, attachment status and frozen chats change in place', () => {
    const { queryClient, on } = setup();
    // The room's copy is seen from outside the author's side: the user's own type stays.
    on.message_was_edit({
      chat_id: 1,
      message: message(1, { message: 'edited', edited_at: '2026-11-25T11:00:00Z', type: 'input' }),
    });
    expect(items(queryClient)[1]).toMatchObject({
      id: 1,
      type: 'output',
      message: 'edited',
      edited_at: '2026-11-25T11:00:00Z',
    });
    // A deleted message keeps its place as 'Message deleted', without text, file or actions.
    queryClient.setQueryData<MessagePages>(chatKeys.messages(1), {
      pages: [
        {
          items: [
            message(6, {
              file: { id: 1, name: 'a.jpg', url: '', download_status: 'pending' },
            }),
            message(2, {
              can_edit: true,
              can_delete: true,
              editable_until: '2026-11-26T10:00:00Z',
            }),
          ],
          has_more: false,
        },
      ],
      pageParams: [0],
    });
    on.message_was_deleted({ chat_id: 1, message_id: 2 });
    expect(items(queryClient)[1]).toEqual({
      ...message(2),
      message: '',
      is_deleted: true,
      can_edit: false,
      can_delete: false,
      editable_until: null,
    });
    on.attachment_download_status_was_changed({
      chat_id: 1,
      message_id: 6,
      download_status: 'ready',
      file: { id: 2, name: 'a.jpg', url: '/uploads/files/x/a.jpg', download_status: 'ready' },
    });
    expect(items(queryClient)[0]!.file).toEqual({
      id: 2,
      name: 'a.jpg',
      url: '/uploads/files/x/a.jpg',
      download_status: 'ready',
    });
    on.message_was_moderated({ chat_id: 1, message_id: 6 });
    expect(items(queryClient)[0]).toMatchObject({ is_moderated: true, message: '' });
    expect(items(queryClient)[0]!.file).toBeUndefined();
    on.chat_is_frozen({ chat_id: 1, is_frozen: true });
    expect(queryClient.getQueryData<Chat>(chatKeys.detail(1))!.is_frozen).toBe(true);
    on.crm_user_chat_notifications_enabled({ chat_id: 1, enabled: false });
    expect(queryClient.getQueryData<Chat>(chatKeys.detail(1))!.notifications_enabled).toBe(false);
  });

  it('chat_was_updated without a new last message (an edit, a freeze) keeps the list order', () => {
    const { queryClient, on } = setup();
    on.chat_was_updated({ chat: chat(1, { last_message: message(4) }) });
    expect(listIds(queryClient)).toEqual([1, 5]);
    on.chat_was_updated({ chat: chat(5, { is_frozen: true }) });
    expect(listIds(queryClient)).toEqual([1, 5]);
    const list = queryClient.getQueryData<ChatListPages>(chatKeys.list())!.pages[0]!.items;
    expect(list[1]!.is_frozen).toBe(true);
  });
});
