/**
 * `takePlaces` when places come back between its refused update and its read of what is left
 * (a cancel committing in that instant): the read happens under the date's row lock, so the
 * booking takes the seat given back instead of being refused; and a refusal only ever names a
 * kind of place the request asked for. Stop 63's CI rehearsal caught the old read without a lock
 * telling a heavy rider, with no companion, "No places for non-riders are left on this date".
 * PostgreSQL only: the give-back runs on another connection while the booking's transaction is
 * open (PGlite has one connection and would wait for it).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { tourDates } from '#src/db/schema/index.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { openScratchDatabase, type ScratchDatabase } from '#src/testing/scratch-database.ts';
import { releasePlaces, takePlaces } from './seats.ts';
import { dateWithSeats, placesOf } from './testing-scratch.ts';

let scratch: ScratchDatabase;
let db: Database;
const used = new Set<number>();

/**
 * `tx` whose first conditional update, once answered, waits for `between` (committed on another
 * connection) before `takePlaces` goes on: the instant of the race, made certain.
 */
function withGiveBackAfterFirstUpdate<T extends object>(tx: T, between: () => Promise<void>): T {
  let first = true;
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (property !== 'update' || typeof value !== 'function') {
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      }
      return (table: unknown) => {
        const builder = (value as (table: unknown) => UpdateChain).call(target, table);
        return {
          set: (values: unknown) => ({
            where: (condition: unknown) => ({
              returning: (fields: unknown) =>
                builder
                  .set(values)
                  .where(condition)
                  .returning(fields)
                  .then(async (rows: unknown[]) => {
                    if (first) {
                      first = false;
                      await between();
                    }
                    return rows;
                  }),
            }),
          }),
        };
      };
    },
  });
}

interface UpdateChain {
  set(values: unknown): {
    where(condition: unknown): { returning(fields: unknown): Promise<unknown[]> };
  };
}

describe.runIf(testDatabaseKind() === 'postgres')('takePlaces across a give-back', () => {
  beforeAll(async () => {
    scratch = await openScratchDatabase('seats_give_back');
    db = scratch.handle.db;
  }, 120_000);
  afterAll(() => scratch?.drop());

  it('takes the seat a cancel gives back between the refused update and the read', async () => {
    const date = await dateWithSeats(db, 4, used);
    await db.update(tourDates).set({ numberOfFreeSeats: 0 }).where(eq(tourDates.id, date.id));
    const result = await db.transaction((tx) =>
      takePlaces(
        withGiveBackAfterFirstUpdate(tx, () => releasePlaces(db, date.id, { seats: 1, heavy: 0 })),
        date.id,
        { seats: 1, heavy: 0 },
      ),
    );
    expect(result).toMatchObject({ taken: true });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 0 });
  });

  it('refuses for seats, never for beds it did not ask for, when what comes back is not enough', async () => {
    const date = await dateWithSeats(db, 6, used, { nonRiderPlaces: 2, nonRiderPrice: 10_000 });
    await db
      .update(tourDates)
      .set({ numberOfFreeSeats: 0, nonRiderPlacesFree: 0 })
      .where(eq(tourDates.id, date.id));
    // Two seats asked, one given back in between: still short of seats, and it says so.
    const result = await db.transaction((tx) =>
      takePlaces(
        withGiveBackAfterFirstUpdate(tx, () => releasePlaces(db, date.id, { seats: 1, heavy: 0 })),
        date.id,
        { seats: 2, heavy: 0 },
      ),
    );
    expect(result).toEqual({ taken: false, short: 'seats', free: 1 });
    expect(await placesOf(db, date.id)).toMatchObject({ free: 1, nonRidersFree: 0 });
  });
});
