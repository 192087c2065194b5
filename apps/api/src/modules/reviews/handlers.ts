import { and, eq } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { organizers, tours } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import {
  publicTour,
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

/**
 * 404 unless the tour has a page (`publicTour`: published, its organizer not hidden). Reviewing
 * goes by the booking's link (`invitations.ts`), not through this: a trip of a hidden organizer
 * is still reviewed.
 */
async function requirePublicTour(db: Database, id: number): Promise<void> {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.id, id), publicTour()))
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
      await requirePublicTour(db, id);
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
