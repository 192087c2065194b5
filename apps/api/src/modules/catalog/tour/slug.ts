import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourSlugRedirects, tours } from '#src/db/schema/index.ts';

export type TourRow = typeof tours.$inferSelect;

/** How a slug found its tour: its own slug, or a slug that must redirect to the current one. */
export type ResolvedTourSlug =
  { kind: 'current'; tour: TourRow } | { kind: 'moved'; tour: TourRow };

/** Tour slugs end in `-<id>` (spec, routes): the id a slug names, if it has one. */
export function tourIdFromSlug(slug: string): number | undefined {
  const match = /-(\d{1,9})$/.exec(slug);
  if (!match) return undefined;
  const id = Number(match[1]);
  return id > 0 ? id : undefined;
}

/** The tour web route of a slug (`/{slug}`). */
export const tourPath = (slug: string) => `/${slug}`;

async function publishedTour(db: Database, where: ReturnType<typeof eq>) {
  const [tour] = await db
    .select()
    .from(tours)
    .where(and(where, eq(tours.isPublished, true)))
    .limit(1);
  return tour;
}

/**
 * Finds the published tour a slug stands for: its current slug; an old slug kept in
 * `tour_slug_redirects`; or a slug whose trailing `-<id>` names a tour while its text is stale
 * (a renamed tour). The last two are `moved`: callers answer a redirect to the current slug.
 * Unknown slugs and unpublished tours resolve to nothing (a 404).
 */
export async function resolveTourSlug(
  db: Database,
  slug: string,
): Promise<ResolvedTourSlug | undefined> {
  const current = await publishedTour(db, eq(tours.slug, slug));
  if (current) return { kind: 'current', tour: current };

  const [redirect] = await db
    .select({ tourId: tourSlugRedirects.tourId })
    .from(tourSlugRedirects)
    .where(eq(tourSlugRedirects.oldSlug, slug))
    .limit(1);
  const id = redirect?.tourId ?? tourIdFromSlug(slug);
  if (id === undefined) return undefined;
  const moved = await publishedTour(db, eq(tours.id, id));
  return moved ? { kind: 'moved', tour: moved } : undefined;
}
