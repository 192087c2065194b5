import { Button } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import type { Chat } from '../../api';
import { chatTitle, listTimeLabel, previewText } from '../../format';
import { useClock } from '../../use-clock';
import { ChatAvatar } from '../chat-avatar/chat-avatar';
import '../chat.css';

export interface ChatListProps {
  /** In display order (support first: see `orderChats`). */
  chats: readonly Chat[];
  activeId: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The user's conversations: who, the last message, the unread badge; 'Load more' by 20. */
export function ChatList({ chats, activeId, hasMore, loadingMore, onLoadMore }: ChatListProps) {
  const { now, timeZone } = useClock();
  return (
    <nav className="chat-list" aria-label="Conversations">
      <ul className="chat-list__items">
        {chats.map((chat) => {
          const active = chat.id === activeId;
          const title = chatTitle(chat);
          const unread = chat.unread_count;
          return (
            <li key={chat.id}>
              <Link
                to="/chat/{-$id}"
                params={{ id: String(chat.id) }}
                className={`chat-list__item${active ? ' chat-list__item--active' : ''}${unread > 0 ? ' chat-list__item--unread' : ''}`}
                aria-current={active ? 'page' : undefined}
                aria-label={`${title}${unread > 0 ? `, ${unread} unread` : ''}`}
              >
                <ChatAvatar chat={chat} />
                <span className="chat-list__text">
                  <span className="chat-list__top">
                    <span className="chat-list__title">{title}</span>
                    {chat.last_message && (
                      <time className="chat-list__time" dateTime={chat.last_message.created_at}>
                        {listTimeLabel(chat.last_message.created_at, now, timeZone)}
                      </time>
                    )}
                  </span>
                  <span className="chat-list__bottom">
                    <span className="chat-list__preview">{previewText(chat)}</span>
                    {unread > 0 && (
                      <span className="chat-badge" aria-hidden="true">
                        {unread > 99 ? '99+' : unread}
                      </span>
                    )}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <div className="chat-list__more">
          <Button theme="ghost" size="sm" loading={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      )}
    </nav>
  );
}
