/**
 * System messages written in a booking's transaction reach the open chats after commit, each once,
 * also when several API processes run announcer rounds at the same time (on PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '#src/db/schema/index.ts';
import { openScratchDatabase, type ScratchDatabase } from '#src/testing/scratch-database.ts';
import { openOrganizerChat, type ChatRow } from './chats.ts';
import type { ChatRealtime, EventName, EventPayload } from './events.ts';
import { announceSystemMessages } from './system-announcer.ts';
import { chatAccount, unoccupiedOrganizer } from './testing.ts';

type Pushed = { userId: number; event: EventName; payload: EventPayload<EventName> };

function recordingRealtime() {
  const pushed: Pushed[] = [];
  const realtime: ChatRealtime = {
    toUser(userId, event, payload) {
      pushed.push({ userId, event, payload });
    },
    toChat() {},
    isOnline: async () => false,
  };
  const newMessages = () =>
    pushed.flatMap((push) =>
      push.event === 'new_message'
        ? [{ userId: push.userId, ...(push.payload as EventPayload<'new_message'>) }]
        : [],
    );
  return { realtime, newMessages };
}

let scratch: ScratchDatabase;
let chat: ChatRow;
let travellerId: number;
let staffId: number;

beforeAll(async () => {
  scratch = await openScratchDatabase('announcer');
  const db = scratch.handle.db;
  const organizer = await unoccupiedOrganizer(db);
  const traveller = await chatAccount(db, 'client');
  const staff = await chatAccount(db, 'organizer', organizer.id);
  travellerId = traveller.user.id;
  staffId = staff.user.id;
  ({ chat } = await openOrganizerChat(db, {
    clientId: travellerId,
    organizerId: organizer.id,
    tourId: null,
    title: organizer.name,
  }));
}, 120_000);

afterAll(async () => {
  await scratch?.drop();
});

const systemMessage = (body: string) => ({
  chatId: chat.id,
  side: 'staff' as const,
  senderId: null,
  body,
  requestId: 4821,
  announcedAt: null,
});

describe('announceSystemMessages', () => {
  it('pushes a system message to both sides after commit, once', async () => {
    const db = scratch.handle.db;
    await db.insert(chatMessages).values(systemMessage('Booking #4821 is confirmed.'));
    // A message sent through the API was pushed by its handler: the announcer leaves it alone.
    await db
      .insert(chatMessages)
      .values({ chatId: chat.id, side: 'client', senderId: travellerId, body: 'Hello' });
    const { realtime, newMessages } = recordingRealtime();

    expect(await announceSystemMessages(db, realtime)).toBe(1);
    const pushed = newMessages();
    expect(pushed.map((push) => push.userId).sort()).toEqual([travellerId, staffId].sort());
    for (const push of pushed) {
      expect(push.chat_id).toBe(chat.id);
      expect(push.message).toMatchObject({
        message: 'Booking #4821 is confirmed.',
        is_system: true,
        request_id: 4821,
      });
    }
    expect(await announceSystemMessages(db, realtime)).toBe(0);
    expect(newMessages()).toHaveLength(2);
  });

  it('announces each of many messages exactly once across concurrent rounds', async () => {
    const db = scratch.handle.db;
    const bodies = Array.from({ length: 60 }, (_, index) => `Notice ${index}`);
    await db.insert(chatMessages).values(bodies.map(systemMessage));
    const { realtime, newMessages } = recordingRealtime();

    const counts = await Promise.all(
      Array.from({ length: 6 }, () => announceSystemMessages(db, realtime)),
    );
    let total = counts.reduce((sum, count) => sum + count, 0);
    // A round takes 100 at most, so what is left (none here) would go to the next one.
    total += await announceSystemMessages(db, realtime);
    expect(total).toBe(60);
    const travellerSaw = newMessages()
      .filter((push) => push.userId === travellerId)
      .map((push) => push.message.message);
    expect(travellerSaw.sort()).toEqual([...bodies].sort());
  });
});
