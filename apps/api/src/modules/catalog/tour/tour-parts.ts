import type { components } from '@gallop/api-client';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  cities,
  countries,
  individualTours,
  seoPages,
  tourCities,
  tourDates,
  tourPrograms,
  tourQuestions,
  tours,
} from '#src/db/schema/index.ts';
import { publicTour } from '../listed.ts';
import { toProgramDays } from './page.ts';
import { resolveTourSlug } from './slug.ts';

type TourCity = components['schemas']['TourCity'];
type TourProgram = components['schemas']['TourProgram'];

/** Program and question texts carry their photos' alt texts: these calls have no `with_alt`. */
const WITH_ALT = true;

/** A tour with a page: published, of a published organizer (`../listed.ts`). */
export async function publishedTourById(db: Database, id: number) {
  const [tour] = await db
    .select()
    .from(tours)
    .where(and(eq(tours.id, id), publicTour()))
    .limit(1);
  return tour;
}

/** Whether a slug names a tour (current or former) or a catalogue page. */
export async function isKnownSlug(db: Database, slug: string): Promise<boolean> {
  if (await resolveTourSlug(db, slug)) return true;
  const [page] = await db
    .select({ id: seoPages.id })
    .from(seoPages)
    .where(eq(seoPages.slug, slug))
    .limit(1);
  return page !== undefined;
}

/** Cities a public tour passes, in order (an unknown tour, or one without a page, has none). */
export async function tourCityList(db: Database, tourId: number): Promise<{ items: TourCity[] }> {
  const rows = await db
    .select({
      id: cities.id,
      name: cities.name,
      country: countries.name,
      is_start: tourCities.isStart,
      is_end: tourCities.isEnd,
    })
    .from(tourCities)
    .innerJoin(tours, and(eq(tours.id, tourCities.tourId), publicTour()))
    .innerJoin(cities, eq(cities.id, tourCities.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(tourCities.tourId, tourId))
    .orderBy(asc(tourCities.position));
  return { items: rows };
}

/** One question of a public tour (`../listed.ts`), or undefined. */
export async function publishedTourQuestion(db: Database, tourId: number, questionId: number) {
  const [question] = await db
    .select({
      id: tourQuestions.id,
      question: tourQuestions.question,
      answer: tourQuestions.answer,
    })
    .from(tourQuestions)
    .innerJoin(tours, and(eq(tours.id, tourQuestions.tourId), publicTour()))
    .where(and(eq(tourQuestions.id, questionId), eq(tourQuestions.tourId, tourId)))
    .limit(1);
  return question;
}

/** One programme of a public tour, its days as the contract gives them, or undefined. */
export async function publishedTourProgram(
  db: Database,
  tourId: number,
  programId: number,
): Promise<TourProgram | undefined> {
  const [program] = await db
    .select({ id: tourPrograms.id, tourId: tourPrograms.tourId, days: tourPrograms.days })
    .from(tourPrograms)
    .innerJoin(tours, and(eq(tours.id, tourPrograms.tourId), publicTour()))
    .where(and(eq(tourPrograms.id, programId), eq(tourPrograms.tourId, tourId)))
    .limit(1);
  if (!program) return undefined;
  return { id: program.id, tour_id: program.tourId, days: toProgramDays(program.days, WITH_ALT) };
}

/**
 * An individual offer by its link's uuid, with its tour and, once it was first booked, the seats
 * of its own date (decision 181), or undefined. Only an offer of a public tour: one whose tour has
 * no page (unpublished, or its organizer hidden) could not be booked either.
 */
export async function individualOffer(db: Database, uuid: string) {
  const [row] = await db
    .select({
      offer: individualTours,
      tour: tours,
      seats: { total: tourDates.numberOfSeats, free: tourDates.numberOfFreeSeats },
    })
    .from(individualTours)
    .innerJoin(tours, and(eq(tours.id, individualTours.tourId), publicTour()))
    .leftJoin(tourDates, eq(tourDates.individualTourUuid, individualTours.uuid))
    .where(eq(individualTours.uuid, uuid))
    .limit(1);
  return row;
}
