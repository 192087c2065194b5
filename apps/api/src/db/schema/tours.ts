import type { components } from '@gallop/api-client';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cities, waterObjects } from './geography.ts';
import { minorUnits } from './money.ts';
import { HORSE_TURNOUTS, organizers } from './organizers.ts';
import { ships } from './taxonomy.ts';

/** The emoji an organizer may pin to a tour: the contract's `TourEmoji` (no migration: plain text). */
export const TOUR_EMOJIS = [
  'horse',
  'unicorn',
  'carousel_horse',
  'hearts',
  'stars',
  'map',
  'globe',
  'plane',
  'luggage',
  'checkmark',
  'red_circle',
  'orange_circle',
  'yellow_circle',
  'green_circle',
  'blue_circle',
  'purple_circle',
] as const satisfies readonly components['schemas']['TourEmoji'][];

/** The ground a riding tour covers (decision 106); a tour lists one or more. */
export const TERRAINS = [
  'mountains',
  'hills',
  'steppe',
  'forest',
  'desert',
  'beach',
  'river-crossings',
  'farmland',
  'tundra',
] as const;

/** A generated or uploaded picture; the API turns it into a `{{size}}` URL template. */
export interface StoredImage {
  scene: string;
  seed: number;
  alt: string;
  /** The landscape profile of the place shown (media module); without one, anywhere. */
  landscape?: string;
  /** An uploaded picture's `{{size}}` template (review photos); scene and seed are unused. */
  url?: string;
}

/** Share of riding time at each pace, in percent; the four sum to 100. */
export interface StoredPaceMix {
  walk: number;
  trot: number;
  canter: number;
  gallop: number;
}

/**
 * A programme day in numbers (decision 113): kept inside the programme's JSON beside the day's
 * text, because it is read and written with the day and nothing searches inside it; the tour's
 * `hours_typical_day` and `hours_longest_day` columns are derived from it (`saddleHours`).
 */
export interface StoredRidingDay {
  /** No riding this day: hours, distance, ascent and pace are null. */
  restDay: boolean;
  hours: number | null;
  distanceKm: number | null;
  /** Null where the ground is flat enough for the climb not to matter. */
  ascentM: number | null;
  pace: StoredPaceMix | null;
  overnight: { name: string; lat: number; lng: number } | null;
}

export interface StoredProgramDay {
  day: number;
  title: string;
  description: string;
  images: StoredImage[];
  /** Absent or null when the programme does not state the day's numbers. */
  riding?: StoredRidingDay | null;
}

/**
 * Tours, excursions (type 2) and cruises. Search-facing facts about places, kinds and prices are
 * denormalised onto the row (arrays with GIN indexes, cheapest prices in USD minor units), so a
 * search is one indexed scan of this table plus an indexed probe of its dates.
 */
export const tours = pgTable(
  'tours',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    /** 1 multi-day tour, 2 excursion. */
    type: smallint().notNull(),
    isCruise: boolean().notNull().default(false),
    cruiseType: smallint(),
    shipId: integer().references(() => ships.id),
    waterObjectId: integer().references(() => waterObjects.id),
    cabinsCapacity: smallint(),
    isReturningCruise: boolean().notNull().default(false),
    organizerId: integer()
      .notNull()
      .references(() => organizers.id),
    /** The organizer's type, copied for the operatorType / isAuthorTourSearch filters. */
    operatorType: text({ enum: ['organization', 'author'] }).notNull(),
    description: text().notNull(),
    duration: smallint().notNull(),
    difficulty: smallint().notNull(),
    comfort: text().notNull(),
    accommodation: text().notNull(),
    maxGroupSize: smallint().notNull(),
    minAge: smallint().notNull(),
    currency: text().notNull(),
    /** A cancellation policy preset of `@gallop/booking-rules` (decision 091). */
    cancellationPolicy: text({ enum: ['flexible', 'moderate', 'strict'] })
      .notNull()
      .default('moderate'),
    startCityId: integer().references(() => cities.id),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    emoji: text({ enum: TOUR_EMOJIS }),
    rating: real(),
    reviewsCount: integer().notNull().default(0),
    /** The average horse-condition rating of its reviews (decision 115); null: none rated. */
    horseConditionRating: real(),
    horseConditionCount: integer().notNull().default(0),
    images: jsonb().$type<StoredImage[]>().notNull(),
    included: text().array().notNull().default([]),
    notIncluded: text().array().notNull().default([]),
    countryIds: integer().array().notNull(),
    regionIds: integer().array().notNull(),
    cityIds: integer().array().notNull(),
    showplaceIds: integer().array().notNull().default([]),
    restKindIds: integer().array().notNull(),
    collectionIds: integer().array().notNull().default([]),
    languageCodes: text().array().notNull(),
    isPublished: boolean().notNull().default(true),
    isBest: boolean().notNull().default(false),
    /** Higher first in the default sort. */
    popularity: integer().notNull().default(0),
    /**
     * Cheapest bookable future date, USD minor units (the least `tour_dates.price_usd`, 32-bit
     * like it); null when no future date is left.
     */
    fromPriceUsd: integer(),
    fromPricePerDayUsd: integer(),
    nextStartDate: date({ mode: 'string' }),
    lastStartDate: date({ mode: 'string' }),
    // Riding requirements (decision 106): each a column, since search filters and facets read
    // them. The rider level is 0 beginner … 4 advanced (`RIDER_LEVELS` of @gallop/rider-fit).
    riderLevel: smallint().notNull().default(1),
    /** The pace mix in percent of riding time; the four sum to 100. */
    paceWalk: smallint().notNull().default(60),
    paceTrot: smallint().notNull().default(30),
    paceCanter: smallint().notNull().default(10),
    paceGallop: smallint().notNull().default(0),
    terrain: text({ enum: TERRAINS }).array().notNull().default([]),
    hoursTypicalDay: real().notNull().default(4),
    hoursLongestDay: real().notNull().default(5),
    tack: text({ enum: ['english', 'western', 'other'] })
      .notNull()
      .default('english'),
    otherTackOnRequest: boolean().notNull().default(false),
    horseBreed: text().notNull().default(''),
    herdSize: smallint(),
    /** Kilograms with clothing: the standard horses' limit, and the heavier horses' one. */
    maxRiderWeightKg: smallint().notNull().default(95),
    heavyRiderWeightKg: smallint().notNull().default(95),
    minRidingAge: smallint().notNull().default(10),
    maxRidingAge: smallint(),
    nonRidersWelcome: boolean().notNull().default(false),
    // Horse welfare this tour states differently from its organizer (decision 114); null: the
    // organizer's. Retirement is the organizer's alone.
    welfareRestDaysPerWeek: smallint(),
    welfareMaxWorkHours: real(),
    welfareTurnout: text({ enum: HORSE_TURNOUTS }),
    welfareVetOnCall: boolean(),
    welfareVetCheckWeeks: smallint(),
    welfareFarrierWeeks: smallint(),
    welfareFarrierOnCall: boolean(),
    welfareWeightPolicy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tours_organizer_idx').on(table.organizerId),
    index('tours_country_ids_idx').using('gin', table.countryIds),
    index('tours_region_ids_idx').using('gin', table.regionIds),
    index('tours_city_ids_idx').using('gin', table.cityIds),
    index('tours_rest_kind_ids_idx').using('gin', table.restKindIds),
    index('tours_collection_ids_idx').using('gin', table.collectionIds),
    index('tours_language_codes_idx').using('gin', table.languageCodes),
    index('tours_showplace_ids_idx').using('gin', table.showplaceIds),
    index('tours_default_order_idx').on(table.popularity.desc(), table.id),
    index('tours_price_order_idx').on(table.fromPriceUsd, table.id),
    index('tours_geo_idx').using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`),
    check('tours_rider_level_range', sql`${table.riderLevel} between 0 and 4`),
    check(
      'tours_pace_mix_sums_to_100',
      sql`${table.paceWalk} >= 0 and ${table.paceTrot} >= 0 and ${table.paceCanter} >= 0 and ${table.paceGallop} >= 0 and ${table.paceWalk} + ${table.paceTrot} + ${table.paceCanter} + ${table.paceGallop} = 100`,
    ),
    check(
      'tours_saddle_hours',
      sql`${table.hoursTypicalDay} > 0 and ${table.hoursLongestDay} >= ${table.hoursTypicalDay} and ${table.hoursLongestDay} <= 12`,
    ),
    check(
      'tours_rider_weights',
      sql`${table.maxRiderWeightKg} between 40 and 200 and ${table.heavyRiderWeightKg} >= ${table.maxRiderWeightKg} and ${table.heavyRiderWeightKg} <= 200`,
    ),
    check('tours_welfare_rest_days', sql`${table.welfareRestDaysPerWeek} between 0 and 7`),
    check('tours_welfare_work_hours', sql`${table.welfareMaxWorkHours} between 1 and 12`),
    check('tours_welfare_vet_weeks', sql`${table.welfareVetCheckWeeks} between 1 and 52`),
    check('tours_welfare_farrier_weeks', sql`${table.welfareFarrierWeeks} between 1 and 26`),
    check('tours_welfare_weight_policy', sql`length(${table.welfareWeightPolicy}) <= 1000`),
    check(
      'tours_riding_ages',
      sql`${table.minRidingAge} >= 0 and (${table.maxRidingAge} is null or ${table.maxRidingAge} >= ${table.minRidingAge})`,
    ),
  ],
);

/** Old slugs keep working: `/spa/tour` answers a redirect to the current one. */
export const tourSlugRedirects = pgTable('tour_slug_redirects', {
  oldSlug: text().primaryKey(),
  tourId: integer()
    .notNull()
    .references(() => tours.id),
});

/**
 * Dates and variants of a tour. Money is in minor units of `currency`, in `minorUnits` columns: a
 * rider's price in tögrögs, won, rupiah or dong passes 2^31 minor units (₮25,000,000 is 2.5e9;
 * decision 143). `priceUsd` and `pricePerDayUsd` (USD minor units) make price filters in any
 * currency one indexed comparison.
 */
export const tourDates = pgTable(
  'tour_dates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tourId: integer()
      .notNull()
      .references(() => tours.id),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    duration: smallint().notNull(),
    /** A variant is an alternative programme (room type, route) rather than a calendar date. */
    variantName: text(),
    currency: text().notNull(),
    price: minorUnits().notNull(),
    priceWithoutDiscount: minorUnits().notNull(),
    // Dollars stay 32-bit: one rider's price reaches 2^31 cents only at $21,474,836 (tögrögs
    // or dong pass 2^31 through their small units, ₮3,400 or ₫25,000 to the dollar), and the
    // search index holds them in Int32Arrays and packs price × 2^21 + id into one double
    // (packages/search-index), which is exact only for 32-bit prices.
    priceUsd: integer().notNull(),
    pricePerDayUsd: integer().notNull(),
    isBusy: boolean().notNull().default(false),
    flightIncluded: boolean().notNull().default(false),
    notGuaranteed: boolean().notNull().default(false),
    isDiscountAuto: boolean().notNull().default(false),
    discountKind: text({
      enum: ['early_booking_dates', 'early_booking_days', 'seasonal', 'on_tour_date'],
    }),
    discountPercent: real(),
    discountValidUntil: date({ mode: 'string' }),
    prepaymentType: text({ enum: ['percent', 'fixed', 'none'] }).notNull(),
    fullPaymentDays: smallint(),
    /** Percent for `percent`, minor units for `fixed`. */
    prepaymentSize: minorUnits(),
    numberOfSeats: smallint().notNull(),
    numberOfFreeSeats: smallint().notNull(),
    /**
     * Places for riders above the tour's standard weight limit (heavier horses), taken and given
     * back with seats, in the same transaction (decision 106).
     */
    heavyPlaces: smallint().notNull().default(0),
    heavyPlacesFree: smallint().notNull().default(0),
    /**
     * What a companion who comes along without riding pays, minor units of `currency`; null: the
     * date takes no non-riders (decision 118). Bookable only on a tour with `nonRidersWelcome`.
     */
    nonRiderPrice: minorUnits(),
    /** Beds for non-riders, taken and given back with seats in the same update (`seats.ts`). */
    nonRiderPlaces: smallint().notNull().default(0),
    nonRiderPlacesFree: smallint().notNull().default(0),
    isCashbackAvailable: boolean().notNull().default(false),
    /**
     * A not-guaranteed date runs once this many riders are booked (seats taken); reaching it
     * guarantees the date in the booking's transaction (decision 111). Null: no minimum.
     */
    minRiders: smallint(),
    /** The day by which the organizer decides whether a not-guaranteed date runs; null: none. */
    decisionDate: date({ mode: 'string' }),
    /**
     * When the date was called off as a whole (decision 148): the organizer cancelled it, or its
     * decision day passed without a guarantee. Such a date takes no booking again (and is
     * `is_busy`, so the catalogue stops offering it); null: not called off.
     */
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * Set on an individual offer's own date (decision 181): made when the offer is first booked,
     * booked like any date, and never shown by the catalogue (`publicDate`). Null: a catalogue date.
     */
    individualTourUuid: uuid()
      .unique()
      .references((): AnyPgColumn => individualTours.uuid),
  },
  (table) => [
    index('tour_dates_search_idx').on(
      table.tourId,
      table.startDate,
      table.priceUsd,
      table.numberOfFreeSeats,
    ),
    index('tour_dates_start_idx').on(table.startDate),
    // The booking job's decision day (decision 148): undecided dates by their day.
    index('tour_dates_undecided_idx')
      .on(table.decisionDate)
      .where(sql`not_guaranteed and cancelled_at is null and decision_date is not null`),
    // The booking job's minimum check (decision 187, `guaranteeReachedDates`): the undecided dates
    // with a minimum group, by their start, so each round counts the groups of those alone.
    index('tour_dates_minimum_undecided_idx')
      .on(table.startDate)
      .where(sql`not_guaranteed and cancelled_at is null and min_riders is not null`),
    // Seats are never oversold nor given back beyond capacity, whatever the code does.
    check(
      'tour_dates_free_seats_within_capacity',
      sql`${table.numberOfFreeSeats} >= 0 and ${table.numberOfFreeSeats} <= ${table.numberOfSeats}`,
    ),
    // Heavier-horse places likewise never oversell nor come back beyond the date's horses. They
    // are not bound to the seats: a rider needs a seat as well, so seats limit them already.
    check(
      'tour_dates_heavy_places_within_capacity',
      sql`${table.heavyPlacesFree} >= 0 and ${table.heavyPlacesFree} <= ${table.heavyPlaces}`,
    ),
    // Non-rider beds likewise; a date without a non-rider price has none to give.
    check(
      'tour_dates_non_rider_places_within_capacity',
      sql`${table.nonRiderPlacesFree} >= 0 and ${table.nonRiderPlacesFree} <= ${table.nonRiderPlaces}`,
    ),
    check(
      'tour_dates_non_rider_price_with_places',
      sql`(${table.nonRiderPrice} is null and ${table.nonRiderPlaces} = 0) or (${table.nonRiderPrice} >= 0)`,
    ),
    check(
      'tour_dates_min_riders_positive',
      sql`${table.minRiders} is null or ${table.minRiders} >= 1`,
    ),
  ],
);

export const tourPrograms = pgTable('tour_programs', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  tourId: integer()
    .notNull()
    .unique()
    .references(() => tours.id),
  days: jsonb().$type<StoredProgramDay[]>().notNull(),
});

export const tourQuestions = pgTable(
  'tour_questions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tourId: integer()
      .notNull()
      .references(() => tours.id),
    question: text().notNull(),
    answer: text().notNull(),
    position: smallint().notNull().default(0),
  },
  (table) => [index('tour_questions_tour_idx').on(table.tourId)],
);

/** The cities a tour passes, in order (`/spa/tours-cities`, ticket cities). */
export const tourCities = pgTable(
  'tour_cities',
  {
    tourId: integer()
      .notNull()
      .references(() => tours.id),
    cityId: integer()
      .notNull()
      .references(() => cities.id),
    position: smallint().notNull(),
    isStart: boolean().notNull().default(false),
    isEnd: boolean().notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.tourId, table.position] })],
);

/** A tour offered to one client on its own terms, opened by uuid. */
export const individualTours = pgTable('individual_tours', {
  uuid: uuid().primaryKey(),
  tourId: integer()
    .notNull()
    .references(() => tours.id),
  clientName: text().notNull(),
  note: text().notNull().default(''),
  startDate: date({ mode: 'string' }).notNull(),
  /** Minor units of `currency`, like a date's price. */
  price: minorUnits().notNull(),
  currency: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Phrases for the search box's autocomplete (places, kinds, collections, tours, organizers).
 * A small table with a trigram index answers in milliseconds where a scan of tours would not.
 */
export const searchPhrases = pgTable(
  'search_phrases',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text({
      enum: [
        'country',
        'region',
        'city',
        'rest_kind',
        'collection',
        'tour',
        'showplace',
        'organizer',
      ],
    }).notNull(),
    text: text().notNull(),
    refId: integer().notNull(),
    slug: text(),
    isCruise: boolean().notNull().default(false),
    weight: integer().notNull().default(0),
  },
  (table) => [
    index('search_phrases_text_trgm_idx').using('gin', sql`lower(${table.text}) gin_trgm_ops`),
  ],
);

/** Reviews of tours with ratings 1–5, photos and the organizer's answer. */
export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    uuid: uuid().notNull().unique(),
    tourId: integer()
      .notNull()
      .references(() => tours.id),
    organizerId: integer()
      .notNull()
      .references(() => organizers.id),
    authorName: text().notNull(),
    rating: smallint().notNull(),
    text: text().notNull(),
    answer: text(),
    images: jsonb().$type<StoredImage[]>().notNull().default([]),
    isPublished: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    // What helps the next rider (decision 115). The reviewer's level, 0 beginner … 4 advanced
    // (`RIDER_LEVELS`); null: not given.
    riderLevel: smallint(),
    /** The month they rode, as its first day; null: not given. */
    rideMonth: date({ mode: 'string' }),
    /** How the horses looked and were kept, 1–5; null: not rated. */
    horseCondition: smallint(),
  },
  (table) => [
    index('reviews_tour_idx').on(table.tourId, table.createdAt.desc()),
    index('reviews_organizer_idx').on(table.organizerId, table.createdAt.desc()),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_rider_level_range', sql`${table.riderLevel} between 0 and 4`),
    check(
      'reviews_ride_month_first_day',
      sql`${table.rideMonth} = date_trunc('month', ${table.rideMonth})::date`,
    ),
    check('reviews_horse_condition_range', sql`${table.horseCondition} between 1 and 5`),
  ],
);
