/**
 * The search's results as map points (`GET /spa/tours-map`, decision 120): the same search port as
 * `/spa/tours` answers the total and the first `MAP_POINTS_LIMIT` ids in the search's order; the
 * cards of those ids (the card store beside the index, else SQL) give each point the price the
 * search's card shows; one primary-key read gives where each tour starts (`tours.lat/lng`).
 */
import type { components } from '@gallop/api-client';
import type { Place, SearchPort, ToUsdMinor } from '@gallop/search-index';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { TourSearchFilter } from './filters.ts';
import {
  answeredByOf,
  cardSourceOf,
  prepareSearch,
  type RequestContext,
  type SearchCaches,
  type SearchRequest,
} from './run-search.ts';
import { cardPoints, type CardSource } from './search-tours.ts';
import { intArray, queryRows } from './sql.ts';

type TourMapPoints = components['schemas']['TourMapPoints'];
type TourMapPoint = components['schemas']['TourMapPoint'];

/**
 * Points one answer holds (the contract's `maxItems`): enough for every result of most searches,
 * and few enough that the answer stays about 80 kB and its cards are read in one statement.
 */
export const MAP_POINTS_LIMIT = 500;

/** Where each of `ids` starts; ids the catalogue no longer has are missing from the map. */
async function startPoints(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, { lat: number; lng: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number | string; lat: number | string; lng: number | string }>(
    db,
    sql`select id, lat, lng from tours where id = any(${intArray(ids)})`,
  );
  return new Map(
    rows.map((row) => [Number(row.id), { lat: Number(row.lat), lng: Number(row.lng) }]),
  );
}

/** One search as the port takes it, without its page. */
interface MapSearch {
  port: SearchPort;
  filter: TourSearchFilter;
  place: Place | undefined;
  toUsdMinor: ToUsdMinor;
}

/**
 * The first `MAP_POINTS_LIMIT` results of a search as points, in its order, and its total: the
 * same whichever implementation of the port answers and wherever the cards come from.
 */
export async function findMapPoints(
  db: Database,
  search: MapSearch,
  cards: CardSource,
  { currency, rates, today, passport }: RequestContext,
): Promise<{ body: TourMapPoints; tourIds: number[] }> {
  const { port, filter, place, toUsdMinor } = search;
  const answer = await port.search({
    filter,
    place,
    toUsdMinor,
    offset: 0,
    limit: MAP_POINTS_LIMIT,
    withFacets: false,
    passport,
  });
  const [shown, starts] = await Promise.all([
    cardPoints(db, answer.ids, cards, { currency, rates, today, withAlt: false }),
    startPoints(db, answer.ids),
  ]);
  const points: TourMapPoint[] = [];
  for (const card of shown) {
    const start = starts.get(card.id);
    if (!start) continue;
    points.push({
      id: card.id,
      slug: card.slug,
      name: card.name,
      lat: start.lat,
      lng: start.lng,
      price: card.price,
      currency: card.currency,
      duration: card.duration,
      rating: card.rating ?? null,
    });
  }
  return { body: { total: answer.total, points }, tourIds: answer.ids };
}

/** `/spa/tours-map`: the request's search, prepared as `/spa/tours` prepares it, as points. */
export async function runMapSearch(
  db: Database,
  caches: SearchCaches,
  context: RequestContext,
  request: SearchRequest,
) {
  const prepared = await prepareSearch(db, caches, context, request);
  const found = await findMapPoints(
    db,
    prepared,
    cardSourceOf(prepared, caches.cards, context),
    context,
  );
  const answeredBy = answeredByOf(prepared, {
    today: context.today,
    withFacets: false,
    indexed: caches.index !== undefined,
  });
  return { ...found, source: prepared.source, answeredBy };
}
