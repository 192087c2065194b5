import { Button, Modal, type ButtonSize, type ButtonTheme } from '@gallop/ui-kit';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../lib/api';
import { failureText } from '../../lib/failure-text';
import { hasSession } from '../../lib/session-tokens';
import './message-organizer-button.css';

export interface MessageOrganizerButtonProps {
  organizerId: number;
  /**
   * The tour the question is about. With it the button asks for the first message and sends it
   * with the tour (the organizer sees the tour with the chat); without it, it opens the chat.
   */
  tour?: { id: number; name: string } | undefined;
  /** The tour the chat is about, when it opens without a first message (a booking's tour). */
  tourId?: number | undefined;
  theme?: ButtonTheme;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
}

const newClientId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * 'Message the organizer' (spec: travellers chat with organizers): opens, or creates, the chat
 * with the organizer and goes to it; from a tour page it first asks for the question, sent with
 * the tour. A signed-out visitor signs in first and comes back here, where the press goes on
 * (the return address carries `#message-organizer-{id}`), not to press it again.
 */
export function MessageOrganizerButton({
  organizerId,
  tour,
  tourId,
  theme = 'negative',
  size = 'md',
  block,
  className,
}: MessageOrganizerButtonProps) {
  const api = useApi();
  const router = useRouter();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [composing, setComposing] = useState(false);
  const resumeHash = `message-organizer-${organizerId}`;
  const hash = useLocation({ select: (location) => location.hash });

  const open = async (message?: { text: string; clientId: string }) => {
    setError(undefined);
    setBusy(true);
    try {
      const aboutTour = tour?.id ?? tourId;
      const { data: chat } = await api.POST('/crm/api/chat/get-chat-with-organizer', {
        body: {
          organizer_id: organizerId,
          ...(aboutTour !== undefined ? { tour_id: aboutTour } : {}),
          ...(message ? { message: message.text, client_id: message.clientId } : {}),
        },
      });
      await navigate({ to: '/chat/{-$id}', params: { id: String(chat.id) } });
      return true;
    } catch (caught) {
      setError(failureText(caught));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!hasSession(api)) {
      const { pathname, searchStr } = router.state.location;
      const back = `${pathname}${searchStr}#${resumeHash}`;
      await navigate({ to: '/login', search: { redirect: back } });
      return;
    }
    if (tour) setComposing(true);
    else await open();
  };

  // Back from signing in: the press the visitor made goes on, once (the mark is dropped first).
  useEffect(() => {
    if (hash !== resumeHash || !hasSession(api)) return;
    const { pathname, searchStr } = router.state.location;
    router.history.replace(`${pathname}${searchStr}`);
    void start();
    // `start` reads the latest state when it runs; the mark alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, resumeHash]);

  return (
    <div className={className}>
      <Button
        theme={theme}
        size={size}
        block={block}
        loading={busy && !composing}
        onClick={() => void start()}
      >
        Message the organizer
      </Button>
      {error && !composing && (
        <p role="alert" className="message-organizer-error">
          {error}
        </p>
      )}
      {tour && (
        <FirstMessageDialog
          isOpen={composing}
          tourName={tour.name}
          busy={busy}
          error={error}
          onClose={() => {
            setComposing(false);
            setError(undefined);
          }}
          onSend={open}
        />
      )}
    </div>
  );
}

/**
 * The first question about a tour. Its client id lives until it is sent, so a second press after
 * an answer that got lost stores it once.
 */
function FirstMessageDialog({
  isOpen,
  tourName,
  busy,
  error,
  onClose,
  onSend,
}: {
  isOpen: boolean;
  tourName: string;
  busy: boolean;
  error: string | undefined;
  onClose: () => void;
  onSend: (message: { text: string; clientId: string }) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const clientId = useRef<string | undefined>(undefined);
  const id = useId();
  const send = async () => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    clientId.current ??= newClientId();
    if (await onSend({ text: trimmed, clientId: clientId.current })) {
      clientId.current = undefined;
      setText('');
    }
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Message the organizer"
      footer={
        <div className="message-organizer-dialog__buttons">
          <Button theme="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            theme="primary"
            loading={busy}
            disabled={!text.trim()}
            onClick={() => void send()}
          >
            Send message
          </Button>
        </div>
      }
    >
      <form
        className="message-organizer-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <p className="message-organizer-dialog__tour">
          About <strong>{tourName}</strong>
        </p>
        <label htmlFor={id} className="message-organizer-dialog__label">
          Your question
        </label>
        <textarea
          id={id}
          className="gk-input message-organizer-dialog__input"
          rows={5}
          maxLength={10_000}
          placeholder="Ask about dates, the horses, the riding level, what to bring…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {error && (
          <p role="alert" className="message-organizer-error">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
