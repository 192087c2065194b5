/** Fixtures the chat's tests share: accounts with sessions, and organizers nobody answers for. */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { organizerMembers, organizers, users } from '#src/db/schema/index.ts';
import { openSession } from '#src/modules/sessions/index.ts';
import type { Json } from '#src/testing/call.ts';
import { chatRoom, userRoom, type ChatRealtime, type EventName } from './events.ts';

export type Role = 'client' | 'organizer' | 'support';

/** A fresh account with a session (and, for organizer staff, its organizer). */
export async function chatAccount(db: Database, role: Role = 'client', organizerId?: number) {
  const [user] = await db
    .insert(users)
    .values({
      role,
      email: `chat-${role}-${randomUUID()}@example.com`,
      firstName: role === 'client' ? 'Maya' : 'Tom',
      lastName: role === 'client' ? 'Hart' : 'Rider',
    })
    .returning();
  if (organizerId !== undefined) {
    await db.insert(organizerMembers).values({ organizerId, userId: user!.id });
  }
  const { token } = await openSession(db, user!.id);
  return { user: user!, token };
}

/**
 * An organizer on the site with tours that no staff account answers for yet (not the demo one), so
 * a test's chats are the only ones its staff sees.
 */
export async function unoccupiedOrganizer(db: Database, except?: number, minTours = 1) {
  const [row] = await db
    .select({ id: organizers.id, name: organizers.name })
    .from(organizers)
    .where(
      and(
        gt(organizers.toursCount, minTours - 1),
        // The seed leaves one organizer in twenty off the site, where calls and pages refuse it.
        eq(organizers.isPublishedOnSite, true),
        except === undefined ? undefined : ne(organizers.id, except),
        notExists(
          db
            .select({ one: sql`1` })
            .from(organizerMembers)
            .where(eq(organizerMembers.organizerId, organizers.id)),
        ),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw new Error('the seed has no organizer for this test');
  return row;
}

/** Polls `read` until the message's attachment has left `pending` (processing follows the send). */
export async function untilAttachmentSettled(read: () => Promise<Json | undefined>): Promise<Json> {
  for (let tries = 0; tries < 200; tries += 1) {
    const message = await read();
    if (message && message.file?.download_status !== 'pending') return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the attachment stayed pending');
}

/** A realtime emitter that records what it is asked to push, by room. */
export function recordingRealtime(): ChatRealtime & {
  pushed: { room: string; event: EventName; payload: unknown }[];
} {
  const pushed: { room: string; event: EventName; payload: unknown }[] = [];
  return {
    pushed,
    toUser(userId, event, payload) {
      pushed.push({ room: userRoom(userId), event, payload });
    },
    toChat(chatId, event, payload) {
      pushed.push({ room: chatRoom(chatId), event, payload });
    },
    async isOnline() {
      return false;
    },
  };
}
