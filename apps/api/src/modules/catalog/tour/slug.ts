import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourSlugRedirects, tours } from '#src/db/schema/index.ts';
import { publicTour } from '../listed.ts';

export type TourRow = typeof tours.$inferSelect;

/** How a slug found its tour: its own slug, or a slug that must redirect to the current one. */
export type ResolvedTourSlug =
  { kind: 'current'; tour: TourRow } | { kind: 'moved'; tour: TourRow };

/** The tour web route of a slug (`/{slug}`). */
export const tourPath = (slug: string) => `/${slug}`;

/** The public tour (published, of a published organizer) that `where` picks, if any. */
async function publicTourWhere(db: Database, where: SQL) {
  const [tour] = await db.select().from(tours).where(and(where, publicTour())).limit(1);
  return tour;
}

/**
 * Finds the public tour a slug stands for: its current slug, or an old slug of the same tour
 * kept in `tour_slug_redirects` when it was renamed (`moved`: callers answer a redirect to the
 * current slug). Nothing else: a slug that merely ends in a tour's `-<id>` (another text, a
 * place's slug such as `dettifoss-4`) is not that tour, so unknown slugs, hidden tours and tours
 * of hidden organizers resolve to nothing (a 404).
 */
export async function resolveTourSlug(
  db: Database,
  slug: string,
): Promise<ResolvedTourSlug | undefined> {
  const current = await publicTourWhere(db, eq(tours.slug, slug));
  if (current) return { kind: 'current', tour: current };

  const [redirect] = await db
    .select({ tourId: tourSlugRedirects.tourId })
    .from(tourSlugRedirects)
    .where(eq(tourSlugRedirects.oldSlug, slug))
    .limit(1);
  if (!redirect) return undefined;
  const moved = await publicTourWhere(db, eq(tours.id, redirect.tourId));
  return moved ? { kind: 'moved', tour: moved } : undefined;
}
