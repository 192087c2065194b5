import type { ChatConnection } from '@gallop/chat';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { Chat, ChatMessage } from '../../api';
import type { MessengerChannel } from '../../notifications';
import { ChatNotifications } from './chat-notifications';

const CHAT: Chat = {
  id: 7,
  title: 'Steppe Riders',
  kind: 'organizer',
  unread_count: 0,
  is_frozen: false,
  notifications_enabled: true,
  messenger_was_activated: false,
};

/** What the API offers: the messengers whose bot takes connection codes (decision 059). */
const CHANNELS: MessengerChannel[] = [
  {
    source: 'telegram',
    source_id: 1,
    title: 'Telegram',
    is_connected: false,
    url: 'https://t.me/gallop_bot',
  },
  {
    source: 'whatsapp',
    source_id: 4,
    title: 'WhatsApp',
    is_connected: false,
    url: 'https://wa.me/1415',
  },
];

/** Linked before its bot stopped taking codes: listed as connected, with no `source_id`. */
const LINKED_FACEBOOK: MessengerChannel = {
  source: 'facebook',
  title: 'Facebook Messenger',
  is_connected: true,
  url: 'https://m.me/gallop',
};

/** The chat calls of the API, with the traveller's state kept between them. */
function chatApi({
  activated = false,
  failCode = 0,
  failDisable = 0,
  failList = false,
  channels = CHANNELS,
}: {
  activated?: boolean;
  failCode?: number;
  failDisable?: number;
  failList?: boolean;
  channels?: MessengerChannel[];
} = {}) {
  const state = { activated, enabled: true, codes: 0, disabled: 0 };
  const failures = { code: failCode, disable: failDisable };
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (path === '/crm/api/chat/chats-for-notifications') {
      if (failList) return Response.json({ message: 'Boom' }, { status: 500 });
      return Response.json({
        items: [
          {
            ...CHAT,
            messenger_was_activated: state.activated,
            notifications_enabled: state.enabled,
          },
        ],
      });
    }
    if (path === '/crm/api/chat/channels-list') {
      return Response.json({
        items: channels.map((channel) => ({
          ...channel,
          is_connected: channel.is_connected || (state.activated && channel.source === 'telegram'),
        })),
      });
    }
    if (path === '/crm/api/chat/generate-connection-code') {
      if (failures.code-- > 0) {
        return Response.json({ message: 'Too many requests. Try again later.' }, { status: 429 });
      }
      state.codes += 1;
      return Response.json({ code: `AB23C${state.codes}` });
    }
    if (path === '/crm/api/chat/disable-notifications') {
      if (failures.disable-- > 0)
        return Response.json({ message: 'Server error' }, { status: 500 });
      expect(await request.json()).toEqual({ chat_id: CHAT.id });
      state.disabled += 1;
      state.enabled = false;
      return Response.json({ result: true });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  return { fetch, state };
}

/** A socket whose server events the test sends. */
function fakeConnection() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const connection = {
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as unknown as ChatConnection<ChatMessage, Chat>;
  const emit = (event: string, payload: unknown) =>
    act(() => listeners.get(event)?.forEach((listener) => listener(payload)));
  return { connection, emit, listeners };
}

const trigger = (name: RegExp) => screen.findByRole('button', { name });
const panel = () => screen.getByRole('group', { name: 'Messenger notifications' });

afterEach(() => vi.restoreAllMocks());

describe('ChatNotifications', () => {
  it('offers the messengers the API offers, and shows the code and the bot link of the one chosen', async () => {
    const api = chatApi();
    await renderInApp(<ChatNotifications chat={CHAT} title={CHAT.title} connection={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    fireEvent.click(await trigger(/^Notify me/));
    expect(within(panel()).getByText('Get replies in a messenger')).toBeTruthy();
    const choices = await within(panel()).findAllByRole('button', {
      name: /Telegram|WhatsApp|Facebook/,
    });
    expect(choices.map((button) => button.textContent)).toEqual(['Telegram', 'WhatsApp']);

    fireEvent.click(within(panel()).getByRole('button', { name: 'Telegram' }));
    expect(await within(panel()).findByText('AB23C1')).toBeTruthy();
    expect(within(panel()).getByText('Connect Telegram')).toBe(document.activeElement);
    const open = within(panel()).getByRole('link', { name: 'Open Telegram' });
    expect(open.getAttribute('href')).toBe('https://t.me/gallop_bot?start=AB23C1');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(within(panel()).getByRole('button', { name: 'Copy code' })).toBeTruthy();

    // Another messenger: back to the list, a fresh code for it.
    fireEvent.click(within(panel()).getByRole('button', { name: 'Choose another messenger' }));
    fireEvent.click(await within(panel()).findByRole('button', { name: 'WhatsApp' }));
    expect(await within(panel()).findByText('AB23C2')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Open WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/1415?text=AB23C2',
    );
  });

  it('shows a messenger linked earlier whose bot takes no code as linked, first, and not offered', async () => {
    const api = chatApi({ channels: [...CHANNELS, LINKED_FACEBOOK] });
    const { container } = await renderInApp(
      <ChatNotifications chat={CHAT} title={CHAT.title} connection={null} />,
      { fetch: api.fetch, signedIn: true },
    );
    fireEvent.click(await trigger(/^Notify me/));
    await within(panel()).findByRole('button', { name: 'Telegram' });
    const rows = [...container.querySelectorAll('.chat-notify__channel')];
    // Facebook first while Russian is unavailable (docs/product.md, Entities), whatever the API's
    // order.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Facebook MessengerLinked',
      'Telegram',
      'WhatsApp',
    ]);
    expect(rows[0]!.tagName).toBe('DIV');
    expect(within(panel()).queryByRole('button', { name: /Facebook/ })).toBeNull();
    expect(api.state.codes).toBe(0);
  });

  it('stays open while the conversation scrolls; Escape and a press outside close it', async () => {
    await renderInApp(<ChatNotifications chat={CHAT} title={CHAT.title} connection={null} />, {
      fetch: chatApi().fetch,
      signedIn: true,
    });
    const button = await trigger(/^Notify me/);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel().id);
    fireEvent.scroll(window);
    fireEvent.scroll(document.body);
    expect(panel()).toBeTruthy();

    fireEvent.keyDown(within(panel()).getByText('Get replies in a messenger'), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.pointerDown(panel());
    expect(panel()).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('group')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so inline when no code comes, and the traveller can try again', async () => {
    const api = chatApi({ failCode: 1 });
    await renderInApp(<ChatNotifications chat={CHAT} title={CHAT.title} connection={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    fireEvent.click(await trigger(/^Notify me/));
    fireEvent.click(await within(panel()).findByRole('button', { name: 'Telegram' }));
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toBe(
      'We could not get a code for Telegram. Too many requests. Try again later.',
    );
    // Nothing is lost: the messengers are still there, and a second try gives a code.
    fireEvent.click(within(panel()).getByRole('button', { name: 'Telegram' }));
    expect(await within(panel()).findByText('AB23C1')).toBeTruthy();
    expect(within(panel()).queryByRole('alert')).toBeNull();
  });

  it('shows the activated state and turns it off without a reload', async () => {
    const api = chatApi({ activated: true });
    await renderInApp(<ChatNotifications chat={CHAT} title={CHAT.title} connection={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    fireEvent.click(await trigger(/^Notifications on/));
    expect(within(panel()).getByText('Replies arrive in your messenger')).toBeTruthy();
    expect(
      await within(panel()).findByText(
        'New messages from Steppe Riders reach you in Telegram as well as here.',
      ),
    ).toBeTruthy();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel()).findByText('Get replies in a messenger')).toBe(
      document.activeElement,
    );
    expect(api.state.disabled).toBe(1);
    expect(screen.getByRole('button', { name: /^Notify me/ })).toBeTruthy();
    expect(screen.getByText('Messenger notifications are off for this conversation.')).toBeTruthy();
  });

  it("takes the list's state on load without announcing a change", async () => {
    const api = chatApi({ activated: true });
    await renderInApp(<ChatNotifications chat={CHAT} title={CHAT.title} connection={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    expect(await trigger(/^Notifications on/)).toBeTruthy();
    expect(screen.queryByText(/^Notifications are on/)).toBeNull();
  });

  it('keeps notifications on and says why when turning them off fails', async () => {
    const api = chatApi({ activated: true, failDisable: 1 });
    await renderInApp(<ChatNotifications chat={CHAT} title={CHAT.title} connection={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    fireEvent.click(await trigger(/^Notifications on/));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Turn off' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'Notifications are still on. Server error',
    );
    expect(screen.getByRole('button', { name: /^Notifications on/ })).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel()).findByText('Get replies in a messenger')).toBeTruthy();
  });

  it('turns on live when the messenger activates it (realtime event)', async () => {
    const api = chatApi();
    const socket = fakeConnection();
    await renderInApp(
      <ChatNotifications chat={CHAT} title={CHAT.title} connection={socket.connection} />,
      {
        fetch: api.fetch,
        signedIn: true,
      },
    );
    fireEvent.click(await trigger(/^Notify me/));
    fireEvent.click(await within(panel()).findByRole('button', { name: 'Telegram' }));
    await within(panel()).findByText('AB23C1');
    await waitFor(() =>
      expect(socket.listeners.get('crm_user_chat_notifications_enabled')?.size).toBe(1),
    );

    // Another chat's event changes nothing here.
    socket.emit('crm_user_chat_notifications_enabled', { chat_id: 99, enabled: true });
    expect(within(panel()).getByText('AB23C1')).toBeTruthy();

    socket.emit('crm_user_chat_notifications_enabled', { chat_id: CHAT.id, enabled: true });
    expect(await within(panel()).findByText('Replies arrive in your messenger')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Notifications on/ })).toBeTruthy();
    expect(
      screen.getByText('Notifications are on: replies arrive in your messenger.'),
    ).toBeTruthy();
  });

  it("falls back to the chat's own flags when the notifications list fails, logging quietly", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = chatApi({ failList: true });
    await renderInApp(
      <ChatNotifications
        chat={{ ...CHAT, messenger_was_activated: true }}
        title={CHAT.title}
        connection={null}
      />,
      { fetch: api.fetch, signedIn: true },
    );
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Chat: could not load the chats for notifications',
        expect.anything(),
      ),
    );
    expect(await trigger(/^Notifications on/)).toBeTruthy();
  });
});
