import { asc } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';

/** The seeded catalogue's first public tour: the one these tests order and complain about. */
export async function firstPublishedTour(db: Database): Promise<typeof tours.$inferSelect> {
  const [first] = await db.select().from(tours).where(publicTour()).orderBy(asc(tours.id)).limit(1);
  return first!;
}
