/**
 * Messenger notifications of a chat (docs/product.md, Entities, States and Calls, "Chat"): which
 * chats already send their replies to a messenger, the messengers a traveller can link, the
 * one-time connection code and turning a chat's notifications off. Server data lives in the query
 * cache under the contract's keys; the realtime event `crm_user_chat_notifications_enabled` updates
 * it in place.
 */
import { quietly } from '../../lib/quiet-query';
import type { components, GallopClient } from '@gallop/api-client';
import {
  listChatChannelsQueryOptions,
  listChatsForNotificationsQueryOptions,
} from '@gallop/api-client/query';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Chat } from './api';
import { chatKeys } from './keys';

export type MessengerChannel = components['schemas']['Channel'];

/**
 * Whether Russian is an interface language: `LOCALES.ru.available` of @gallop/i18n (false: only
 * English is available, docs/product.md, Who it is for). A copy, not an import: the locales live in
 * the first-load chunk, and reading them from here would add an export to it (the budget is at its
 * edge); a test keeps the two equal.
 */
export const RUSSIAN_AVAILABLE = false;
type NotificationChats = { items: Chat[] };
const NO_CHATS: NotificationChats = { items: [] };

/**
 * The chats whose replies can go to a messenger; an empty list when the call fails
 * (docs/product.md, Errors: logged quietly, the chat still works).
 */
export function notificationChatsQuery(api: GallopClient<true>) {
  const options = listChatsForNotificationsQueryOptions(api);
  return queryOptions({
    ...options,
    queryFn: quietly(options.queryFn, NO_CHATS, 'Chat: could not load the chats for notifications'),
  });
}

/** The messengers that can deliver notifications, in the spec's display order. */
export function messengerChannelsQuery(api: GallopClient<true>) {
  return queryOptions({
    ...listChatChannelsQueryOptions(api),
    select: (data: { items: MessengerChannel[] }) => orderChannels(data.items),
  });
}

/**
 * docs/product.md, Entities: telegram first when Russian is available, otherwise facebook first;
 * the rest keep the server's order. A messenger without a `source_id` cannot be linked with a code
 * (the API offers only those whose bot takes codes, decision 059): it is kept only when already
 * linked, so the traveller still sees where replies go.
 */
export function orderChannels(
  channels: readonly MessengerChannel[],
  russianAvailable: boolean = RUSSIAN_AVAILABLE,
): MessengerChannel[] {
  const first = russianAvailable ? 'telegram' : 'facebook';
  const shown = channels.filter(
    (channel) => channel.source_id !== undefined || channel.is_connected,
  );
  return [
    ...shown.filter((channel) => channel.source === first),
    ...shown.filter((channel) => channel.source !== first),
  ];
}

/** The chat as the notifications list has it (fresher), else as the chat call answered it. */
export function notificationsOf(chat: Chat, list: NotificationChats | undefined) {
  const entry = list?.items.find((item) => item.id === chat.id) ?? chat;
  return {
    /** Replies of this chat go to a linked messenger. */
    enabled: entry.messenger_was_activated === true && entry.notifications_enabled !== false,
  };
}

/**
 * A chat's notifications were turned on (in the messenger) or off: the notifications list and the
 * chat itself change in place. Turning on means a messenger is linked.
 */
export function applyNotificationsEnabled(
  queryClient: QueryClient,
  api: GallopClient<true>,
  chatId: number,
  enabled: boolean,
): void {
  const change = (chat: Chat): Chat => ({
    ...chat,
    notifications_enabled: enabled,
    ...(enabled ? { messenger_was_activated: true } : {}),
  });
  queryClient.setQueryData<Chat>(chatKeys.detail(chatId), (chat) => (chat ? change(chat) : chat));
  queryClient.setQueryData<NotificationChats>(notificationChatsQuery(api).queryKey, (list) =>
    list
      ? { ...list, items: list.items.map((chat) => (chat.id === chatId ? change(chat) : chat)) }
      : list,
  );
}

/** A one-time code that links the messenger (`source_id` of a channel) to the user. */
export async function requestConnectionCode(
  api: GallopClient<true>,
  sourceId: number,
): Promise<string> {
  return (
    await api.POST('/crm/api/chat/generate-connection-code', { body: { source_id: sourceId } })
  ).data.code;
}

export async function disableChatNotifications(
  api: GallopClient<true>,
  chatId: number,
): Promise<void> {
  await api.POST('/crm/api/chat/disable-notifications', { body: { chat_id: chatId } });
}

const APP_SCHEMES = new Set(['viber:', 'tg:', 'whatsapp:', 'fb-messenger:']);

/**
 * The link that opens the messenger's bot with the code already in it where the messenger allows
 * that (Telegram's `start` parameter, a prefilled WhatsApp text, Messenger's `ref`); otherwise
 * the bot's plain link, and the traveller sends the code shown beside it.
 */
export function connectHref(channel: MessengerChannel, code: string): string | undefined {
  if (!channel.url) return undefined;
  let url: URL;
  try {
    url = new URL(channel.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    // App links (viber://, tg://) open as they are; nothing else is a link to follow.
    return APP_SCHEMES.has(url.protocol) ? channel.url : undefined;
  }
  const parameter = { telegram: 'start', whatsapp: 'text', facebook: 'ref' }[
    channel.source as string
  ];
  if (parameter) url.searchParams.set(parameter, code);
  return url.href;
}
