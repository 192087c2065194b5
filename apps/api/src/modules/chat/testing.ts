/** Fixtures the chat's tests share: accounts with sessions, and organizers nobody answers for. */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { organizerMembers, organizers, users } from '#src/db/schema/index.ts';
import { openSession } from '#src/modules/accounts/sessions.ts';

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
export async function unoccupiedOrganizer(db: Database, except?: number) {
  const [row] = await db
    .select({ id: organizers.id, name: organizers.name })
    .from(organizers)
    .where(
      and(
        gt(organizers.toursCount, 0),
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
