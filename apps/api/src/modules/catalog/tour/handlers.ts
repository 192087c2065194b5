import type { components } from '@gallop/api-client';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/http/http-error.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { requestCardContext } from './card-context.ts';
import { goneTourAnswer } from './gone.ts';
import { toIndividualDate, withOfferPrice } from './individual.ts';
import { futureTourDates, loadTourPage } from './page.ts';
import { publishedCards } from './published-cards.ts';
import { resolveTourSlug, tourPath } from './slug.ts';
import {
  individualOffer,
  isKnownSlug,
  publishedTourById,
  publishedTourProgram,
  publishedTourQuestion,
  tourCityList,
} from './tour-parts.ts';

export interface TourDeps {
  db: Database;
  rates: RatesCache;
}

type Redirect = components['schemas']['Redirect'];

/** The 410 answer's text is the spec's error page text for status 410. */
export const GONE_MESSAGE = 'This page is no longer available because the tour dates have passed';

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
      return { result: await isKnownSlug(db, request.query.slug) };
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
      const question = await publishedTourQuestion(db, tour_id, question_id);
      if (!question) throw notFound('Question not found');
      return question;
    },

    async getTourProgram(request) {
      const { program_id, tour_id } = request.query;
      const program = await publishedTourProgram(db, tour_id, program_id);
      if (!program) throw notFound('Program not found');
      return program;
    },

    async getTicketTourCities(request) {
      return tourCityList(db, request.query.tour_id);
    },

    async getToursCities(request) {
      return tourCityList(db, request.query.tour_id);
    },

    async getIndividualTour(request, reply) {
      const row = await individualOffer(db, request.query.uuid);
      if (!row) throw notFound('Individual tour not found');
      const context = await requestCardContext(request, rates, false);
      if (row.offer.startDate < context.today) {
        return reply.code(410).send({ message: GONE_MESSAGE });
      }
      const date = toIndividualDate(row.offer, row.tour, context, row.seats);
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
