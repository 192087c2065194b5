/**
 * A signed-in traveller's favourite tours (docs/product.md, States, "Favourites": on sign-in the
 * server list replaces the local one, so a guest's hearts are merged in first).
 */
import type { ServiceHandlers } from '#src/contract.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tours, userFavouriteTours } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';

type FavouriteOperation = 'listFavouriteTours' | 'addFavouriteTour' | 'removeFavouriteTour';

/** Adds the guest's favourites (ids of existing tours only) to the account's list. */
export async function mergeFavourites(
  db: Pick<Database, 'select' | 'insert'>,
  userId: number,
  tourIds: readonly number[] | undefined,
): Promise<void> {
  const wanted = [...new Set(tourIds ?? [])];
  if (wanted.length === 0) return;
  const known = await db.select({ id: tours.id }).from(tours).where(inArray(tours.id, wanted));
  if (known.length === 0) return;
  await db
    .insert(userFavouriteTours)
    .values(known.map(({ id }) => ({ userId, tourId: id })))
    .onConflictDoNothing();
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
      await db.insert(userFavouriteTours).values({ userId: user.id, tourId }).onConflictDoNothing();
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
