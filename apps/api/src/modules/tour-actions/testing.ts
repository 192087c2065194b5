import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tours } from '#src/db/schema/index.ts';

/** The seeded catalogue's first published tour: the one these tests order and complain about. */
export async function firstPublishedTour(db: Database): Promise<typeof tours.$inferSelect> {
  const [first] = await db
    .select()
    .from(tours)
    .where(eq(tours.isPublished, true))
    .orderBy(asc(tours.id))
    .limit(1);
  return first!;
}
