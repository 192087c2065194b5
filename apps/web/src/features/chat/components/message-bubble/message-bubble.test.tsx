import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { ChatMessage } from '../../api';
import { MessageBubble } from './message-bubble';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const system: ChatMessage = {
  id: 41,
  chat_id: 7,
  type: 'input',
  message: 'Booking #812 is confirmed. The traveller has until 2026-12-05 10:00 UTC to pay.',
  created_at: '2026-12-02T10:00:00Z',
  is_read: false,
  is_moderated: false,
  is_system: true,
  request_id: 812,
};

const noop = () => undefined;

describe('MessageBubble', () => {
  it.each([
    ['client', '/booking/812'],
    ['staff', '/partner/bookings/812'],
  ] as const)(
    'shows a booking’s system message to the %s side with a link to its page',
    async (side, href) => {
      await renderInApp(
        <ol>
          <MessageBubble
            item={{ kind: 'stored', key: 'm41', message: system }}
            timeZone="UTC"
            onRetry={noop}
            onDiscard={noop}
            side={side}
          />
        </ol>,
      );
      const bubble = await screen.findByTestId('chat-system-message', {}, SLOW_CI);
      expect(bubble).toHaveTextContent('Booking #812 is confirmed.');
      expect(screen.getByRole('link', { name: 'Open booking #812' })).toHaveAttribute('href', href);
    },
  );

  it('keeps a message held by the rate limit waiting, with the way to send it on', async () => {
    const onRetry = vi.fn();
    await renderInApp(
      <ol>
        <MessageBubble
          item={{
            kind: 'outgoing',
            key: 'c9',
            message: {
              clientId: 'c9',
              chatId: 7,
              text: 'Is there a rest day?',
              status: 'waiting',
              held: true,
              createdAt: '2026-12-02T10:00:00Z',
            },
          }}
          timeZone="UTC"
          onRetry={onRetry}
          onDiscard={noop}
        />
      </ol>,
    );
    const note = await screen.findByRole('status', {}, SLOW_CI);
    expect(note).toHaveTextContent('Waiting until you confirm you are not a robot');
    expect(screen.queryByText(/Not sent/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(onRetry).toHaveBeenCalledWith('c9');
  });
});
