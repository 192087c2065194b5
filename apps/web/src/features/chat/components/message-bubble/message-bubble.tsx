import type { OutgoingMessage } from '@gallop/chat';
import { Button } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import type { ChatMessage } from '../../api';
import { bookingPath } from '../related-bookings/related-bookings';
import type { ConversationItem } from '../../format';
import { timeLabel } from '../../format';
import '../chat.css';

const STATUS_TEXT = {
  waiting: 'Waiting to send',
  loading: 'Sending…',
  failed: 'Not sent',
  success: 'Sent',
} as const;

export interface MessageBubbleProps {
  item: ConversationItem;
  timeZone: string;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** A picture finished loading (the conversation keeps its place at the bottom). */
  onImageLoad?: () => void;
  /** The viewer's side: a booking's system message links the traveller's or the organizer's page. */
  side?: 'client' | 'staff' | undefined;
}

/** One message: the user's own on the right ('output'), the other side's on the left. */
export function MessageBubble({
  item,
  timeZone,
  onRetry,
  onDiscard,
  onImageLoad,
  side,
}: MessageBubbleProps) {
  if (item.kind === 'outgoing') {
    return (
      <OutgoingBubble
        message={item.message}
        timeZone={timeZone}
        onRetry={onRetry}
        onDiscard={onDiscard}
        onImageLoad={onImageLoad}
      />
    );
  }
  const message = item.message;
  if (message.is_system) return <SystemMessage message={message} side={side} timeZone={timeZone} />;
  const own = message.type === 'output';
  return (
    <li className={`chat-message${own ? ' chat-message--own' : ''}`} data-status="success">
      <div className="chat-message__bubble">
        {message.file && <Attachment file={message.file} onLoad={onImageLoad} />}
        {message.message && <p className="chat-message__text">{message.message}</p>}
        <p className="chat-message__meta">
          {message.is_moderated && (
            <span className="chat-message__moderated">Edited by moderator · </span>
          )}
          <time dateTime={message.created_at}>{timeLabel(message.created_at, timeZone)}</time>
          {own && (
            <span className="chat-message__status" title={message.is_read ? 'Read' : 'Sent'}>
              <StatusIcon status={message.is_read ? 'read' : 'success'} />
              <span className="gk-visually-hidden">{message.is_read ? 'Read' : 'Sent'}</span>
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

/** A booking's change told by Gallop to both sides, with a link to the booking. */
function SystemMessage({
  message,
  side,
  timeZone,
}: {
  message: ChatMessage;
  side: 'client' | 'staff' | undefined;
  timeZone: string;
}) {
  const id = message.request_id;
  return (
    <li className="chat-message chat-message--system" data-testid="chat-system-message">
      <div className="chat-message__bubble">
        <p className="chat-message__text">{message.message}</p>
        <p className="chat-message__meta">
          {id !== null && id !== undefined && (
            <>
              <Link to={bookingPath(side)} params={{ id: String(id) }}>
                Open booking #{id}
              </Link>
              {' · '}
            </>
          )}
          <time dateTime={message.created_at}>{timeLabel(message.created_at, timeZone)}</time>
        </p>
      </div>
    </li>
  );
}

function OutgoingBubble({
  message,
  timeZone,
  onRetry,
  onDiscard,
  onImageLoad,
}: Omit<MessageBubbleProps, 'item'> & { message: OutgoingMessage<ChatMessage> }) {
  const sentAt = message.sent?.created_at ?? message.createdAt;
  return (
    <li className="chat-message chat-message--own" data-status={message.status}>
      <div className="chat-message__bubble">
        {message.sent?.file && <Attachment file={message.sent.file} onLoad={onImageLoad} />}
        {message.text && <p className="chat-message__text">{message.text}</p>}
        {!message.text && !message.sent && (
          <p className="chat-message__text chat-message__text--muted">Photo</p>
        )}
        <p className="chat-message__meta">
          <time dateTime={sentAt}>{timeLabel(sentAt, timeZone)}</time>
          <span className="chat-message__status" title={STATUS_TEXT[message.status]}>
            <StatusIcon status={message.status} />
            <span className="gk-visually-hidden">{STATUS_TEXT[message.status]}</span>
          </span>
        </p>
      </div>
      {message.held && (
        <div className="chat-message__failure" role="status">
          <span>Waiting until you confirm you are not a robot</span>
          <Button theme="ghost" size="sm" onClick={() => onRetry(message.clientId)}>
            Confirm and send
          </Button>
        </div>
      )}
      {message.status === 'failed' && (
        <div className="chat-message__failure" role="alert">
          <span>Not sent{message.error ? `: ${message.error}` : ''}</span>
          <Button theme="ghost" size="sm" onClick={() => onRetry(message.clientId)}>
            Retry
          </Button>
          <Button theme="ghost" size="sm" onClick={() => onDiscard(message.clientId)}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

function Attachment({
  file,
  onLoad,
}: {
  file: NonNullable<ChatMessage['file']>;
  onLoad?: (() => void) | undefined;
}) {
  if (file.download_status === 'failed') {
    return <p className="chat-message__file">The file {file.name} could not be loaded</p>;
  }
  if (file.download_status === 'pending') {
    return <p className="chat-message__file">Preparing {file.name}…</p>;
  }
  return (
    <a className="chat-message__image" href={file.url} target="_blank" rel="noreferrer">
      <img src={file.url} alt={file.name} loading="lazy" onLoad={onLoad} />
    </a>
  );
}

/** Clock (waiting), spinner (loading), exclamation (failed), tick (sent), double tick (read). */
function StatusIcon({ status }: { status: OutgoingMessage['status'] | 'read' }) {
  const common = {
    viewBox: '0 0 16 16',
    width: 14,
    height: 14,
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    className: `chat-status-icon chat-status-icon--${status}`,
  };
  switch (status) {
    case 'waiting':
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="6" />
          <path d="M8 4.5V8l2.5 1.5" />
        </svg>
      );
    case 'loading':
      return (
        <svg {...common}>
          <path d="M8 2a6 6 0 1 1-6 6" />
        </svg>
      );
    case 'failed':
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="6" />
          <path d="M8 4.5v4M8 11v.5" />
        </svg>
      );
    case 'read':
      return (
        <svg {...common}>
          <path d="M1.5 8.5 4.5 11.5 10 5M7 11.5l.5.5L14 5" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <path d="M3 8.5 6.5 12 13 5" />
        </svg>
      );
  }
}
