/**
 * Seats of a tour date. A request takes its seats when it is created (one conditional update, so
 * two travellers can never take the last seat together) and gives them back when cancelled.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourDates } from '#src/db/schema/index.ts';

type Executor = Pick<Database, 'update'>;

/** Takes `count` seats; false when fewer are free. */
export async function takeSeats(db: Executor, dateId: number, count: number): Promise<boolean> {
  if (count <= 0) return true;
  const taken = await db
    .update(tourDates)
    .set({ numberOfFreeSeats: sql`${tourDates.numberOfFreeSeats} - ${count}` })
    .where(and(eq(tourDates.id, dateId), gte(tourDates.numberOfFreeSeats, count)))
    .returning({ id: tourDates.id });
  return taken.length === 1;
}

/** Gives `count` seats back, never above the date's capacity. */
export async function releaseSeats(db: Executor, dateId: number, count: number): Promise<void> {
  if (count <= 0) return;
  await db
    .update(tourDates)
    .set({
      numberOfFreeSeats: sql`least(${tourDates.numberOfSeats}, ${tourDates.numberOfFreeSeats} + ${count})`,
    })
    .where(eq(tourDates.id, dateId));
}
