import { and, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/listed.ts';
import {
  loadTourCards,
  type CardContext,
  type TourSummary,
} from '#src/modules/catalog/tour-card.ts';

/**
 * The cards of the published tours among `ids`, in the order given (favourites, selections):
 * unknown and hidden tours are left out. A tour whose dates have all passed keeps its card,
 * marked `dates_passed` (the rule of the tour page's 410: no date from today on), so the page
 * showing it can offer others instead of a dead link.
 */
export async function publishedCards(
  db: Database,
  ids: readonly number[],
  context: CardContext,
): Promise<TourSummary[]> {
  if (ids.length === 0) return [];
  const published = await db
    .select({ id: tours.id, lastStartDate: tours.lastStartDate })
    .from(tours)
    // Hidden tours and the tours of hidden organizers have no page (`../listed.ts`).
    .where(and(inArray(tours.id, [...ids]), publicTour()));
  const visible = new Set(published.map((row) => row.id));
  const passed = new Set(
    published
      .filter((row) => row.lastStartDate === null || row.lastStartDate < context.today)
      .map((row) => row.id),
  );
  // loadTourCards keeps the order it is given: the caller's, less unknown and hidden tours.
  const cards = await loadTourCards(
    db,
    ids.filter((id) => visible.has(id)),
    context,
  );
  return cards.map((card) => (passed.has(card.id) ? { ...card, dates_passed: true } : card));
}
