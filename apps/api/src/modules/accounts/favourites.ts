/**
 * A signed-in traveller's favourite tours (docs/product.md, States, "Favourites": on sign-in the
 * server list replaces the local one, so a guest's hearts are merged in first). An account keeps
 * at most `MAX_FAVOURITE_TOURS`, the guest's cap too (decision 201).
 */
import type { ServiceHandlers } from '#src/contract.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tours, userFavouriteTours } from '#src/db/schema/index.ts';
import { notFound, unprocessable } from '#src/http/http-error.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import { lockUser } from './proofs.ts';

type FavouriteOperation = 'listFavouriteTours' | 'addFavouriteTour' | 'removeFavouriteTour';
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The most favourites an account keeps: `@gallop/session`'s `MAX_FAVOURITE_TOURS`, the guest's
 * cookie cap, and the number `addFavouriteTour`'s 422 states in the contract.
 */
export const MAX_FAVOURITE_TOURS = 200;

/** The 422 of an add to a full list (the web's heart says the same words to a guest). */
const FAVOURITES_FULL_MESSAGE = `You can keep up to ${MAX_FAVOURITE_TOURS} favourites. Remove one to add another.`;

/**
 * The account's favourite tour ids, under the account's row lock: every write of the list takes
 * it first, so two writes never both count the same room under the cap.
 */
async function lockedFavourites(tx: Transaction, userId: number): Promise<Set<number>> {
  await lockUser(tx, userId);
  const rows = await tx
    .select({ id: userFavouriteTours.tourId })
    .from(userFavouriteTours)
    .where(eq(userFavouriteTours.userId, userId));
  return new Set(rows.map((row) => row.id));
}

/**
 * Adds the guest's favourites (ids of existing tours only) to the account's list, up to the cap:
 * the account's own stay, and the guest's most recently added (last) fill the room left. Never
 * refuses: what does not fit is left out.
 */
export async function mergeFavourites(
  db: Database,
  userId: number,
  tourIds: readonly number[] | undefined,
): Promise<void> {
  const wanted = [...new Set(tourIds ?? [])];
  if (wanted.length === 0) return;
  await db.transaction(async (tx) => {
    const saved = await lockedFavourites(tx, userId);
    const room = MAX_FAVOURITE_TOURS - saved.size;
    if (room <= 0) return;
    const known = new Set(
      (await tx.select({ id: tours.id }).from(tours).where(inArray(tours.id, wanted))).map(
        (row) => row.id,
      ),
    );
    const added = wanted.filter((id) => known.has(id) && !saved.has(id)).slice(-room);
    if (added.length === 0) return;
    await tx
      .insert(userFavouriteTours)
      .values(added.map((tourId) => ({ userId, tourId })))
      .onConflictDoNothing();
  });
}

export function favouritesHandlers({
  db,
}: {
  db: Database;
}): Pick<ServiceHandlers, FavouriteOperation> {
  return {
    async listFavouriteTours(request) {
      const { user } = await requireSigned(db, request);
      const activeOnly = Number(request.query.active_only) === 1;
      const rows = await db
        .select({ id: userFavouriteTours.tourId })
        .from(userFavouriteTours)
        .innerJoin(tours, eq(tours.id, userFavouriteTours.tourId))
        .where(
          and(
            eq(userFavouriteTours.userId, user.id),
            // Active: a tour a traveller can use, published and of an organizer not hidden
            // (`publicTour`, decision 194).
            activeOnly ? publicTour() : undefined,
          ),
        )
        .orderBy(asc(userFavouriteTours.createdAt), asc(userFavouriteTours.tourId));
      return { ids: rows.map((row) => row.id) };
    },

    async addFavouriteTour(request) {
      const { user } = await requireSigned(db, request);
      const tourId = request.body.tour_id;
      const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.id, tourId));
      if (!tour) throw notFound('Tour not found');
      await db.transaction(async (tx) => {
        const saved = await lockedFavourites(tx, user.id);
        // Saving a saved tour again changes nothing, on a full list too.
        if (saved.has(tourId)) return;
        if (saved.size >= MAX_FAVOURITE_TOURS) throw unprocessable(FAVOURITES_FULL_MESSAGE);
        await tx
          .insert(userFavouriteTours)
          .values({ userId: user.id, tourId })
          .onConflictDoNothing();
      });
      return { result: true };
    },

    async removeFavouriteTour(request) {
      const { user } = await requireSigned(db, request);
      await db
        .delete(userFavouriteTours)
        .where(
          and(
            eq(userFavouriteTours.userId, user.id),
            eq(userFavouriteTours.tourId, request.body.tour_id),
          ),
        );
      return { result: true };
    },
  };
}
