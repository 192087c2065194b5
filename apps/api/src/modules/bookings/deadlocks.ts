/**
 * A transaction PostgreSQL chose to abort to break a deadlock (`40P01`) changed nothing, so it is
 * run again. Every booking transaction takes a date's row before its bookings' rows
 * (`lockBookingAfterDate`), so none is expected; a date decided as a whole (decision 148) locks
 * every booking on it, and rows other modules lock (chats, payments) are not ordered by this
 * module: the retry keeps a rare cycle from reaching anyone as a 500.
 */
import { sqlStateOf } from '#src/db/sql-state.ts';

const DEADLOCK = '40P01';
const ATTEMPTS = 4;

/** Whether `error`, or an error it wraps (drizzle wraps the driver's), is a deadlock. */
export function isDeadlock(error: unknown): boolean {
  return sqlStateOf(error) === DEADLOCK;
}

/** Runs the transaction `run` opens, again (a few times) when PostgreSQL aborts it as a deadlock. */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
      // A moment's wait, growing, so the two sides do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
