/**
 * Reads the rows the in-process search index is built from (`@gallop/search-index`): the listed
 * tours, their bookable dates and the names of facet values; and, for `applyChangedTours`, the
 * rows of the tours a change names.
 */
import {
  TourIndexBuilder,
  type IndexDateRow,
  type IndexLabels,
  type IndexTourRow,
  type SlicedRun,
  type TourChanges,
  type TourIndex,
} from '@gallop/search-index';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { publicTour } from '../../listed.ts';
import { bookableDate } from '../conditions.ts';
import { intArray, queryRows } from '../sql.ts';
import { effectiveWelfare } from '../welfare.ts';

type Numeric = number | string;

interface TourQueryRow extends Omit<
  IndexTourRow,
  'fromPriceUsd' | 'lat' | 'lng' | 'hoursLongestDay'
> {
  fromPriceUsd: Numeric | null;
  lat: Numeric;
  lng: Numeric;
  /** A `real`: node-postgres reads it as text. */
  hoursLongestDay: Numeric;
}

/** Only public tours (published, of a published organizer: ../../listed.ts): nothing else is searched. */
const TOURS = sql`
  select tours.id, tours.popularity, tours.from_price_usd as "fromPriceUsd", tours.type,
    tours.is_cruise as "isCruise", tours.last_start_date::text as "lastStartDate",
    tours.max_group_size as "maxGroupSize", tours.min_age as "minAge",
    tours.country_ids as "countryIds", tours.region_ids as "regionIds", tours.city_ids as "cityIds",
    tours.rest_kind_ids as "restKindIds", tours.collection_ids as "collectionIds",
    tours.language_codes as "languageCodes", tours.showplace_ids as "showplaceIds",
    tours.comfort, tours.accommodation, tours.difficulty, tours.organizer_id as "organizerId",
    tours.operator_type as "operatorType", tours.cruise_type as "cruiseType",
    tours.start_city_id as "startCityId",
    coalesce(tours.cabins_capacity, ships.cabins_capacity) as "cabinsCapacity",
    tours.is_returning_cruise as "isReturningCruise", tours.ship_id as "shipId",
    tours.water_object_id as "waterObjectId", tours.lat, tours.lng,
    tours.rider_level as "riderLevel", tours.tack, tours.other_tack_on_request as "otherTackOnRequest",
    tours.hours_longest_day as "hoursLongestDay", tours.max_rider_weight_kg as "maxRiderWeightKg",
    tours.heavy_rider_weight_kg as "heavyRiderWeightKg",
    tours.min_riding_age as "minRidingAge", tours.max_riding_age as "maxRidingAge",
    tours.non_riders_welcome as "nonRidersWelcome", ${effectiveWelfare} as welfare
  from tours left join ships on ships.id = tours.ship_id
  where ${publicTour()}`;

/** A statement's one `json` value (see `PageFormat`); node-postgres and PGlite both parse it. */
async function queryJson<T>(db: Database, query: SQL): Promise<T> {
  const [row] = await queryRows<{ value: T }>(db, query);
  return row!.value;
}

/** The names facet values are shown with, and each country's world part. */
export async function loadLabels(db: Database): Promise<IndexLabels> {
  type Pairs<Key> = [Key, string][];
  const pairs = (table: string, key = 'id', value = 'name') =>
    sql.raw(`(select coalesce(json_agg(json_build_array(${key}, ${value})), '[]') from ${table})`);
  const labels = await queryJson<{
    countries: Pairs<number>;
    regions: Pairs<number>;
    cities: Pairs<number>;
    restKinds: Pairs<number>;
    collections: Pairs<number>;
    organizers: Pairs<number>;
    languages: Pairs<string>;
    worldParts: Pairs<number>;
    showplaces: Pairs<number>;
    waterObjects: Pairs<number>;
    ships: Pairs<number>;
    parts: [number, number][];
  }>(
    db,
    sql`select json_build_object(
      'countries', ${pairs('countries')}, 'regions', ${pairs('regions')},
      'cities', ${pairs('cities')}, 'restKinds', ${pairs('rest_kinds')},
      'collections', ${pairs('collections')}, 'organizers', ${pairs('organizers')},
      'languages', ${pairs('languages', 'code')},
      'worldParts', ${pairs('world_parts')}, 'showplaces', ${pairs('showplaces')},
      'waterObjects', ${pairs('water_objects')}, 'ships', ${pairs('ships')},
      'parts', ${pairs('countries', 'id', 'world_part_id')}) as value`,
  );
  return {
    countries: new Map(labels.countries),
    regions: new Map(labels.regions),
    cities: new Map(labels.cities),
    restKinds: new Map(labels.restKinds),
    collections: new Map(labels.collections),
    organizers: new Map(labels.organizers),
    languages: new Map(labels.languages),
    worldParts: new Map(labels.worldParts),
    showplaces: new Map(labels.showplaces),
    waterObjects: new Map(labels.waterObjects),
    ships: new Map(labels.ships),
    worldPartOfCountry: new Map(labels.parts),
  };
}

/**
 * Tours per page of the load: bounds the rows held at once (a page is folded, then dropped) and
 * how long the event loop waits for one page's rows to be parsed and folded (decision 064): with
 * 20,000 tours a page held it for 150–220 ms, with 1,000 for ~35 ms, in the same total time.
 */
const LOAD_PAGE_SIZE = 1_000;

function toIndexRow(row: TourQueryRow): IndexTourRow {
  return {
    ...row,
    fromPriceUsd: row.fromPriceUsd === null ? null : Number(row.fromPriceUsd),
    lat: Number(row.lat),
    lng: Number(row.lng),
    hoursLongestDay: Number(row.hoursLongestDay),
  };
}

/** A page of tours, and their bookable dates, as the load folds them. */
interface TourPage {
  tours: TourQueryRow[];
  dates: IndexDateRow[];
}

/**
 * How pages are read. `json`, for PGlite: one statement per page answering one JSON value,
 * because PGlite decodes each value of each row in JavaScript (about 5 µs a value) while
 * `JSON.parse` reads a page at once (decision 076). `rows`, for PostgreSQL: there building the
 * JSON cost the server more than node-postgres spends on rows (a 100k-tour load took 2.6 s
 * instead of 1.9 s).
 */
type PageFormat = 'rows' | 'json';

export interface LoadTourIndexOptions {
  pageSize?: number;
  pages?: PageFormat;
  /** Told how long laying the index out took (its slices: see `runInSlices`). */
  onLaidOut?: (run: Omit<SlicedRun<TourIndex>, 'value'>) => void;
  /** Given each page of rows as the index takes them (`fingerprints.ts` keeps what it holds). */
  onPage?: (tours: readonly IndexTourRow[], dates: readonly IndexDateRow[]) => void;
}

async function readPageAsRows(
  db: Database,
  after: number,
  pageSize: number,
  today: string,
): Promise<TourPage> {
  const tours = await queryRows<TourQueryRow>(
    db,
    sql`${TOURS} and tours.id > ${after} order by tours.id limit ${pageSize}`,
  );
  if (tours.length === 0) return { tours, dates: [] };
  const last = Number(tours[tours.length - 1]!.id);
  const dates = await queryRows<IndexDateRow>(
    db,
    datesWhere(sql`tour_dates.tour_id > ${after} and tour_dates.tour_id <= ${last}`, today),
  );
  return { tours, dates };
}

/** The bookable dates of the tours `tours` selects, in the order the index is built from. */
function datesWhere(tours: SQL, today: string): SQL {
  return sql`select tour_id as "tourId", start_date::text as "startDate", duration,
      price_usd as "priceUsd", price_per_day_usd as "pricePerDayUsd",
      heavy_places_free as "heavyPlacesFree"
    from tour_dates
    where ${tours} and ${bookableDate(today)}
    order by tour_dates.tour_id, tour_dates.start_date, tour_dates.id`;
}

async function readPageAsJson(
  db: Database,
  after: number,
  pageSize: number,
  today: string,
): Promise<TourPage> {
  const { tours, dates } = await queryJson<{
    tours: TourQueryRow[];
    dates: [number, string, number, number, number, number][];
  }>(
    db,
    sql`with page as (${TOURS} and tours.id > ${after} order by tours.id limit ${pageSize})
      select json_build_object(
        'tours', (select coalesce(json_agg(page order by page.id), '[]') from page),
        'dates', (select coalesce(json_agg(json_build_array(tour_id, start_date::text, duration,
            price_usd, price_per_day_usd, heavy_places_free) order by tour_id, start_date, id), '[]')
          from tour_dates
          where tour_dates.tour_id > ${after}
            and tour_dates.tour_id <= (select max(page.id) from page)
            and ${bookableDate(today)})) as value`,
  );
  return {
    tours,
    dates: dates.map(
      ([tourId, startDate, duration, priceUsd, pricePerDayUsd, heavyPlacesFree]) => ({
        tourId,
        startDate,
        duration,
        priceUsd,
        pricePerDayUsd,
        heavyPlacesFree,
      }),
    ),
  };
}

/**
 * Builds the index of the catalogue as it is now, for `today` and catalogue `version`. Tours are
 * read in pages by id (keyset), each page with its bookable dates, so memory stays bounded at a
 * million tours. Dates come in a fixed order, so the same catalogue always builds the same index
 * however it is paged (updated rows move on disk, and scan order follows them).
 */
export async function loadTourIndex(
  db: Database,
  { version, today }: { version: number; today: string },
  { pageSize = LOAD_PAGE_SIZE, pages = 'rows', onLaidOut, onPage }: LoadTourIndexOptions = {},
): Promise<TourIndex> {
  const builder = new TourIndexBuilder();
  const labels = loadLabels(db);
  labels.catch(() => {}); // awaited below; a failure surfaces there, not as an unhandled rejection
  const readPage = pages === 'json' ? readPageAsJson : readPageAsRows;
  let after = 0;
  for (;;) {
    const { tours, dates } = await readPage(db, after, pageSize, today);
    if (tours.length === 0) break;
    const rows = tours.map(toIndexRow);
    builder.addTours(rows);
    builder.addDates(dates);
    onPage?.(rows, dates);
    after = Number(tours[tours.length - 1]!.id);
    if (tours.length < pageSize) break;
  }
  // Laid out in slices: at a million tours the layout takes seconds, and requests go on meanwhile.
  const { value, ...run } = await builder.layOut({ version, today, labels: await labels });
  onLaidOut?.(run);
  return value;
}

/**
 * The tours `ids` as they are now, as `applyChangedTours` takes them: the listed ones with their
 * bookable dates as of `today`, the others (deleted, unpublished, of a hidden organizer) removed.
 */
export async function loadChangedTours(
  db: Database,
  ids: readonly number[],
  today: string,
): Promise<TourChanges> {
  const wanted = sql`= any(${intArray(ids)})`;
  const [tours, dates] = await Promise.all([
    queryRows<TourQueryRow>(db, sql`${TOURS} and tours.id ${wanted} order by tours.id`),
    queryRows<IndexDateRow>(db, datesWhere(sql`tour_dates.tour_id ${wanted}`, today)),
  ]);
  const listed = new Set(tours.map((tour) => Number(tour.id)));
  return {
    tours: tours.map(toIndexRow),
    dates: dates.filter((date) => listed.has(date.tourId)),
    removedIds: ids.filter((id) => !listed.has(id)),
  };
}
