import type { OutgoingMessage } from '@gallop/chat';
import { Button } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../api';
import { bookingPath, type ChatViewer } from '../related-bookings/related-bookings';
import type { ConversationItem } from '../../format';
import { removedLabel, timeLabel } from '../../format';
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
  /** The viewer: a booking's system message links the traveller's or the organizer's page (support: none). */
  side?: ChatViewer | undefined;
  /** What the viewer may do with a stored message now (none given: nothing). */
  actions?: MessageActions | undefined;
}

/** The changes offered on a stored message; each is offered only when given. */
export interface MessageActions {
  /** Saves new text; answers false when it was not saved (the form stays open). */
  edit?: ((text: string) => Promise<boolean>) | undefined;
  /** Asks to delete it for everyone (the conversation confirms first). */
  delete?: (() => void) | undefined;
  /** Support: asks to hide it for everyone. */
  moderate?: (() => void) | undefined;
}

/** One message: the user's own on the right ('output'), the other side's on the left. */
export function MessageBubble({
  item,
  timeZone,
  onRetry,
  onDiscard,
  onImageLoad,
  side,
  actions,
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
  return (
    <StoredBubble
      message={message}
      timeZone={timeZone}
      onImageLoad={onImageLoad}
      actions={actions}
    />
  );
}

function StoredBubble({
  message,
  timeZone,
  onImageLoad,
  actions = {},
}: {
  message: ChatMessage;
  timeZone: string;
  onImageLoad?: (() => void) | undefined;
  actions?: MessageActions | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const own = message.type === 'output';
  const removed = removedLabel(message);
  // Nothing is left to change on a removed message.
  const offered = removed
    ? []
    : [
        actions.edit && { label: 'Edit', run: () => setEditing(true) },
        actions.delete && { label: 'Delete', run: actions.delete },
        actions.moderate && { label: 'Hide', run: actions.moderate },
      ].filter((action) => !!action);
  return (
    <li
      className={`chat-message${own ? ' chat-message--own' : ''}${removed ? ' chat-message--removed' : ''}`}
      data-status="success"
    >
      <div className="chat-message__bubble">
        {removed ? (
          <p className="chat-message__text chat-message__text--muted">{removed}</p>
        ) : editing && actions.edit ? (
          <EditForm
            initial={message.message}
            onSave={async (text) => {
              if (await actions.edit!(text)) setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            {message.file && <Attachment file={message.file} onLoad={onImageLoad} />}
            {message.message && <p className="chat-message__text">{message.message}</p>}
          </>
        )}
        <p className="chat-message__meta">
          {message.edited_at && !removed && <span className="chat-message__edited">edited ·</span>}
          <time dateTime={message.created_at}>{timeLabel(message.created_at, timeZone)}</time>
          {own && (
            <span className="chat-message__status" title={message.is_read ? 'Read' : 'Sent'}>
              <StatusIcon status={message.is_read ? 'read' : 'success'} />
              <span className="gk-visually-hidden">{message.is_read ? 'Read' : 'Sent'}</span>
            </span>
          )}
        </p>
      </div>
      {offered.length > 0 && !editing && (
        <div className="chat-message__actions" role="group" aria-label="Message actions">
          {offered.map((action) => (
            <Button key={action.label} theme="ghost" size="sm" onClick={action.run}>
              {action.label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

/** The text of an own message being changed: Enter saves, Escape cancels. */
function EditForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  // The form opens on the user's own request: the caret goes where they will type.
  useEffect(() => {
    const element = box.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const save = async () => {
    if (!text.trim() || saving) return;
    setSaving(true);
    try {
      await onSave(text);
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };
  return (
    <form
      className="chat-message__edit"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="gk-visually-hidden">
        Edit message
      </label>
      <textarea
        ref={box}
        id={id}
        className="gk-input chat-message__edit-input"
        maxLength={10_000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-message__edit-buttons">
        <Button type="button" theme="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" theme="primary" size="sm" loading={saving} disabled={!text.trim()}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** A booking's change told by Gallop to both sides, with a link to the booking. */
function SystemMessage({
  message,
  side,
  timeZone,
}: {
  message: ChatMessage;
  side: ChatViewer | undefined;
  timeZone: string;
}) {
  const id = message.request_id;
  const path = bookingPath(side);
  return (
    <li className="chat-message chat-message--system" data-testid="chat-system-message">
      <div className="chat-message__bubble">
        <p className="chat-message__text">{message.message}</p>
        <p className="chat-message__meta">
          {id !== null && id !== undefined && (
            <>
              {path ? (
                <Link to={path} params={{ id: String(id) }}>
                  Open booking #{id}
                </Link>
              ) : (
                <>Booking #{id}</>
              )}
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
      {message.status === 'waiting' && message.offline && !message.held && (
        <div className="chat-message__failure chat-message__failure--waiting" role="status">
          <span>No connection: it will be sent when you are back online</span>
          <Button theme="ghost" size="sm" onClick={() => onRetry(message.clientId)}>
            Send now
          </Button>
        </div>
      )}
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
