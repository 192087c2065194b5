import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/http/http-error.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { requestCardContext } from '../tour/card-context.ts';
import {
  accommodationItems,
  bestTourCards,
  calendarPeriodItems,
  collectionItems,
  restKindItems,
  seasonItems,
} from './catalogue-items.ts';
import {
  cityDestinations,
  countryDestinations,
  destinationClimate,
  regionDestinations,
  worldPartGroups,
} from './destinations.ts';

export interface ListsDeps {
  db: Database;
  rates: RatesCache;
}

/** Contract handlers for the catalogue's lists: kinds, collections, seasons, places, climate. */
export function listsHandlers({
  db,
  rates,
}: ListsDeps): Pick<
  ServiceHandlers,
  | 'listRestKinds'
  | 'listCollections'
  | 'listCalendarPeriods'
  | 'listBestTours'
  | 'listTourAccommodations'
  | 'listAllRestKinds'
  | 'listAllCollections'
  | 'listAllSeasons'
  | 'listWorldPartGroups'
  | 'listDestinations'
  | 'getDestinationClimate'
> {
  return {
    async listRestKinds() {
      return { rest_kinds: await restKindItems(db) };
    },

    async listAllRestKinds() {
      return { items: await restKindItems(db) };
    },

    async listCollections() {
      return { collections: await collectionItems(db, false) };
    },

    async listAllCollections(request) {
      return { items: await collectionItems(db, request.query.with_individual_seo_params === 1) };
    },

    async listAllSeasons() {
      return { items: await seasonItems(db) };
    },

    async listCalendarPeriods() {
      return { items: await calendarPeriodItems(db) };
    },

    async listTourAccommodations() {
      return { items: await accommodationItems(db) };
    },

    async listBestTours(request) {
      const context = await requestCardContext(request, rates, request.query.with_alt === 1);
      return { items: await bestTourCards(db, context) };
    },

    async listWorldPartGroups(request) {
      const { with_alt, show_countries_with_world_parts } = request.query;
      const withCountries = show_countries_with_world_parts === 1;
      return { items: await worldPartGroups(db, withCountries, with_alt === 1) };
    },

    async listDestinations(request) {
      const { kind = 'country', country_id, with_alt } = request.query;
      const withAlt = with_alt === 1;
      if (kind === 'region') return { items: await regionDestinations(db, withAlt, country_id) };
      if (kind === 'city') return { items: await cityDestinations(db, withAlt, country_id) };
      const countryList = await countryDestinations(db, withAlt, country_id);
      return { items: countryList.map((country) => country.destination) };
    },

    async getDestinationClimate(request) {
      const { destination_id, kind = 'country' } = request.query;
      const months = await destinationClimate(db, kind, destination_id);
      if (months.length === 0) throw notFound('No climate data for this destination');
      return { destination_id, months };
    },
  };
}
