import { ConfirmModal, useToast } from '@gallop/ui-kit';
import {
  useQuery,
  useQueryClient,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '@gallop/ui-kit';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Outbox } from '@gallop/chat';
import { useApi } from '../../../../lib/api';
import { failureText } from '../../../../lib/failure-text';
import {
  chatMessagesQuery,
  chatQuery,
  deleteChatMessage,
  editChatMessage,
  freezeChat,
  markChatAsRead,
  moderateChatMessage,
  relatedBookingsQuery,
  uploadChatImage,
  type Chat,
  type ChatMessage,
} from '../../api';
import { markFrozenInCache, markReadInCache, putMessage } from '../../cache';
import { chatKeys } from '../../keys';
import { chatTitle, conversationDays, incomingAnnouncement } from '../../format';
import { dropChatDraftWhenSent, readChatDraft, writeChatDraft } from '../../draft';
import { conversationSubject } from '../../subject';
import { useChatRealtime, useOutgoing } from '../../realtime';
import { useClock } from '../../use-clock';
import { ChatAvatar } from '../chat-avatar/chat-avatar';
import { ConversationSubjectLinks } from '../conversation-subject/conversation-subject';
import { LazyChatNotifications } from '../chat-notifications/lazy-chat-notifications';
import { Composer, isImageFile } from '../composer/composer';
import { MessageBubble, type MessageActions } from '../message-bubble/message-bubble';
import { RelatedBookings, type ChatViewer } from '../related-bookings/related-bookings';
import { SupportBooking } from '../support-booking/support-booking';
import '../chat.css';
import { LINE_ICON } from '../line-icon';

export interface ConversationProps {
  chatId: number;
  /** The signed-in account: the composer's unsent text is kept for it only. */
  userId: number;
  outbox: Outbox<ChatMessage>;
  /** The organizer's answers on a booking's card (organizer side only). */
  bookingActions?: ((bookingId: number) => ReactNode) | undefined;
}

/**
 * One open conversation: header, what it is about now (a booking, or the tour it was opened
 * from), the related bookings, messages by day and the composer.
 */
export function Conversation({ chatId, userId, outbox, bookingActions }: ConversationProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const realtime = useChatRealtime();
  const { now, timeZone } = useClock();
  const { data: chat } = useSuspenseQuery(chatQuery(api, chatId));
  const messages = useSuspenseInfiniteQuery(chatMessagesQuery(api, chatId));
  // `useQuery`: optional beside the chat; none until they arrive (the loader usually has them).
  const { data: bookings = [] } = useQuery(relatedBookingsQuery(api, chatId));
  const outgoing = useOutgoing(outbox, chatId);
  const title = chatTitle(chat);
  // Support reads every chat from the staff side but acts on bookings as support.
  const viewer: ChatViewer = chat.can_moderate ? 'support' : (chat.viewer_side ?? 'client');
  // The booking it is about now, not only the first tour it was opened from.
  const subject = conversationSubject(chat, bookings);
  const days = conversationDays(
    messages.data.pages.map((page) => page.items),
    outgoing,
    now,
    timeZone,
  );

  const changes = useMessageChanges(chat);
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');

  // Mark read now and whenever a message comes in while the conversation is in view.
  const markRead = useCallback(async () => {
    if (document.hidden) return;
    try {
      await markChatAsRead(api, chatId);
      markReadInCache(queryClient, chatId);
      await queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
    } catch (error) {
      console.warn('Chat: could not mark the chat as read', error);
    }
  }, [api, chatId, queryClient]);

  useEffect(() => {
    void markRead();
    const onVisible = () => {
      if (!document.hidden) void markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  // The conversation's own pushes (read receipts, edits) while it is open.
  useEffect(() => {
    const connection = realtime?.connection;
    if (!connection) return;
    void connection.joinChat(chatId);
    const off = connection.on('new_message', ({ chat_id, message }) => {
      if (chat_id !== chatId || message.type !== 'input') return;
      setAnnouncement(incomingAnnouncement(message, title));
      void markRead();
    });
    return () => {
      off();
      connection.leaveChat(chatId);
    };
  }, [realtime, chatId, title, markRead]);

  // Focus follows the opened conversation (screen readers hear which one it is).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [chatId]);

  // Stay at the newest message when one arrives, unless the user scrolled up to read.
  const newestKey = days.at(-1)?.items.at(-1)?.key;
  const pinned = useRef(true);
  const keepOffset = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepOffset.current !== undefined) {
      // Earlier messages were added on top: keep what the user was looking at in place.
      element.scrollTop = element.scrollHeight - keepOffset.current;
      keepOffset.current = undefined;
    } else if (pinned.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [newestKey, messages.data.pages.length, chatId]);

  const stickToBottom = () => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  };

  const loadEarlier = async () => {
    const element = scroller.current;
    if (element) keepOffset.current = element.scrollHeight - element.scrollTop;
    await messages.fetchNextPage();
  };

  // The queue as the composer reads its kept text (the socket's replaces the page's once up).
  const queue = useRef(outbox);
  queue.current = outbox;
  const draft = useMemo(
    () => ({
      read: () => {
        const kept = readChatDraft(userId, chatId);
        // Still in the queue of this page (waiting, failed): shown there, not twice.
        const queued = queue.current
          .list(chatId)
          .some((item) => item.status !== 'success' && item.text === kept.trim());
        return queued ? '' : kept;
      },
      write: (text: string) => writeChatDraft(userId, chatId, text),
    }),
    [userId, chatId],
  );

  const send = (text: string) => {
    try {
      const { clientId } = outbox.enqueue({ chatId, text });
      dropChatDraftWhenSent(outbox, userId, chatId, clientId, text);
      pinned.current = true;
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The message was not sent');
      return false;
    }
  };

  const attach = async (file: File) => {
    if (!isImageFile(file)) {
      toast.error('Only images can be attached');
      return;
    }
    try {
      const fileId = await uploadChatImage(api, file);
      outbox.enqueue({ chatId, fileId });
      pinned.current = true;
    } catch (error) {
      toast.error(failureText(error));
    }
  };

  return (
    <section className="chat-conversation" aria-labelledby="chat-conversation-title">
      <header className="chat-conversation__head">
        <Link
          to="/chat/{-$id}"
          params={{}}
          className="chat-conversation__back"
          aria-label="All conversations"
        >
          <svg {...LINE_ICON} width="22" height="22" strokeWidth={2}>
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </Link>
        <ChatAvatar chat={chat} size={40} />
        <div className="chat-conversation__who">
          <h2
            id="chat-conversation-title"
            ref={heading}
            tabIndex={-1}
            className="chat-conversation__title"
          >
            {title}
          </h2>
          {/* Said to the traveller about the other side; the other side knows who they are. */}
          {viewer !== 'client' ? null : chat.kind === 'support' ? (
            <p className="chat-conversation__sub">We usually answer within a few hours</p>
          ) : (
            chat.organizer && (
              <Link
                to="/tour-provider/$id"
                params={{ id: String(chat.organizer.id) }}
                className="chat-conversation__sub"
              >
                Organizer profile and tours
              </Link>
            )
          )}
        </div>
        {chat.can_moderate && <FreezeButton chat={chat} />}
        {!chat.is_frozen && <LazyChatNotifications chat={chat} title={title} />}
      </header>
      <ConversationSubjectLinks subject={subject} viewer={viewer} />
      <RelatedBookings
        bookings={bookings}
        side={viewer}
        actions={
          viewer === 'support'
            ? (booking) => <SupportBooking booking={booking} chatId={chatId} />
            : viewer === 'staff' && bookingActions
              ? (booking) => bookingActions(booking.id)
              : undefined
        }
      />
      <div
        ref={scroller}
        className="chat-conversation__scroll"
        tabIndex={0}
        aria-label={`Messages with ${title}`}
        onScroll={(event) => {
          const element = event.currentTarget;
          pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        }}
      >
        {messages.hasNextPage && (
          <div className="chat-conversation__earlier">
            <Button
              theme="ghost"
              size="sm"
              loading={messages.isFetchingNextPage}
              onClick={() => void loadEarlier()}
            >
              Load earlier messages
            </Button>
          </div>
        )}
        {days.length === 0 && (
          <p className="chat-conversation__empty">
            {chat.kind === 'support'
              ? 'Tell us how we can help: bookings, payments, anything about your trip.'
              : `Ask ${title} about dates, the route, what to bring — they answer here.`}
          </p>
        )}
        {days.map((day) => (
          <section key={day.key} className="chat-day" aria-label={day.label}>
            <h3 className="chat-day__label">{day.label}</h3>
            <ol className="chat-day__messages">
              {day.items.map((item) => (
                <MessageBubble
                  key={item.key}
                  item={item}
                  timeZone={timeZone}
                  onRetry={outbox.retry}
                  onDiscard={outbox.remove}
                  onImageLoad={stickToBottom}
                  side={viewer}
                  actions={
                    item.kind === 'stored' ? changes.actionsFor(item.message, now) : undefined
                  }
                />
              ))}
            </ol>
          </section>
        ))}
      </div>
      <div className="gk-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <Composer
        onSend={send}
        onAttach={attach}
        draft={draft}
        disabledReason={chat.is_frozen ? frozenText(chat) : undefined}
      />
      {changes.confirmation}
    </section>
  );
}

/** Why a frozen chat takes no messages, for its participants and for support. */
function frozenText(chat: Pick<Chat, 'can_moderate'>): string {
  return chat.can_moderate
    ? 'This conversation is frozen: unfreeze it to write here again.'
    : 'Gallop support has closed this conversation: you can read it, but new messages cannot be sent.';
}

type Confirming = { kind: 'delete' | 'moderate'; message: ChatMessage };

const CONFIRM_TEXTS = {
  delete: {
    title: 'Delete this message?',
    body: 'It will be deleted for everyone in this conversation.',
    confirm: 'Delete',
  },
  moderate: {
    title: 'Hide this message?',
    body: 'Its text and attachment will be hidden from everyone in this conversation.',
    confirm: 'Hide',
  },
} as const;

/**
 * Editing and deleting one's own messages, and support's hiding of any: what each message offers
 * now, the calls, and the confirmation a deletion or a hiding asks for.
 */
function useMessageChanges(chat: Chat) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (change: () => Promise<ChatMessage>): Promise<boolean> => {
    try {
      putMessage(queryClient, await change());
      return true;
    } catch (error) {
      toast.error(failureText(error));
      return false;
    }
  };

  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    const { kind, message } = confirming;
    const done = await apply(() =>
      kind === 'delete' ? deleteChatMessage(api, message.id) : moderateChatMessage(api, message.id),
    );
    setBusy(false);
    if (done) setConfirming(null);
  };

  const actionsFor = (message: ChatMessage, now: Date): MessageActions => {
    const removed = message.is_deleted || message.is_moderated;
    const inTime =
      !chat.is_frozen &&
      !!message.editable_until &&
      Date.parse(message.editable_until) > now.getTime();
    return {
      edit:
        message.can_edit && inTime
          ? (text) => apply(() => editChatMessage(api, message.id, text))
          : undefined,
      delete:
        message.can_delete && inTime ? () => setConfirming({ kind: 'delete', message }) : undefined,
      moderate:
        chat.can_moderate && message.type === 'input' && !removed
          ? () => setConfirming({ kind: 'moderate', message })
          : undefined,
    };
  };

  const texts = confirming ? CONFIRM_TEXTS[confirming.kind] : CONFIRM_TEXTS.delete;
  const confirmation = (
    <ConfirmModal
      isOpen={confirming !== null}
      title={texts.title}
      confirmLabel={texts.confirm}
      destructive
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setConfirming(null)}
    >
      <p>{texts.body}</p>
    </ConfirmModal>
  );
  return { actionsFor, confirmation };
}

/** Support freezes a conversation (nothing can be sent, edited or deleted) and unfreezes it. */
function FreezeButton({ chat }: { chat: Chat }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      markFrozenInCache(queryClient, chat.id, await freezeChat(api, chat.id, !chat.is_frozen));
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      theme="ghost"
      size="sm"
      className="chat-conversation__moderation"
      loading={busy}
      onClick={() => void toggle()}
    >
      {chat.is_frozen ? 'Unfreeze chat' : 'Freeze chat'}
    </Button>
  );
}
