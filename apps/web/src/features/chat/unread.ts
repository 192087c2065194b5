/**
 * The unread count of the header's 'Messages' link. Apart from ./api.ts because the header is in
 * every page's first load and the chat calls are not (issue 7).
 */
import { quietly } from '../../lib/quiet-query';
import { isApiError, type GallopClient } from '@gallop/api-client';
import { getChatUnreadCountQueryOptions } from '@gallop/api-client/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * Unread messages in all the user's chats; 0 when the call fails (docs/product.md, Errors). A
 * cancelled call (a newer one replaced it, the page moved on) is no failure: not logged, and the
 * count stays what it was.
 */
export function unreadCountQuery(api: GallopClient<true>) {
  const options = getChatUnreadCountQueryOptions(api);
  return queryOptions({
    ...options,
    queryFn: quietly(
      options.queryFn,
      { count: 0 },
      'Chat: could not load the unread count',
      isCancelled,
    ),
    select: (data) => data.count,
    staleTime: 30_000,
  });
}

const isCancelled = (error: unknown) => isApiError(error) && error.kind === 'abort';
