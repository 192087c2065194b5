import { and, eq } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { organizers, tours } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import {
  resolveTourSlug,
  ORGANIZER_REVIEWS_LIMIT,
  reviewPage,
  TOUR_REVIEWS_LIMIT,
} from '#src/modules/catalog/index.ts';

export interface ReviewsDeps {
  db: Database;
}

/** Review photos always carry their alt text: these calls have no `with_alt` switch. */
const WITH_ALT = true;

async function requirePublishedTour(db: Database, id: number): Promise<void> {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.id, id), eq(tours.isPublished, true)))
    .limit(1);
  if (!tour) throw notFound('Tour not found');
}

async function requirePublishedOrganizer(db: Database, id: number): Promise<void> {
  const [organizer] = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(and(eq(organizers.id, id), eq(organizers.isPublishedOnSite, true)))
    .limit(1);
  if (!organizer) throw notFound('Organizer not found');
}

/** Contract handlers for the published reviews of tours and organizers. */
export function reviewsHandlers({
  db,
}: ReviewsDeps): Pick<
  ServiceHandlers,
  'getTourReviews' | 'listAllTourReviews' | 'listOrganizerReviews'
> {
  return {
    async getTourReviews(request) {
      const { id, limit = TOUR_REVIEWS_LIMIT } = request.query;
      await requirePublishedTour(db, id);
      return reviewPage(db, { tourId: id }, { page: 1, limit, withAlt: WITH_ALT });
    },

    async listAllTourReviews(request) {
      const {
        slug,
        limit = TOUR_REVIEWS_LIMIT,
        page = 1,
        rider_level: riderLevel,
        min_rating: minRating,
        sort = 'newest',
      } = request.query;
      // An old or stale slug still names its tour here: a list has nothing to redirect.
      const resolved = await resolveTourSlug(db, slug);
      if (!resolved) throw notFound('Tour not found');
      return reviewPage(
        db,
        { tourId: resolved.tour.id },
        { page, limit, withAlt: WITH_ALT, filter: { riderLevel, minRating }, sort },
      );
    },

    async listOrganizerReviews(request) {
      const { id, limit = ORGANIZER_REVIEWS_LIMIT, page = 1 } = request.query;
      await requirePublishedOrganizer(db, id);
      return reviewPage(db, { organizerId: id }, { page, limit, withAlt: WITH_ALT });
    },
  };
}
