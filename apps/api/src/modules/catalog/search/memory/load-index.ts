/** Reads what the in-process search index holds from the database (see `tour-index.ts`). */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookableDate } from '../conditions.ts';
import { queryRows } from '../sql.ts';
import { runInSlices, type SlicedRun } from './steps.ts';
import {
  TourIndexBuilder,
  type IndexDateRow,
  type IndexLabels,
  type IndexTourRow,
  type TourIndex,
} from './tour-index.ts';

type Numeric = number | string;

interface TourQueryRow extends Omit<IndexTourRow, 'fromPriceUsd' | 'lat' | 'lng'> {
  fromPriceUsd: Numeric | null;
  lat: Numeric;
  lng: Numeric;
}

/** Only published tours: nothing else is ever searched. */
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
    tours.water_object_id as "waterObjectId", tours.lat, tours.lng
  from tours left join ships on ships.id = tours.ship_id
  where tours.is_published`;

async function loadLabels(db: Database): Promise<IndexLabels> {
  type Named = { id: number; name: string };
  const named = (table: string) =>
    queryRows<Named>(db, sql.raw(`select id, name from ${table}`)).then(
      (rows) => new Map(rows.map((row) => [Number(row.id), row.name])),
    );
  const [countries, regions, cities, restKinds, collections, organizers, languages, parts] =
    await Promise.all([
      named('countries'),
      named('regions'),
      named('cities'),
      named('rest_kinds'),
      named('collections'),
      named('organizers'),
      queryRows<{ code: string; name: string }>(db, sql`select code, name from languages`),
      queryRows<{ id: number; part: number }>(
        db,
        sql`select id, world_part_id as part from countries`,
      ),
    ]);
  return {
    countries,
    regions,
    cities,
    restKinds,
    collections,
    organizers,
    languages: new Map(languages.map((row) => [row.code, row.name])),
    worldPartOfCountry: new Map(parts.map((row) => [Number(row.id), Number(row.part)])),
  };
}

/**
 * Tours per page of the load: bounds the rows held at once (a page is folded, then dropped) and
 * how long the event loop waits for one page's rows to be parsed and folded (decision 064): with
 * 20,000 tours a page held it for 150–220 ms, with 1,000 for ~35 ms, in the same total time.
 */
export const LOAD_PAGE_SIZE = 1_000;

function toIndexRow(row: TourQueryRow): IndexTourRow {
  return {
    ...row,
    fromPriceUsd: row.fromPriceUsd === null ? null : Number(row.fromPriceUsd),
    lat: Number(row.lat),
    lng: Number(row.lng),
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
  pageSize = LOAD_PAGE_SIZE,
  /** Told how long laying the index out took (its slices: see `runInSlices`). */
  onLaidOut?: (run: Omit<SlicedRun<TourIndex>, 'value'>) => void,
): Promise<TourIndex> {
  const builder = new TourIndexBuilder();
  const labels = loadLabels(db);
  labels.catch(() => {}); // awaited below; a failure surfaces there, not as an unhandled rejection
  let after = 0;
  for (;;) {
    const page = await queryRows<TourQueryRow>(
      db,
      sql`${TOURS} and tours.id > ${after} order by tours.id limit ${pageSize}`,
    );
    if (page.length === 0) break;
    const last = Number(page[page.length - 1]!.id);
    builder.addTours(page.map(toIndexRow));
    builder.addDates(
      await queryRows<IndexDateRow>(
        db,
        sql`select tour_id as "tourId", start_date::text as "startDate", duration,
          price_usd as "priceUsd", price_per_day_usd as "pricePerDayUsd"
          from tour_dates
          where tour_dates.tour_id > ${after} and tour_dates.tour_id <= ${last}
            and ${bookableDate(today)}
          order by tour_dates.tour_id, tour_dates.start_date, tour_dates.id`,
      ),
    );
    after = last;
    if (page.length < pageSize) break;
  }
  // Laid out in slices: at a million tours the layout takes seconds, and requests go on meanwhile.
  const { value, ...run } = await runInSlices(
    builder.buildSteps({ version, today, labels: await labels }),
  );
  onLaidOut?.(run);
  return value;
}
