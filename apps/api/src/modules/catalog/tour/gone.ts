/**
 * The 410 answer of a tour whose dates have all passed: the spec's message, and where to go
 * instead, so the page is no dead end. The organizer's other listed tours, and similar listed
 * tours of other organizers: the same kind of trip (tours, excursions or cruises), in the same
 * country first, then sharing the most ride styles, then the most popular; with the search they
 * come from (the country's catalogue page, else `/tours?countries=…`).
 */
import type { components } from '@gallop/api-client';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { countries, organizers, tours } from '#src/db/schema/index.ts';
import { listedTour } from '../listed.ts';
import { catalogueUrls } from '../search/suggestion-urls.ts';
import { intArray } from '../search/sql.ts';
import { loadTourCards, type CardContext } from '../tour-card.ts';
import type { TourRow } from './slug.ts';

export type TourGone = components['schemas']['TourGone'];

/** Cards in each list of the 410 page. */
const GONE_ALTERNATIVES = 4;

/** The same kind of trip: what the search for such tours would show beside it. */
const sameKindAs = (tour: TourRow) =>
  and(eq(tours.type, tour.type), eq(tours.isCruise, tour.isCruise));

async function organizerTourIds(db: Database, tour: TourRow, today: string): Promise<number[]> {
  const rows = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(listedTour(today), eq(tours.organizerId, tour.organizerId), ne(tours.id, tour.id)))
    .orderBy(desc(tours.popularity), asc(tours.id))
    .limit(GONE_ALTERNATIVES);
  return rows.map((row) => row.id);
}

async function similarTourIds(db: Database, tour: TourRow, today: string): Promise<number[]> {
  const country = tour.countryIds[0];
  const sameCountry =
    country === undefined ? sql`false` : sql`${country} = any(${tours.countryIds})`;
  const sharedKinds = sql`cardinality(array(select unnest(${tours.restKindIds}) intersect select unnest(${intArray(tour.restKindIds)})))`;
  const rows = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(listedTour(today), sameKindAs(tour), ne(tours.organizerId, tour.organizerId)))
    .orderBy(desc(sameCountry), desc(sharedKinds), desc(tours.popularity), asc(tours.id))
    .limit(GONE_ALTERNATIVES);
  return rows.map((row) => row.id);
}

/** The search of tours like this one: its country's (and its kind's), or every tour. */
async function similarSearch(db: Database, tour: TourRow): Promise<TourGone['similar_search']> {
  const countryId = tour.countryIds[0];
  const [country] =
    countryId === undefined
      ? []
      : await db
          .select({ name: countries.name })
          .from(countries)
          .where(eq(countries.id, countryId))
          .limit(1);
  const kind = {
    ...(tour.type === 2 ? { type: 2 as const } : {}),
    ...(tour.isCruise ? { isCruisesSearch: true } : {}),
  };
  const noun = tour.isCruise ? 'cruises' : tour.type === 2 ? 'excursions' : 'tours';
  const filter = country ? { countries: [countryId!], ...kind } : kind;
  const [url] = await catalogueUrls(db, [filter]);
  return { url: url!, text: country ? `More ${noun} in ${country.name}` : `More ${noun}` };
}

/** The 410 body for `tour` (public, every date passed), priced like the page would be. */
export async function goneTourAnswer(
  db: Database,
  tour: TourRow,
  message: string,
  context: CardContext,
): Promise<TourGone> {
  const [[organizer], organizerIds, similarIds, search] = await Promise.all([
    db
      .select({ id: organizers.id, name: organizers.name })
      .from(organizers)
      .where(and(eq(organizers.id, tour.organizerId), eq(organizers.isPublishedOnSite, true)))
      .limit(1),
    organizerTourIds(db, tour, context.today),
    similarTourIds(db, tour, context.today),
    similarSearch(db, tour),
  ]);
  const [organizerTours, similarTours] = await Promise.all([
    loadTourCards(db, organizerIds, context),
    loadTourCards(db, similarIds, context),
  ]);
  return {
    message,
    tour: { id: tour.id, name: tour.name, slug: tour.slug },
    organizer: organizer ?? null,
    organizer_tours: organizerTours,
    similar_tours: similarTours,
    similar_search: search,
  };
}
