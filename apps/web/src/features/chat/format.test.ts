import type { OutgoingMessage } from '@gallop/chat';
import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from './api';
import {
  chatTitle,
  conversationDays,
  dayLabel,
  incomingAnnouncement,
  listTimeLabel,
  orderChats,
  parseChatId,
  previewText,
} from './format';

const now = new Date('2026-11-25T12:00:00Z');
const message = (
  id: number,
  created_at: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  id,
  chat_id: 1,
  type: 'input',
  message: `m${id}`,
  created_at,
  ...extra,
});
const chat = (id: number, extra: Partial<Chat> = {}): Chat => ({
  id,
  title: `Chat ${id}`,
  unread_count: 0,
  is_frozen: false,
  kind: 'organizer',
  ...extra,
});

describe('parseChatId', () => {
  it.each([
    ['12', 12],
    ['0', null],
    ['abc', null],
    ['12a', null],
    ['-1', null],
    ['99999999999', null],
  ])('%s -> %s', (input, expected) => expect(parseChatId(input)).toBe(expected));
});

describe('day and time labels', () => {
  it('says Today, Yesterday, the weekday this year and the year before', () => {
    expect(dayLabel('2026-11-25T01:00:00Z', now, 'UTC')).toBe('Today');
    expect(dayLabel('2026-11-24T23:00:00Z', now, 'UTC')).toBe('Yesterday');
    expect(dayLabel('2026-11-20T10:00:00Z', now, 'UTC')).toBe('Fri 20 Nov');
    expect(dayLabel('2025-11-20T10:00:00Z', now, 'UTC')).toBe('20 Nov 2025');
  });

  it('follows the time zone', () => {
    // 23:30 UTC on the 24th is already the 25th in Tokyo.
    expect(dayLabel('2026-11-24T23:30:00Z', now, 'Asia/Tokyo')).toBe('Today');
    expect(listTimeLabel('2026-11-24T23:30:00Z', now, 'Asia/Tokyo')).toBe('08:30');
    expect(listTimeLabel('2026-11-24T23:30:00Z', now, 'UTC')).toBe('Yesterday');
  });
});

describe('chat list', () => {
  it('pins support first, keeps the server order otherwise and drops repeats', () => {
    const ordered = orderChats([chat(3), chat(9, { kind: 'support' }), chat(4), chat(3)]);
    expect(ordered.map((item) => item.id)).toEqual([9, 3, 4]);
    expect(chatTitle(chat(9, { kind: 'support', title: 'Support' }))).toBe('Gallop support');
    // The support agent answering it sees the traveller's name the API gives.
    expect(chatTitle(chat(9, { kind: 'support', title: 'Maya Hart', viewer_side: 'staff' }))).toBe(
      'Maya Hart',
    );
  });

  it('previews a deleted or hidden last message by its marker', () => {
    const at = now.toISOString();
    expect(
      previewText(chat(1, { last_message: message(1, at, { message: '', is_deleted: true }) })),
    ).toBe('Message deleted');
    expect(
      previewText(chat(1, { last_message: message(1, at, { message: '', is_moderated: true }) })),
    ).toBe('Hidden by Gallop support');
  });

  it('previews the last message, marking the user own ones', () => {
    expect(previewText(chat(1))).toBe('No messages yet');
    expect(
      previewText(
        chat(1, {
          last_message: message(1, now.toISOString(), { type: 'output', message: 'See\nyou' }),
        }),
      ),
    ).toBe('You: See you');
    expect(
      previewText(
        chat(1, {
          last_message: message(2, now.toISOString(), {
            message: '',
            file: { id: 1, name: 'horse.jpg', url: '/h.jpg' },
          }),
        }),
      ),
    ).toBe('Photo: horse.jpg');
  });
});

describe('conversationDays', () => {
  const outgoing = (
    clientId: string,
    status: OutgoingMessage['status'],
    extra: Partial<OutgoingMessage<ChatMessage>> = {},
  ) =>
    ({
      clientId,
      chatId: 1,
      text: clientId,
      status,
      createdAt: '2026-11-25T11:59:00Z',
      ...extra,
    }) as OutgoingMessage<ChatMessage>;

  it('orders stored pages oldest first, drops overlaps and groups by day', () => {
    const newest = [message(3, '2026-11-25T10:00:00Z'), message(2, '2026-11-24T10:00:00Z')];
    const earlier = [message(2, '2026-11-24T10:00:00Z'), message(1, '2026-11-24T09:00:00Z')];
    const days = conversationDays([newest, earlier], [], now, 'UTC');
    expect(days.map((day) => [day.label, day.items.map((item) => item.key)])).toEqual([
      ['Yesterday · UTC', ['m1', 'm2']],
      ['Today · UTC', ['m3']],
    ]);
  });

  it('groups by the days of the zone it is given and names that zone', () => {
    // 03:00 UTC on the 25th is still the 24th in New York, and already the afternoon in Tokyo.
    const stored = [message(2, '2026-11-25T03:00:00Z'), message(1, '2026-11-24T10:00:00Z')];
    const labels = (zone: string) =>
      conversationDays([stored], [], now, zone).map((day) => [
        day.label,
        day.items.map((item) => item.key),
      ]);
    expect(labels('America/New_York')).toEqual([['Yesterday · EST', ['m1', 'm2']]]);
    expect(labels('Asia/Tokyo')).toEqual([
      ['Yesterday · GMT+9', ['m1']],
      ['Today · GMT+9', ['m2']],
    ]);
  });

  it('shows outgoing messages after the stored ones until the stored copy arrives', () => {
    const stored = [message(5, '2026-11-25T11:00:00Z', { client_id: 'a', type: 'output' })];
    const days = conversationDays(
      [stored],
      [outgoing('a', 'success'), outgoing('b', 'failed'), outgoing('c', 'waiting')],
      now,
      'UTC',
    );
    expect(days).toHaveLength(1);
    expect(days[0]!.items.map((item) => item.key)).toEqual(['m5', 'cb', 'cc']);
  });
});

describe('incomingAnnouncement', () => {
  it('announces a system message as a booking update, not from the other person', () => {
    expect(
      incomingAnnouncement(
        { message: 'Booking #3 was declined: no horses that week.', is_system: true },
        'Alex Morgan',
      ),
    ).toBe('Booking update: Booking #3 was declined: no horses that week.');
    expect(incomingAnnouncement({ message: 'See you there!' }, 'Alex Morgan')).toBe(
      'New message from Alex Morgan: See you there!',
    );
    expect(incomingAnnouncement({ message: '' }, 'Alex Morgan')).toBe(
      'New message from Alex Morgan: a photo',
    );
  });
});
