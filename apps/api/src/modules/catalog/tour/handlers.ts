import type { components } from '@gallop/api-client';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  cities,
  countries,
  individualTours,
  seoPages,
  tourCities,
  tourPrograms,
  tourQuestions,
  tours,
} from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { todayIso } from '#src/shared/dates.ts';
import { type CardContext } from '#src/modules/catalog/tour-card.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import { publicTour } from '../listed.ts';
import { goneTourAnswer } from './gone.ts';
import { toIndividualDate, withOfferPrice } from './individual.ts';
import { futureTourDates, loadTourPage, toProgramDays } from './page.ts';
import { publishedCards } from './published-cards.ts';
import { resolveTourSlug, tourPath } from './slug.ts';

export interface TourDeps {
  db: Database;
  rates: RatesCache;
}

type Redirect = components['schemas']['Redirect'];
type TourCity = components['schemas']['TourCity'];

/** The 410 answer's text is the spec's error page text for status 410. */
export const GONE_MESSAGE = 'This page is no longer available because the tour dates have passed';

/** Program and question texts carry their photos' alt texts: these calls have no `with_alt`. */
const WITH_ALT = true;

/** The visitor's currency, the alt switch and today: what every card and date needs. */
export async function requestCardContext(
  request: FastifyRequest,
  rates: RatesCache,
  withAlt: boolean,
): Promise<CardContext> {
  const table = await rates.get();
  return { currency: requestCurrency(request, table), rates: table, withAlt, today: todayIso() };
}

/** A tour with a page: published, of a published organizer (`../listed.ts`). */
async function publishedTourById(db: Database, id: number) {
  const [tour] = await db
    .select()
    .from(tours)
    .where(and(eq(tours.id, id), publicTour()))
    .limit(1);
  return tour;
}

/** Cities a published tour passes, in order (an unknown or hidden tour has none). */
async function tourCityList(db: Database, tourId: number): Promise<{ items: TourCity[] }> {
  const rows = await db
    .select({
      id: cities.id,
      name: cities.name,
      country: countries.name,
      is_start: tourCities.isStart,
      is_end: tourCities.isEnd,
    })
    .from(tourCities)
    .innerJoin(tours, and(eq(tours.id, tourCities.tourId), eq(tours.isPublished, true)))
    .innerJoin(cities, eq(cities.id, tourCities.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(tourCities.tourId, tourId))
    .orderBy(asc(tourCities.position));
  return { items: rows };
}

/** Contract handlers for one tour: its page and the pieces the page loads on demand. */
export function tourHandlers({
  db,
  rates,
}: TourDeps): Pick<
  ServiceHandlers,
  | 'getTour'
  | 'validateSlug'
  | 'getTourForRequest'
  | 'getToursByIds'
  | 'getTourQuestion'
  | 'getTourProgram'
  | 'getTicketTourCities'
  | 'getToursCities'
  | 'getIndividualTour'
  | 'getExcursionDates'
> {
  return {
    async getTour(request, reply) {
      const { slug, format = 'full', expand_program, expand_reviews, with_alt } = request.query;
      const resolved = await resolveTourSlug(db, slug);
      if (!resolved) throw notFound('Tour not found');
      if (resolved.kind === 'moved') {
        // The client treats this as 'Illegal redirect' unless it allows redirects; the web
        // server answers crawlers a 301 to the current slug.
        const redirect: Redirect = {
          type: 'redirect',
          url: tourPath(resolved.tour.slug),
          status: 301,
        };
        return redirect;
      }
      const context = await requestCardContext(request, rates, with_alt === 1);
      const dates = await futureTourDates(db, resolved.tour.id, context.today, context);
      if (dates.length === 0) {
        // No dead end: the organizer's other tours and similar ones come with the 410.
        return reply.code(410).send(await goneTourAnswer(db, resolved.tour, GONE_MESSAGE, context));
      }
      return loadTourPage(
        db,
        resolved.tour,
        {
          ...context,
          format,
          expandProgram: expand_program === 1,
          expandReviews: expand_reviews === 1,
        },
        dates,
      );
    },

    async validateSlug(request) {
      const { slug } = request.query;
      if (await resolveTourSlug(db, slug)) return { result: true };
      const [page] = await db
        .select({ id: seoPages.id })
        .from(seoPages)
        .where(eq(seoPages.slug, slug))
        .limit(1);
      return { result: page !== undefined };
    },

    async getTourForRequest(request) {
      const tour = await publishedTourById(db, request.query.id);
      if (!tour) throw notFound('Tour not found');
      const context = await requestCardContext(request, rates, false);
      return loadTourPage(db, tour, {
        ...context,
        format: 'full',
        expandProgram: false,
        expandReviews: false,
      });
    },

    async getToursByIds(request) {
      const { ids, with_alt } = request.query;
      const context = await requestCardContext(request, rates, with_alt === 1);
      return { items: await publishedCards(db, ids, context) };
    },

    async getTourQuestion(request) {
      const { question_id, tour_id } = request.query;
      const [question] = await db
        .select({
          id: tourQuestions.id,
          question: tourQuestions.question,
          answer: tourQuestions.answer,
        })
        .from(tourQuestions)
        .innerJoin(tours, and(eq(tours.id, tourQuestions.tourId), eq(tours.isPublished, true)))
        .where(and(eq(tourQuestions.id, question_id), eq(tourQuestions.tourId, tour_id)))
        .limit(1);
      if (!question) throw notFound('Question not found');
      return question;
    },

    async getTourProgram(request) {
      const { program_id, tour_id } = request.query;
      const [program] = await db
        .select({ id: tourPrograms.id, tourId: tourPrograms.tourId, days: tourPrograms.days })
        .from(tourPrograms)
        .innerJoin(tours, and(eq(tours.id, tourPrograms.tourId), eq(tours.isPublished, true)))
        .where(and(eq(tourPrograms.id, program_id), eq(tourPrograms.tourId, tour_id)))
        .limit(1);
      if (!program) throw notFound('Program not found');
      return {
        id: program.id,
        tour_id: program.tourId,
        days: toProgramDays(program.days, WITH_ALT),
      };
    },

    async getTicketTourCities(request) {
      return tourCityList(db, request.query.tour_id);
    },

    async getToursCities(request) {
      return tourCityList(db, request.query.tour_id);
    },

    async getIndividualTour(request, reply) {
      const [row] = await db
        .select({ offer: individualTours, tour: tours })
        .from(individualTours)
        .innerJoin(tours, eq(tours.id, individualTours.tourId))
        .where(eq(individualTours.uuid, request.query.uuid))
        .limit(1);
      if (!row) throw notFound('Individual tour not found');
      const context = await requestCardContext(request, rates, false);
      if (row.offer.startDate < context.today) {
        return reply.code(410).send({ message: GONE_MESSAGE });
      }
      const date = toIndividualDate(row.offer, row.tour, context);
      const page = await loadTourPage(
        db,
        row.tour,
        { ...context, format: 'full', expandProgram: true, expandReviews: false },
        [date],
      );
      return withOfferPrice(page, date);
    },

    async getExcursionDates(request) {
      const tour = await publishedTourById(db, request.query.id);
      if (!tour || tour.type !== 2) throw notFound('Excursion not found');
      const context = await requestCardContext(request, rates, false);
      return { items: await futureTourDates(db, tour.id, context.today, context) };
    },
  };
}
