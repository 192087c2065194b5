import { Button, EmptyState, ToastProvider, useToast } from '@gallop/ui-kit';
import { useQueryClient, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useState, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { chatListQuery, getSupportChat } from '../../api';
import { chatKeys } from '../../keys';
import { orderChats } from '../../format';
import { outboxFor, useChatRealtime } from '../../realtime';
import { ChatList } from '../chat-list/chat-list';
import { Conversation } from '../conversation/conversation';
import '../chat.css';

export interface ChatPageProps {
  chatId: number | undefined;
  /** The signed-in account. */
  userId: number;
  /**
   * What an organizer can do with a booking of the open chat, shown on its card (the route
   * composes the organizer area's answers in: features do not import each other).
   */
  bookingActions?: ((bookingId: number) => ReactNode) | undefined;
}

/** `/chat/{id?}`: the conversations and, with an id, the open one (two screens on phones). */
export function ChatPage(props: ChatPageProps) {
  return (
    <ToastProvider>
      <ChatPageContent {...props} />
    </ToastProvider>
  );
}

function ChatPageContent({ chatId, userId, bookingActions }: ChatPageProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const realtime = useChatRealtime();
  // Before the socket is up (or without it) messages still go out through the same queue type.
  const [localOutbox] = useState(() => outboxFor(api, queryClient));
  const outbox = realtime?.outbox ?? localOutbox;
  const list = useSuspenseInfiniteQuery(chatListQuery(api));
  const chats = orderChats(list.data.pages.flatMap((page) => page.items));

  if (chats.length === 0 && chatId === undefined) {
    return (
      <div className="page-container chat-page chat-page--empty">
        <h1 className="display-heading chat-page__title">Messages</h1>
        <EmptyState
          title="No conversations yet"
          description="Write to a tour organizer from their tour page, or ask our support team anything about your trip."
          action={
            <div className="chat-page__empty-actions">
              <Link
                to="/$slug"
                params={{ slug: 'tours' }}
                className="gk-button gk-button--negative gk-button--md"
              >
                <span className="gk-button__label">Search tours</span>
              </Link>
              <WriteToSupport />
            </div>
          }
        />
      </div>
    );
  }

  return (
    <div
      className="page-container chat-page"
      data-view={chatId === undefined ? 'list' : 'conversation'}
    >
      <div className="chat-page__list">
        <div className="chat-page__list-head">
          <h1 className="display-heading chat-page__title">Messages</h1>
          {!chats.some((chat) => chat.kind === 'support') && <WriteToSupport compact />}
        </div>
        <ChatList
          chats={chats}
          activeId={chatId}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </div>
      <div className="chat-page__main">
        {chatId === undefined ? (
          <div className="chat-page__placeholder">
            <p>Choose a conversation to read and answer it.</p>
          </div>
        ) : (
          <Suspense fallback={<div className="chat-page__placeholder" aria-busy="true" />}>
            <Conversation
              key={chatId}
              chatId={chatId}
              userId={userId}
              outbox={outbox}
              bookingActions={bookingActions}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** Opens (creating on first use) the support chat. */
function WriteToSupport({ compact = false }: { compact?: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const chat = await getSupportChat(api);
    setBusy(false);
    if (!chat) {
      toast.error('Support chat is not available right now. Please try again later.');
      return;
    }
    await queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    await navigate({ to: '/chat/{-$id}', params: { id: String(chat.id) } });
  };
  return (
    <Button
      theme={compact ? 'ghost' : 'primary'}
      size={compact ? 'sm' : 'md'}
      loading={busy}
      onClick={() => void open()}
    >
      Write to support
    </Button>
  );
}
