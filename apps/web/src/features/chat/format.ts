/**
 * How the chat shows time, days and previews. Every function takes the time zone: the viewer's
 * (`useClock`: the profile's when signed in, else the browser's after hydrating, UTC before).
 */
import type { OutgoingMessage } from '@gallop/chat';
import { zoneName } from '../../lib/instant-format';
import type { Chat, ChatMessage } from './api';

/** The title support chats get in the list (the API may name them otherwise). */
const SUPPORT_TITLE = 'Gallop support';

const dayKey = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);

/** 'Today', 'Yesterday', 'Mon, 24 Nov' (this year) or '24 Nov 2025'. */
export function dayLabel(iso: string, now: Date, timeZone: string): string {
  const date = new Date(iso);
  const key = dayKey(date, timeZone);
  if (key === dayKey(now, timeZone)) return 'Today';
  if (key === dayKey(new Date(now.getTime() - 86_400_000), timeZone)) return 'Yesterday';
  const sameYear = key.slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    ...(sameYear
      ? { weekday: 'short', day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' }),
  }).format(date);
}

/** '14:05'. */
export function timeLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** In the chat list: the time for today's messages, else the day. */
export function listTimeLabel(iso: string, now: Date, timeZone: string): string {
  const label = dayLabel(iso, now, timeZone);
  return label === 'Today' ? timeLabel(iso, timeZone) : label;
}

/** One line of the chat list under the title. */
export function previewText(chat: Chat): string {
  const last = chat.last_message;
  if (!last) return chat.kind === 'support' ? 'Ask us anything about your trip' : 'No messages yet';
  const gone = removedLabel(last);
  if (gone) return gone;
  const text =
    last.message.trim().replace(/\s+/g, ' ') || (last.file ? `Photo: ${last.file.name}` : '');
  return last.type === 'output' ? `You: ${text}` : text;
}

/** What a deleted or hidden message shows instead of its content. */
export function removedLabel(message: Pick<ChatMessage, 'is_deleted' | 'is_moderated'>) {
  if (message.is_moderated) return 'Hidden by Gallop support';
  if (message.is_deleted) return 'Message deleted';
  return undefined;
}

/** The chat's name for the viewer: support agents see the traveller they answer. */
export function chatTitle(chat: Chat): string {
  return chat.kind === 'support' && chat.viewer_side !== 'staff' ? SUPPORT_TITLE : chat.title;
}

/** The support chat first, the others in the order the server gave (latest activity first). */
export function orderChats(chats: readonly Chat[]): Chat[] {
  const seen = new Set<number>();
  const unique = chats.filter((chat) => !seen.has(chat.id) && seen.add(chat.id));
  return [
    ...unique.filter((chat) => chat.kind === 'support'),
    ...unique.filter((chat) => chat.kind !== 'support'),
  ];
}

/** A row of the conversation: a stored message or one still being sent. */
export type ConversationItem =
  | { kind: 'stored'; key: string; message: ChatMessage }
  | { kind: 'outgoing'; key: string; message: OutgoingMessage<ChatMessage> };

export interface DayGroup {
  key: string;
  /** 'Today · EST': the day, and the zone its message times are in (decision 153). */
  label: string;
  items: ConversationItem[];
}

/**
 * The conversation oldest first, grouped by day: stored messages (pages newest first, possibly
 * overlapping after new messages shifted the offsets) and the outgoing ones the server has not
 * shown yet (a sent one is dropped once the stored copy with its client id is there).
 */
export function conversationDays(
  pages: readonly (readonly ChatMessage[])[],
  outgoing: readonly OutgoingMessage<ChatMessage>[],
  now: Date,
  timeZone: string,
): DayGroup[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages) for (const message of page) byId.set(message.id, message);
  const stored = [...byId.values()].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
  );
  const storedClientIds = new Set(stored.flatMap((message) => message.client_id ?? []));
  const items: ConversationItem[] = [
    ...stored.map((message) => ({ kind: 'stored' as const, key: `m${message.id}`, message })),
    ...outgoing
      .filter(
        (item) => !storedClientIds.has(item.clientId) && !(item.sent && byId.has(item.sent.id)),
      )
      .map((message) => ({ kind: 'outgoing' as const, key: `c${message.clientId}`, message })),
  ];
  const groups: DayGroup[] = [];
  for (const item of items) {
    const iso = item.kind === 'stored' ? item.message.created_at : item.message.createdAt;
    const key = dayKey(new Date(iso), timeZone);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: dayHeading(iso, now, timeZone), items: [item] });
  }
  return groups;
}

/**
 * A day's heading in the conversation, with the zone its times are in: the traveller's chosen
 * zone may not be the one their device is in ('Today · EST', 'Mon, 24 Nov · GMT+9').
 */
function dayHeading(iso: string, now: Date, timeZone: string): string {
  return `${dayLabel(iso, now, timeZone)} · ${zoneName(new Date(iso), timeZone)}`;
}

/** Letters for an avatar without a picture: 'Andes Trails' -> 'AT'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** The route's id: a positive integer, else null (the 404 page). */
export function parseChatId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}

/**
 * What the screen reader hears when a message arrives in the open conversation: Gallop's own line
 * about a booking (often the reader's own doing: a decline, a confirmation) is an update, not a
 * message from the other person.
 */
export function incomingAnnouncement(
  message: Pick<ChatMessage, 'message' | 'is_system'>,
  from: string,
): string {
  if (message.is_system) return `Booking update: ${message.message}`;
  return `New message from ${from}: ${message.message || 'a photo'}`;
}
