/**
 * Places on a tour date: seats, heavier-horse places for riders above the tour's standard
 * weight limit, and beds for companions who come along without riding (decision 118). A request
 * takes all three when it is created (one conditional update, so two travellers can never take
 * the last seat, heavier horse or non-rider bed together), moves them when its riders change
 * and gives them back when cancelled.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourDates } from '#src/db/schema/index.ts';

type Executor = Pick<Database, 'update' | 'select'>;

export interface Places {
  seats: number;
  /** Heavier-horse places: riders above the tour's `maxRiderWeightKg` (`heavyRidersOf`). */
  heavy: number;
  /** Non-rider beds: companions who ride no horse (no seat, no heavier-horse place). */
  nonRiders?: number;
}

/** Why places could not be taken, with what the date has left of the short kind. */
export type TakeResult =
  | {
      taken: true;
      /**
       * Whether the date still waits for its organizer, read from the row just locked (a
       * booking that waited for the lock sees the guarantee the one before it committed).
       * Undefined when nothing was taken (nothing locked).
       */
      notGuaranteed?: boolean | undefined;
      /** The locked row's decision day and call-off (decision 148); undefined likewise. */
      decisionDate?: string | null | undefined;
      cancelledAt?: Date | null | undefined;
    }
  | { taken: false; short: 'seats' | 'heavy' | 'nonRiders'; free: number };

/**
 * Takes `places` in one conditional update: every kind or none. When short, reads what is left
 * under the date's row lock and says which kind is short (seats first: a full date is the bigger
 * news; then heavier horses, then non-rider beds). Places another request gave back between the
 * update and that read are taken after all: the read under the lock is what is really left, and
 * a refusal always names a kind the request asked for.
 */
export async function takePlaces(
  db: Executor,
  dateId: number,
  places: Places,
): Promise<TakeResult> {
  const seats = Math.max(0, places.seats);
  const heavy = Math.max(0, places.heavy);
  const nonRiders = Math.max(0, places.nonRiders ?? 0);
  if (seats === 0 && heavy === 0 && nonRiders === 0) return { taken: true };
  const take = () =>
    db
      .update(tourDates)
      .set({
        numberOfFreeSeats: sql`${tourDates.numberOfFreeSeats} - ${seats}`,
        heavyPlacesFree: sql`${tourDates.heavyPlacesFree} - ${heavy}`,
        nonRiderPlacesFree: sql`${tourDates.nonRiderPlacesFree} - ${nonRiders}`,
      })
      .where(
        and(
          eq(tourDates.id, dateId),
          gte(tourDates.numberOfFreeSeats, seats),
          gte(tourDates.heavyPlacesFree, heavy),
          gte(tourDates.nonRiderPlacesFree, nonRiders),
        ),
      )
      .returning({
        notGuaranteed: tourDates.notGuaranteed,
        decisionDate: tourDates.decisionDate,
        cancelledAt: tourDates.cancelledAt,
      });
  const [taken] = await take();
  if (taken) return { taken: true, ...taken };
  // The row lock holds what is left still until the transaction ends.
  const [left] = await db
    .select({
      seats: tourDates.numberOfFreeSeats,
      heavy: tourDates.heavyPlacesFree,
      nonRiders: tourDates.nonRiderPlacesFree,
    })
    .from(tourDates)
    .where(eq(tourDates.id, dateId))
    .for('update');
  if (!left) return { taken: false, short: 'seats', free: 0 };
  if (left.seats < seats) return { taken: false, short: 'seats', free: left.seats };
  if (left.heavy < heavy) return { taken: false, short: 'heavy', free: left.heavy };
  if (left.nonRiders < nonRiders) return { taken: false, short: 'nonRiders', free: left.nonRiders };
  // Given back since the update: there is room now, and the lock keeps it.
  const [retaken] = await take();
  if (retaken) return { taken: true, ...retaken };
  throw new Error(`date ${dateId}: places free under the row lock could not be taken`);
}

/** Gives `places` back, never above the date's capacity of any kind. */
export async function releasePlaces(db: Executor, dateId: number, places: Places): Promise<void> {
  const seats = Math.max(0, places.seats);
  const heavy = Math.max(0, places.heavy);
  const nonRiders = Math.max(0, places.nonRiders ?? 0);
  if (seats === 0 && heavy === 0 && nonRiders === 0) return;
  await db
    .update(tourDates)
    .set({
      numberOfFreeSeats: sql`least(${tourDates.numberOfSeats}, ${tourDates.numberOfFreeSeats} + ${seats})`,
      heavyPlacesFree: sql`least(${tourDates.heavyPlaces}, ${tourDates.heavyPlacesFree} + ${heavy})`,
      nonRiderPlacesFree: sql`least(${tourDates.nonRiderPlaces}, ${tourDates.nonRiderPlacesFree} + ${nonRiders})`,
    })
    .where(eq(tourDates.id, dateId));
}
