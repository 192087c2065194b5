/**
 * The chat's query keys, for the code that changes the cache without an API client at hand (the
 * realtime events, ./cache.ts). They are the contract's keys (`@gallop/api-client/query`), so they
 * name the entries the options of ./api.ts and ./unread.ts fill; ./keys.test.ts keeps them equal.
 */
import { CHAT_PAGE_SIZE } from '@gallop/chat';
import { gallopInfiniteQueryKey, gallopQueryKey } from '@gallop/api-client/query';

export const chatKeys = {
  /** The prefixes of every entry the chat keeps: what a reconnect reads again. */
  all: [
    gallopQueryKey('/crm/api/chat/list'),
    gallopQueryKey('/crm/api/chat/get-chat'),
    gallopQueryKey('/crm/api/chat/get-messages'),
    gallopQueryKey('/crm/api/request/list-for-chat'),
    gallopQueryKey('/crm/api/chat/unread-count'),
  ],
  /** The user's chats, page by page. */
  list: () => gallopInfiniteQueryKey('/crm/api/chat/list', { query: { limit: CHAT_PAGE_SIZE } }),
  detail: (id: number) => gallopQueryKey('/crm/api/chat/get-chat', { query: { chat_id: id } }),
  /** A chat's messages, page by page. */
  messages: (id: number) =>
    gallopInfiniteQueryKey('/crm/api/chat/get-messages', { query: { chat_id: id } }),
  unread: () => gallopQueryKey('/crm/api/chat/unread-count'),
};
