/**
 * The public tour a visitor's action names: what its programme message needs. Public is the
 * catalogue's rule (`publicTour`): published, and its organizer not hidden, so a tour without a
 * page takes no order, follow, complaint or question either.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourPrograms, tours } from '#src/db/schema/index.ts';
import { notFound, unprocessable } from '#src/http/http-error.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import type { ProgrammeTour } from './messages.ts';

/** How a call answers an unknown tour: 404 where the contract has it, else a field error (422). */
export const UNKNOWN_TOUR = {
  notFound: () => notFound('Tour not found'),
  field: () => unprocessable('Tour not found', { tour_id: ['Tour not found'] }),
};

/** The public tour `id` with its programme days; `unknown` makes the error for any other. */
export async function publishedTour(
  db: Database,
  id: number,
  unknown: () => Error = UNKNOWN_TOUR.field,
): Promise<ProgrammeTour & { id: number }> {
  const [tour] = await db
    .select({
      id: tours.id,
      name: tours.name,
      slug: tours.slug,
      duration: tours.duration,
      days: tourPrograms.days,
    })
    .from(tours)
    .leftJoin(tourPrograms, eq(tourPrograms.tourId, tours.id))
    .where(and(eq(tours.id, id), publicTour()))
    .limit(1);
  if (!tour) throw unknown();
  return { ...tour, days: tour.days ?? [] };
}
