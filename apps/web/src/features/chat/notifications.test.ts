import { createGallopClient } from '@gallop/api-client';
import { LOCALES } from '@gallop/i18n';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chat } from './api';
import {
  applyNotificationsEnabled,
  connectHref,
  notificationChatsQuery,
  notificationsOf,
  orderChannels,
  RUSSIAN_AVAILABLE,
  type MessengerChannel,
} from './notifications';
import { chatKeys } from './keys';

const chat = (overrides: Partial<Chat> = {}): Chat => ({
  id: 7,
  title: 'Steppe Riders',
  kind: 'organizer',
  unread_count: 0,
  is_frozen: false,
  notifications_enabled: true,
  messenger_was_activated: false,
  ...overrides,
});

const channel = (
  source: MessengerChannel['source'],
  overrides: Partial<MessengerChannel> = {},
): MessengerChannel => ({
  source,
  source_id: source.length,
  title: source,
  is_connected: false,
  url: `https://example.test/${source}`,
  ...overrides,
});

const apiAnswering = (answer: () => Promise<Response>) =>
  createGallopClient({
    throwOnError: true,
    baseUrl: 'http://api.test',
    locale: { iso: 'en', localizationId: 1 },
    currency: 'USD',
    fetch: answer,
  });

afterEach(() => vi.restoreAllMocks());

describe('orderChannels', () => {
  const channels = [channel('telegram'), channel('whatsapp'), channel('facebook')];

  it('puts facebook first while Russian is unavailable, the rest in the server order', () => {
    expect(orderChannels(channels, false).map((item) => item.source)).toEqual([
      'facebook',
      'telegram',
      'whatsapp',
    ]);
  });

  it('puts telegram first when Russian is available', () => {
    expect(
      orderChannels([channel('facebook'), ...channels.slice(0, 2)], true).map(
        (item) => item.source,
      ),
    ).toEqual(['telegram', 'facebook', 'whatsapp']);
  });

  it('follows the site config by default (Russian is unavailable) and drops unlinkable ones', () => {
    expect(RUSSIAN_AVAILABLE).toBe(LOCALES.ru.available);
    const unlinkable = channel('viber', { source_id: undefined });
    expect(orderChannels([...channels, unlinkable]).map((item) => item.source)).toEqual([
      'facebook',
      'telegram',
      'whatsapp',
    ]);
  });

  it('keeps a messenger that cannot be linked again when it is linked already, in order', () => {
    const linked = channel('facebook', { source_id: undefined, is_connected: true });
    const unlinkable = channel('viber', { source_id: undefined });
    expect(
      orderChannels([channel('telegram'), unlinkable, linked], false).map((item) => item.source),
    ).toEqual(['facebook', 'telegram']);
  });
});

describe('notificationsOf', () => {
  it('is on only when a messenger is activated and the chat is not muted', () => {
    const list = (entry: Partial<Chat>) => ({ items: [chat(entry)] });
    expect(notificationsOf(chat(), list({ messenger_was_activated: true })).enabled).toBe(true);
    expect(notificationsOf(chat(), list({ messenger_was_activated: false })).enabled).toBe(false);
    expect(
      notificationsOf(chat(), list({ messenger_was_activated: true, notifications_enabled: false }))
        .enabled,
    ).toBe(false);
  });

  it("uses the chat's own flags when the list does not have it (or failed to load)", () => {
    const activated = chat({ messenger_was_activated: true });
    expect(notificationsOf(activated, { items: [] }).enabled).toBe(true);
    expect(notificationsOf(activated, undefined).enabled).toBe(true);
    expect(notificationsOf(chat(), { items: [chat({ id: 8 })] }).enabled).toBe(false);
  });
});

describe('notificationChatsQuery', () => {
  it('answers the list the API gives', async () => {
    const api = apiAnswering(async () => Response.json({ items: [chat()] }));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(notificationChatsQuery(api))).resolves.toEqual({
      items: [chat()],
    });
  });

  it('falls back to an empty list and logs quietly when the call fails (docs/product.md, Errors)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = apiAnswering(async () => Response.json({ message: 'Boom' }, { status: 500 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(notificationChatsQuery(api))).resolves.toEqual({
      items: [],
    });
    expect(warn).toHaveBeenCalledWith(
      'Chat: could not load the chats for notifications',
      expect.anything(),
    );
  });
});

describe('applyNotificationsEnabled', () => {
  it('changes the chat in the notifications list and its own entry, in place', () => {
    const api = apiAnswering(async () => Response.json({}));
    const queryClient = new QueryClient();
    const key = notificationChatsQuery(api).queryKey;
    queryClient.setQueryData(key, { items: [chat(), chat({ id: 8 })] });
    queryClient.setQueryData(chatKeys.detail(7), chat());

    applyNotificationsEnabled(queryClient, api, 7, true);
    expect(queryClient.getQueryData<{ items: Chat[] }>(key)?.items).toEqual([
      chat({ messenger_was_activated: true, notifications_enabled: true }),
      chat({ id: 8 }),
    ]);
    expect(queryClient.getQueryData(chatKeys.detail(7))).toEqual(
      chat({ messenger_was_activated: true }),
    );

    applyNotificationsEnabled(queryClient, api, 7, false);
    expect(queryClient.getQueryData<{ items: Chat[] }>(key)?.items[0]).toEqual(
      chat({ messenger_was_activated: true, notifications_enabled: false }),
    );
    expect(queryClient.getQueryData<Chat>(chatKeys.detail(8))).toBeUndefined();
  });
});

describe('connectHref', () => {
  it('puts the code into the links of messengers that carry one', () => {
    expect(connectHref(channel('telegram', { url: 'https://t.me/gallop_bot' }), 'AB23CD')).toBe(
      'https://t.me/gallop_bot?start=AB23CD',
    );
    expect(connectHref(channel('whatsapp', { url: 'https://wa.me/14155550134' }), 'AB23CD')).toBe(
      'https://wa.me/14155550134?text=AB23CD',
    );
    expect(connectHref(channel('facebook', { url: 'https://m.me/gallop' }), 'AB23CD')).toBe(
      'https://m.me/gallop?ref=AB23CD',
    );
  });

  it('keeps other links as they are and refuses what is not a link to a messenger', () => {
    expect(connectHref(channel('instagram', { url: 'https://ig.me/m/gallop' }), 'X')).toBe(
      'https://ig.me/m/gallop',
    );
    expect(connectHref(channel('viber', { url: 'viber://chat?number=%2B1415' }), 'X')).toBe(
      'viber://chat?number=%2B1415',
    );
    expect(connectHref(channel('vk', { url: 'javascript:alert(1)' }), 'X')).toBeUndefined();
    expect(connectHref(channel('ok', { url: null }), 'X')).toBeUndefined();
    expect(connectHref(channel('ok', { url: 'not a url' }), 'X')).toBeUndefined();
  });
});
