/**
 * The chat's query keys and the unread count of the header's 'Messages' link. Apart from
 * ./api.ts because the header is in every page's first load and the chat calls are not (issue 7).
 */
import type { GallopClient } from '@gallop/api-client';

export const chatKeys = {
  all: ['chat'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  detail: (id: number) => [...chatKeys.all, 'detail', id] as const,
  messages: (id: number) => [...chatKeys.all, 'messages', id] as const,
  bookings: (id: number) => [...chatKeys.all, 'bookings', id] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
};

/** Unread messages in all the user's chats; 0 when the call fails (docs/product.md, Errors). */
export const unreadCountQuery = (api: GallopClient) => ({
  queryKey: chatKeys.unread(),
  queryFn: async (): Promise<number> => {
    try {
      return (await api.GET('/crm/api/chat/unread-count')).data.count;
    } catch (error) {
      console.warn('Chat: could not load the unread count', error);
      return 0;
    }
  },
  staleTime: 30_000,
});
