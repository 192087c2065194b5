import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { ChatMessage } from '../../api';
import { MessageBubble, type MessageActions } from './message-bubble';

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

/** An outgoing message waiting in the outbox, in a list, with `onRetry` to watch. */
async function renderWaiting(
  message: { clientId: string; text: string; held?: boolean; offline?: boolean },
  onRetry: (clientId: string) => void,
) {
  await renderInApp(
    <ol>
      <MessageBubble
        item={{
          kind: 'outgoing',
          key: message.clientId,
          message: { chatId: 7, status: 'waiting', createdAt: '2026-12-02T10:00:00Z', ...message },
        }}
        timeZone="UTC"
        onRetry={onRetry}
        onDiscard={noop}
      />
    </ol>,
  );
}

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
    await renderWaiting({ clientId: 'c9', text: 'Is there a rest day?', held: true }, onRetry);
    const note = await screen.findByRole('status', {}, SLOW_CI);
    expect(note).toHaveTextContent('Waiting until you confirm you are not a robot');
    expect(screen.queryByText(/Not sent/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(onRetry).toHaveBeenCalledWith('c9');
  });

  const own: ChatMessage = {
    id: 50,
    chat_id: 7,
    type: 'output',
    message: 'See you at the stables',
    created_at: '2026-12-02T10:00:00Z',
    can_edit: true,
    can_delete: true,
  };
  const bubble = (message: ChatMessage, actions?: MessageActions) =>
    renderInApp(
      <ol>
        <MessageBubble
          item={{ kind: 'stored', key: `m${message.id}`, message }}
          timeZone="UTC"
          onRetry={noop}
          onDiscard={noop}
          actions={actions}
        />
      </ol>,
    );

  it.each([
    [{ is_deleted: true, message: '' }, 'Message deleted'],
    [{ is_moderated: true, message: '' }, 'Hidden by Gallop support'],
  ])('shows a removed message with its marker and no actions (%o)', async (patch, marker) => {
    await bubble({ ...own, ...patch }, { delete: vi.fn(), moderate: vi.fn() });
    expect(await screen.findByText(marker, {}, SLOW_CI)).toBeInTheDocument();
    expect(screen.queryByText('See you at the stables')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Message actions' })).toBeNull();
  });

  it("edits an own message in place, marked 'edited' once saved", async () => {
    const edit = vi.fn(async () => true);
    const { rerender } = await bubble(own, { edit, delete: vi.fn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }, SLOW_CI));
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    expect(box).toHaveValue('See you at the stables');
    expect(box).toHaveFocus();
    await userEvent.clear(box);
    await userEvent.type(box, 'See you at the gate{Enter}');
    expect(edit).toHaveBeenCalledWith('See you at the gate');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    rerender(
      <ol>
        <MessageBubble
          item={{
            kind: 'stored',
            key: 'm50',
            message: { ...own, message: 'See you at the gate', edited_at: '2026-12-02T10:05:00Z' },
          }}
          timeZone="UTC"
          onRetry={noop}
          onDiscard={noop}
        />
      </ol>,
    );
    expect(screen.getByText('See you at the gate')).toBeInTheDocument();
    expect(screen.getByText('edited ·')).toBeInTheDocument();
  });

  it('keeps the edit form open when saving failed, and Escape leaves it unchanged', async () => {
    const edit = vi.fn(async () => false);
    await bubble(own, { edit });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }, SLOW_CI));
    await userEvent.type(screen.getByRole('textbox', { name: 'Edit message' }), '!{Enter}');
    expect(edit).toHaveBeenCalledWith('See you at the stables!');
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await userEvent.type(box, '{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(screen.getByText('See you at the stables')).toBeInTheDocument();
  });

  it('offers deleting and, to support, hiding', async () => {
    const remove = vi.fn();
    const moderate = vi.fn();
    await bubble({ ...own, type: 'input' }, { delete: remove, moderate });
    const actions = await screen.findByRole('group', { name: 'Message actions' }, SLOW_CI);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect([remove.mock.calls.length, moderate.mock.calls.length]).toEqual([1, 1]);
    expect(actions).toBeInTheDocument();
  });

  it('tells a message written offline waits for the connection, with a way to send it now', async () => {
    const onRetry = vi.fn();
    await renderWaiting({ clientId: 'c3', text: 'Written in the tunnel', offline: true }, onRetry);
    const note = await screen.findByRole('status', {}, SLOW_CI);
    expect(note).toHaveTextContent('No connection: it will be sent when you are back online');
    expect(screen.queryByText(/Not sent/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(onRetry).toHaveBeenCalledWith('c3');
  });
});
