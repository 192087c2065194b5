/** Test helpers of the catalogue caches. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tours } from '#src/db/schema/index.ts';

/**
 * Runs `work` while tour `tourId` shows one more review than it has (a write the change log
 * records), and puts the count back afterwards, whatever `work` did.
 */
export async function whileTourChanged(
  db: Database,
  tourId: number,
  work: () => Promise<void>,
): Promise<void> {
  const touch = (step: number) =>
    db
      .update(tours)
      .set({ reviewsCount: sql`${tours.reviewsCount} + ${step}` })
      .where(eq(tours.id, tourId));
  await touch(1);
  try {
    await work();
  } finally {
    await touch(-1);
  }
}
