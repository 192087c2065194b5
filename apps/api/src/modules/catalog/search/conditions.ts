/**
 * Compiles a search filter into SQL conditions over `tours` and `tour_dates` (raw table names, no
 * aliases, so the same fragments work in the search, the facets and `loadTourCards`'s date scope).
 * Semantics are documented in README.md next to this file.
 */
import { passportProfile, readPassport, type RiderPassport } from '@gallop/rider-fit';
import { isCruiseSearch } from '@gallop/search-filters';
import {
  effectiveDateFrom,
  lowerUsd,
  requiredOperatorTypes,
  riderLevelRank,
  TOURIST_BASE_ACCOMMODATIONS,
  upperUsd,
  type Place,
  type ToUsdMinor,
  type TourFacet,
} from '@gallop/search-index';
import { sql, type SQL } from 'drizzle-orm';
import { convertAmount, type Rates } from '#src/shared/money/rates.ts';
import { publicTour } from '../listed.ts';
import type { TourSearchFilter } from './filters.ts';
import { and, intArray, textArray } from './sql.ts';
import { holdsWelfare } from './welfare.ts';

/** Date-level filter groups; the duration and price facets each leave their own group out. */
interface DateConditions {
  range: SQL[];
  days: SQL[];
  price: SQL[];
}
export type DateGroup = keyof DateConditions;

export interface CompiledFilter {
  today: string;
  /** Conditions on `tours` that every query and every facet applies. */
  common: SQL[];
  /** Tour-level conditions by facet kind (only the kinds the filter sets). */
  facets: Partial<Record<TourFacet, SQL>>;
  /** Conditions that must hold for one and the same bookable `tour_dates` row. */
  dates: DateConditions;
  /**
   * The `riderWeight` filter's date-level part: a matching date must carry the rider (`date`:
   * the tour's standard horses do, `standard`, or the date has a heavier-horse place free). Like
   * the date filters it decides which tours match, which dates the duration and price facets
   * count, the date that prices a tour in the price orders and the dates its card shows
   * (`matchingDate`): a heavier rider is never shown a price they cannot book.
   */
  rider?: { standard: SQL; date: SQL } | undefined;
}

export interface CompileOptions {
  today: string;
  /** The request currency's price bounds in USD minor units (`usdMinorIn`). */
  toUsdMinor: ToUsdMinor;
  /** The resolved radius search (`lat`/`lng`, or the city named by `placeName`). */
  place?: Place | undefined;
}

/** The travellers a cruise's cabin takes: the tour's own figure, else its ship's. */
export const CABINS_CAPACITY = sql`coalesce(tours.cabins_capacity, (select ships.cabins_capacity from ships where ships.id = tours.ship_id))`;

/**
 * A date a visitor can book: it starts today or later, is not busy, has a free seat and is the
 * catalogue's (an individual offer's own date is booked through its offer only, decision 181).
 */
export function bookableDate(today: string): SQL {
  return sql`tour_dates.start_date >= ${today}::date and not tour_dates.is_busy and tour_dates.number_of_free_seats > 0 and tour_dates.individual_tour_uuid is null`;
}

/** USD minor units for major units of the request's currency (`X-Currency`) at `rates`. */
export function usdMinorIn({ currency, rates }: { currency: string; rates: Rates }): ToUsdMinor {
  return (amount) => convertAmount(amount, currency, 'USD', rates) * 100;
}

function compileDates(filter: TourSearchFilter, options: CompileOptions): DateConditions {
  const range: SQL[] = [];
  const days: SQL[] = [];
  const price: SQL[] = [];
  // Past dates never match (bookableDate); a range that starts in the past starts today.
  const { toUsdMinor } = options;
  const dateFrom = effectiveDateFrom(filter, options.today);
  if (dateFrom !== undefined) range.push(sql`tour_dates.start_date >= ${dateFrom}::date`);
  if (filter.dateTo !== undefined) range.push(sql`tour_dates.start_date <= ${filter.dateTo}::date`);
  if (filter.daysMin !== undefined) days.push(sql`tour_dates.duration >= ${filter.daysMin}`);
  if (filter.daysMax !== undefined) days.push(sql`tour_dates.duration <= ${filter.daysMax}`);
  if (filter.priceMin !== undefined) {
    price.push(sql`tour_dates.price_usd >= ${lowerUsd(filter.priceMin, toUsdMinor)}`);
  }
  if (filter.priceMax !== undefined) {
    price.push(sql`tour_dates.price_usd <= ${upperUsd(filter.priceMax, toUsdMinor)}`);
  }
  if (filter.pricePerDayMin !== undefined) {
    price.push(sql`tour_dates.price_per_day_usd >= ${lowerUsd(filter.pricePerDayMin, toUsdMinor)}`);
  }
  if (filter.pricePerDayMax !== undefined) {
    price.push(sql`tour_dates.price_per_day_usd <= ${upperUsd(filter.pricePerDayMax, toUsdMinor)}`);
  }
  return { range, days, price };
}

function compileFacets(filter: TourSearchFilter): Partial<Record<TourFacet, SQL>> {
  const facets: Partial<Record<TourFacet, SQL>> = {};
  if (filter.countries) facets.countries = sql`tours.country_ids && ${intArray(filter.countries)}`;
  if (filter.regions) facets.regions = sql`tours.region_ids && ${intArray(filter.regions)}`;
  if (filter.cities) facets.cities = sql`tours.city_ids && ${intArray(filter.cities)}`;
  if (filter.restKinds) {
    facets.rest_kinds = sql`tours.rest_kind_ids && ${intArray(filter.restKinds)}`;
  }
  if (filter.collections) {
    facets.collections = sql`tours.collection_ids && ${intArray(filter.collections)}`;
  }
  if (filter.languages) {
    facets.languages = sql`tours.language_codes && ${textArray(filter.languages)}`;
  }
  if (filter.comfort) facets.comfort = sql`tours.comfort = any(${textArray(filter.comfort)})`;
  if (filter.accommodation === 'tourist-base') {
    facets.accommodation = sql`tours.accommodation = any(${textArray(TOURIST_BASE_ACCOMMODATIONS)})`;
  } else if (filter.accommodation !== 'any') {
    facets.accommodation = sql`tours.accommodation = ${filter.accommodation}`;
  }
  if (filter.difficulty) {
    facets.difficulty = sql`tours.difficulty = any(${intArray(filter.difficulty)})`;
  }
  // The riding requirements (decision 106): "for my level or below", a tack the tour is ridden
  // in or saddles on request, a longest day of at most the hours given.
  if (filter.riderLevel !== undefined) {
    facets.rider_level = sql`tours.rider_level <= ${riderLevelRank(filter.riderLevel)}`;
  }
  if (filter.tack) {
    facets.tack = sql`(tours.tack = any(${textArray(filter.tack)}) or tours.other_tack_on_request)`;
  }
  if (filter.maxHours !== undefined) {
    facets.max_hours = sql`tours.hours_longest_day <= ${filter.maxHours}::real`;
  }
  // Every chosen welfare commitment, from the tour's statement over its organizer's (122).
  if (filter.welfare) facets.welfare = holdsWelfare(filter.welfare);
  if (filter.organizer !== undefined) {
    facets.organizers = sql`tours.organizer_id = ${filter.organizer}`;
  }
  const operatorTypes = requiredOperatorTypes(filter);
  if (operatorTypes.length > 0) {
    facets.operator_types = sql.join(
      operatorTypes.map((type) => sql`tours.operator_type = ${type}`),
      sql` and `,
    );
  }
  if (filter.continent !== undefined) {
    facets.world_parts = sql`tours.country_ids && array(select countries.id from countries where countries.world_part_id = ${filter.continent})`;
  }
  if (filter.showplace !== undefined) {
    facets.showplaces = sql`tours.showplace_ids @> ${intArray([filter.showplace])}`;
  }
  if (filter.waterObject !== undefined) {
    facets.water_objects = sql`tours.water_object_id = ${filter.waterObject}`;
  }
  if (filter.cruisesType !== undefined) {
    facets.cruise_types = sql`tours.cruise_type = ${filter.cruisesType}`;
  }
  if (filter.cruisesStartCity !== undefined) {
    facets.cruise_start_cities = sql`tours.start_city_id = ${filter.cruisesStartCity}`;
  }
  if (filter.ships) facets.ships = sql`tours.ship_id = any(${intArray(filter.ships)})`;
  if (filter.cruisesCabinsCapacity !== undefined) {
    facets.cabins_capacity = sql`${CABINS_CAPACITY} >= ${filter.cruisesCabinsCapacity}`;
  }
  if (filter.onlyReturningCruises) facets.returning_cruises = sql`tours.is_returning_cruise`;
  return facets;
}

/**
 * A child of `age` can join the tour (`childCanJoin` of `@gallop/search-index`, decision 149):
 * the tour takes travellers that young, and the child rides within the riding ages or the tour
 * welcomes non-riders (the tour's flag, not a date's non-rider places: decision 118).
 */
function childCanJoin(age: number): SQL {
  const rides = sql`(tours.min_riding_age is null or tours.min_riding_age <= ${age}) and (tours.max_riding_age is null or tours.max_riding_age >= ${age})`;
  return sql`(tours.min_age <= ${age} and (tours.non_riders_welcome or (${rides})))`;
}

function compileCommon(filter: TourSearchFilter, options: CompileOptions): SQL[] {
  const common: SQL[] = [
    // Published tours of published organizers only (the catalogue's one rule: ../listed.ts).
    publicTour(),
    // Tours whose dates have all passed never appear (cheap guard; dates are checked exactly).
    sql`tours.last_start_date >= ${options.today}::date`,
    sql`tours.type = ${filter.type}`,
    sql`tours.is_cruise = ${isCruiseSearch(filter)}`,
  ];
  if (filter.maxGroupSize !== undefined) {
    common.push(sql`tours.max_group_size <= ${filter.maxGroupSize}`);
  }
  // 0 means "adults" (the spec sends 18+ as 0): no restriction; otherwise a child of that age
  // must be able to join.
  if (filter.minAge > 0) common.push(childCanJoin(filter.minAge));
  // A horse for the rider: the standard horses' limit, or the heavier horses' (then a date with
  // a heavier-horse place free must match too: `CompiledFilter.rider`).
  if (filter.riderWeight !== undefined) {
    common.push(
      sql`(tours.max_rider_weight_kg >= ${filter.riderWeight} or tours.heavy_rider_weight_kg >= ${filter.riderWeight})`,
    );
  }
  if (options.place) {
    const { lat, lng, radiusKm } = options.place;
    const center = sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
    const metres = radiusKm * 1000;
    // The box uses the GiST index; the exact distance drops the box's corners.
    common.push(sql`earth_box(${center}, ${metres}::float8) @> ll_to_earth(tours.lat, tours.lng)`);
    common.push(
      sql`earth_distance(${center}, ll_to_earth(tours.lat, tours.lng)) <= ${metres}::float8`,
    );
  }
  return common;
}

export function compileFilter(filter: TourSearchFilter, options: CompileOptions): CompiledFilter {
  return {
    today: options.today,
    common: compileCommon(filter, options),
    facets: compileFacets(filter),
    dates: compileDates(filter, options),
    rider: compileRider(filter.riderWeight),
  };
}

function compileRider(weight: number | undefined): CompiledFilter['rider'] {
  if (weight === undefined) return undefined;
  const standard = sql`tours.max_rider_weight_kg >= ${weight}`;
  return { standard, date: sql`(${standard} or tour_dates.heavy_places_free > 0)` };
}

/**
 * The date filters' conditions, less the groups a facet leaves out: the dates a card shows and a
 * price order prices a tour by. Which dates match is `matchingDate`'s.
 */
export function dateConditions(compiled: CompiledFilter, omit: DateGroup[] = []): SQL[] {
  return (Object.keys(compiled.dates) as DateGroup[])
    .filter((group) => !omit.includes(group))
    .flatMap((group) => compiled.dates[group]);
}

/**
 * The conditions a matching date meets: the date filters' and the rider's. The dates a card shows
 * and the one a price order prices a tour by.
 */
export function matchingDate(compiled: CompiledFilter): SQL[] {
  const conditions = dateConditions(compiled);
  return compiled.rider ? [...conditions, compiled.rider.date] : conditions;
}

/** A bookable date of the tour meeting `conditions` exists. */
function existsDate(compiled: CompiledFilter, conditions: SQL[]): SQL {
  return sql`exists (select 1 from tour_dates where tour_dates.tour_id = tours.id and ${bookableDate(compiled.today)} and ${sql.join(conditions, sql` and `)})`;
}

/**
 * The tour has a bookable date matching the search (`matchingDate`). Without date filters the
 * denormalised `from_price_usd` (cheapest bookable future date, kept by the seed/refresh)
 * answers it without touching `tour_dates`; a rider's weight then reads the dates only for the
 * tours whose standard horses cannot carry the rider, as the index decides it.
 */
export function hasMatchingDate(compiled: CompiledFilter): SQL {
  const conditions = dateConditions(compiled);
  const { rider } = compiled;
  if (conditions.length > 0) return existsDate(compiled, matchingDate(compiled));
  const bookable = sql`tours.from_price_usd is not null`;
  if (!rider) return bookable;
  const heavyPlace = existsDate(compiled, [sql`tour_dates.heavy_places_free > 0`]);
  return sql`${bookable} and (${rider.standard} or ${heavyPlace})`;
}

/** Every condition of the search, as one `where` body. */
export function whereAll(compiled: CompiledFilter): SQL {
  return and([...compiled.common, ...Object.values(compiled.facets), hasMatchingDate(compiled)]);
}

/**
 * "Fits me first" (`sort=fit`, decision 109): `matchRider` of `@gallop/rider-fit` as an order
 * key, 0 fits, 1 a stretch, 2 not suitable (`FIT_VERDICTS`), the worst of the checks the passport
 * fills, as `matchRider`'s verdict is the worst of its reasons. No age (a passport has none):
 *
 * - level: one step above the rider's is a stretch, two or more rule out;
 * - hours: a longest day over the rider's hours is a stretch;
 * - tack: another tack than the rider's is a stretch unless one is saddled on request;
 * - weight: above the heavier horses' limit rules out; above the standard one, so does no
 *   heavier-horse place free on a date the card considers (bookable, within the date filters:
 *   `dateConditions`, the card's `heavy_places_free`, matched with scope `any-date`).
 *
 * Undefined when the passport does not read (`readPassport`): the default order then.
 */
export function fitRank(
  compiled: CompiledFilter,
  passport: RiderPassport | null | undefined,
): SQL | undefined {
  const read = passport ? readPassport(passport) : null;
  if (!read) return undefined;
  const rider = passportProfile(read);
  const rank = riderLevelRank(read.level);
  const checks: SQL[] = [
    sql`case when tours.rider_level - ${rank} >= 2 then 2 when tours.rider_level - ${rank} = 1 then 1 else 0 end`,
  ];
  if (rider.hoursPerDay !== undefined) {
    checks.push(
      sql`case when tours.hours_longest_day > ${rider.hoursPerDay}::real then 1 else 0 end`,
    );
  }
  if (rider.tack !== undefined) {
    checks.push(
      sql`case when tours.tack <> ${rider.tack} and not tours.other_tack_on_request then 1 else 0 end`,
    );
  }
  if (rider.weightKg !== undefined) {
    const weight = rider.weightKg;
    const heavyPlace = existsDate(compiled, [
      ...dateConditions(compiled),
      sql`tour_dates.heavy_places_free > 0`,
    ]);
    checks.push(sql`case when tours.max_rider_weight_kg >= ${weight} then 0
      when tours.heavy_rider_weight_kg < ${weight} then 2
      when ${heavyPlace} then 0 else 2 end`);
  }
  return sql`greatest(${sql.join(checks, sql`, `)})`;
}
