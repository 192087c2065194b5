import { Button, type ButtonSize, type ButtonTheme } from '@gallop/ui-kit';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../lib/api';
import { failureText } from '../../lib/failure-text';
import { hasSession } from '../../lib/session-tokens';

export interface MessageOrganizerButtonProps {
  organizerId: number;
  /** The tour the question is about (the organizer sees it with the chat). */
  tourId?: number | undefined;
  theme?: ButtonTheme;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
}

/**
 * 'Message the organizer' (spec: travellers chat with organizers): opens, or creates, the chat
 * with the organizer and goes to it; a signed-out visitor signs in first and comes back here.
 */
export function MessageOrganizerButton({
  organizerId,
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

  const open = async () => {
    setError(undefined);
    if (!hasSession(api)) {
      await navigate({ to: '/login', search: { redirect: router.state.location.href } });
      return;
    }
    setBusy(true);
    try {
      const { data: chat } = await api.POST('/crm/api/chat/get-chat-with-organizer', {
        body: { organizer_id: organizerId, ...(tourId !== undefined ? { tour_id: tourId } : {}) },
      });
      await navigate({ to: '/chat/{-$id}', params: { id: String(chat.id) } });
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className}>
      <Button theme={theme} size={size} block={block} loading={busy} onClick={() => void open()}>
        Message the organizer
      </Button>
      {error && (
        <p role="alert" className="message-organizer-error">
          {error}
        </p>
      )}
    </div>
  );
}
