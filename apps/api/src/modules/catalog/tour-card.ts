/**
 * Tour cards: the one place that turns catalogue rows into the contract's `TourSummary`,
 * `TourDate`, `OrganizerBrief` and `MediaItem`. Search, the tour page, best tours, get-by-ids and
 * favourites all answer the same card, so they share these functions.
 *
 * Money: every `price`-like field is in the visitor's currency, rounded major units
 * (`toDisplayPrice`), `original_price` too: a date names one currency (`currency`), so an amount
 * in another would be read as one in it (decision 154). A booking prices itself from the row.
 *
 * Which dates a card shows: only *bookable* dates count (start ≥ today, not busy, free seats > 0).
 * `nearest_date` is the earliest of them; `price` (and `price_without_discount`,
 * `price_per_day`) come from the cheapest of them, so a card reads "from <price>" and a list sorted
 * by price shows monotonic prices. A search may narrow the dates a card considers to the ones that
 * matched its filters (`LoadTourCardsOptions.dateScope`). A tour with no bookable date left (a
 * favourite whose dates passed) still gets a card: its price comes from its latest date and it
 * has no `nearest_date`.
 */
import type { components } from '@gallop/api-client';
import { STATUS } from '@gallop/booking-rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { executePrepared } from '#src/db/prepared.ts';
import type { countries, organizers, tourDates, tours, StoredImage } from '#src/db/schema/index.ts';
import {
  generatedImageUrl,
  isLandscapeName,
  isMediaScene,
  type MediaScene,
} from '#src/modules/media/index.ts';
import { toDisplayPrice, type Rates } from '#src/shared/money/rates.ts';
import { ridingBrief, type RidingBriefRow } from './tour/riding.ts';

export type TourSummary = components['schemas']['TourSummary'];
export type TourDate = components['schemas']['TourDate'];
export type OrganizerBrief = components['schemas']['OrganizerBrief'];
export type MediaItem = components['schemas']['MediaItem'];

export type TourRow = typeof tours.$inferSelect;
export type TourDateRow = typeof tourDates.$inferSelect;
type OrganizerRow = typeof organizers.$inferSelect;
export type CountryRow = Pick<typeof countries.$inferSelect, 'id' | 'name'>;

/** The columns of a tour a card shows. */
export type CardTourRow = Pick<
  TourRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'type'
  | 'duration'
  | 'rating'
  | 'reviewsCount'
  | 'difficulty'
  | 'comfort'
  | 'accommodation'
  | 'maxGroupSize'
  | 'minAge'
  | 'images'
  | 'emoji'
> &
  RidingBriefRow;

/** The columns of a date a card (or the tour page) shows. */
export type CardDateRow = Pick<
  TourDateRow,
  | 'id'
  | 'tourId'
  | 'startDate'
  | 'endDate'
  | 'duration'
  | 'currency'
  | 'price'
  | 'priceWithoutDiscount'
  | 'isBusy'
  | 'flightIncluded'
  | 'variantName'
  | 'notGuaranteed'
  | 'isDiscountAuto'
  | 'discountKind'
  | 'discountPercent'
  | 'discountValidUntil'
  | 'prepaymentType'
  | 'fullPaymentDays'
  | 'prepaymentSize'
  | 'numberOfSeats'
  | 'numberOfFreeSeats'
  | 'heavyPlaces'
  | 'heavyPlacesFree'
  | 'nonRiderPrice'
  | 'nonRiderPlacesFree'
  | 'isCashbackAvailable'
  | 'minRiders'
  | 'decisionDate'
> & {
  /** Set when the date was called off (decision 148); a card's JSON reads it as text. */
  cancelledAt: Date | string | null;
  /**
   * The riders booked as read with the date (`RIDERS_BOOKED`); a row read without it (a
   * booking's own date) answers the seats taken.
   */
  ridersBooked?: number | undefined;
};

/** The columns of an organizer a card shows. */
export type CardOrganizerRow = Pick<
  OrganizerRow,
  | 'id'
  | 'name'
  | 'slug'
  | 'type'
  | 'avatarSeed'
  | 'rating'
  | 'reviewsCount'
  | 'emailCheck'
  | 'phoneCheck'
  | 'passportCheck'
>;

/** The visitor's currency and the rates to convert into it. */
export interface PriceContext {
  /** ISO code prices are shown in (from `requestCurrency`). */
  currency: string;
  rates: Rates;
}

export interface CardContext extends PriceContext {
  /** Include `alt` texts of images (`with_alt=1`). */
  withAlt: boolean;
  /** YYYY-MM-DD; dates before it are past (see `todayIso` in `src/shared/dates.ts`). */
  today: string;
}

export interface LoadTourCardsOptions extends CardContext {
  /**
   * Extra condition on `tour_dates` (raw `tour_dates.<column>` SQL) that narrows the dates
   * a card considers, e.g. the date range and price bounds of a search, so the card shows a date
   * and price that matched. Bookability (future, not busy, free seats) always applies.
   */
  dateScope?: SQL | undefined;
}

/** The scene generated organizer avatars are drawn with (see the media module). */
export const ORGANIZER_AVATAR_SCENE: MediaScene = 'portrait';

/** A stored scene the renderer does not know (old data) still gets a picture, not a 500. */
const FALLBACK_SCENE: MediaScene = 'landscape';

/** A stored picture as the contract's media item (`image` is the `{{size}}` URL template). */
export function toMediaItem(image: StoredImage, withAlt: boolean): MediaItem {
  return {
    image:
      image.url ??
      generatedImageUrl(
        isMediaScene(image.scene) ? image.scene : FALLBACK_SCENE,
        image.seed,
        // A profile the renderer does not know (old data) draws a neutral place, not a 404.
        image.landscape !== undefined && isLandscapeName(image.landscape)
          ? image.landscape
          : undefined,
      ),
    ...(withAlt ? { alt: image.alt } : {}),
  };
}

/** Minor units of `from` shown in the visitor's currency (rounded major units). */
function display(minorUnits: number, from: string, { currency, rates }: PriceContext): number {
  return toDisplayPrice(minorUnits, from, currency, rates);
}

/** A date (or variant) of a tour, priced in the visitor's currency. */
export function toTourDate(row: CardDateRow, prices: PriceContext): TourDate {
  const price = display(row.price, row.currency, prices);
  const priceWithoutDiscount = display(row.priceWithoutDiscount, row.currency, prices);
  const hasDiscount = row.discountKind !== null;
  return {
    id: row.id,
    tour_id: row.tourId,
    duration: row.duration,
    start: row.startDate,
    end: row.endDate,
    currency: prices.currency,
    price,
    // In `currency`, like `price` (decision 154): the answer names no other currency.
    original_price: price,
    price_without_discount: priceWithoutDiscount,
    is_busy: row.isBusy,
    cancelled: row.cancelledAt !== null,
    flight_included: row.flightIncluded,
    variant_name: row.variantName,
    not_guaranteed: row.notGuaranteed,
    is_discount_auto: row.isDiscountAuto,
    prepayment_type: row.prepaymentType,
    full_payment_days: row.fullPaymentDays,
    // A percentage stays a percentage; a fixed amount is money and is converted.
    prepayment_size:
      row.prepaymentSize === null
        ? null
        : row.prepaymentType === 'fixed'
          ? display(row.prepaymentSize, row.currency, prices)
          : row.prepaymentSize,
    number_of_seats: row.numberOfSeats,
    number_of_free_seats: row.numberOfFreeSeats,
    heavy_places: row.heavyPlaces,
    heavy_places_free: row.heavyPlacesFree,
    non_rider_price:
      row.nonRiderPrice === null ? null : display(row.nonRiderPrice, row.currency, prices),
    non_rider_places_free: row.nonRiderPrice === null ? 0 : row.nonRiderPlacesFree,
    is_cashback_available: row.isCashbackAvailable,
    // The minimum group of a date that is not guaranteed yet (decision 111), and its riders as
    // the guarantee counts them (`ridersCountedSql`).
    min_riders: row.notGuaranteed ? row.minRiders : null,
    riders_booked: Math.max(0, row.ridersBooked ?? row.numberOfSeats - row.numberOfFreeSeats),
    decision_date: row.notGuaranteed ? row.decisionDate : null,
    is_discount_exist: hasDiscount,
    ...(hasDiscount && row.discountKind
      ? {
          discount: {
            kind: row.discountKind,
            percent: row.discountPercent ?? 0,
            amount: Math.max(0, priceWithoutDiscount - price),
            valid_until: row.discountValidUntil,
          },
        }
      : {}),
  };
}

/** The organizer as shown on a card; a check counts as verified when it succeeded (1). */
export function toOrganizerBrief(row: CardOrganizerRow, withAlt: boolean): OrganizerBrief {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    avatar: toMediaItem(
      { scene: ORGANIZER_AVATAR_SCENE, seed: row.avatarSeed, alt: row.name },
      withAlt,
    ),
    rating: row.rating,
    reviews_count: row.reviewsCount,
    is_email_verified: row.emailCheck === 1,
    is_phone_verified: row.phoneCheck === 1,
    is_passport_verified: row.passportCheck === 1,
  };
}

/** What a card is built from besides the tour row. */
export interface TourCardParts {
  organizer: CardOrganizerRow | undefined;
  /** The earliest date the card considers (omitted from the card when undefined). */
  nearestDate: CardDateRow | undefined;
  /** The date that prices the card: the cheapest considered one, or the latest date if none. */
  priceDate: CardDateRow | undefined;
  /** The tour's countries, in the tour's order. */
  countries: CountryRow[];
  /** The most heavier-horse places free on one considered date (0 without one). */
  heavyPlacesFree: number;
}

/**
 * A card is put together from four groups of fields, in this order, so that its JSON text can
 * be assembled from texts kept per tour (`tour-card-text.ts`): only the prices and the nearest
 * date depend on the dates a search shows and on the visitor's currency.
 */
export function cardHead(tour: CardTourRow) {
  return {
    id: tour.id,
    slug: tour.slug,
    name: tour.name,
    type: tour.type as TourSummary['type'],
    duration: tour.duration,
  };
}

/** The card's prices: from the date that prices it (0 without one). */
export function cardPrices(
  tour: CardTourRow,
  priceDate: CardDateRow | undefined,
  context: PriceContext,
) {
  const days = priceDate?.duration ?? tour.duration;
  return {
    price: priceDate ? display(priceDate.price, priceDate.currency, context) : 0,
    price_per_day: priceDate
      ? display(priceDate.price / Math.max(1, days), priceDate.currency, context)
      : 0,
    price_without_discount: priceDate
      ? display(priceDate.priceWithoutDiscount, priceDate.currency, context)
      : null,
    currency: context.currency,
  };
}

export function cardMiddle(tour: CardTourRow, countries: readonly CountryRow[], withAlt: boolean) {
  return {
    rating: tour.rating,
    reviews_count: tour.reviewsCount,
    difficulty: tour.difficulty as NonNullable<TourSummary['difficulty']>,
    comfort: tour.comfort as NonNullable<TourSummary['comfort']>,
    accommodation: tour.accommodation as NonNullable<TourSummary['accommodation']>,
    max_group_size: tour.maxGroupSize,
    min_age: tour.minAge,
    countries: countries.map(({ id, name }) => ({ id, name })),
    images: tour.images.map((image) => toMediaItem(image, withAlt)),
    riding: ridingBrief(tour),
  };
}

/** After `nearest_date`: the organizer (when there is one) and the emoji. */
export function cardTail(
  tour: CardTourRow,
  organizer: CardOrganizerRow | undefined,
  withAlt: boolean,
) {
  return {
    ...(organizer ? { organizer: toOrganizerBrief(organizer, withAlt) } : {}),
    emoji: tour.emoji,
  };
}

/** A tour card (`TourSummary`) in the visitor's currency. */
export function toTourSummary(
  tour: CardTourRow,
  parts: TourCardParts,
  context: CardContext,
): TourSummary {
  return {
    ...cardHead(tour),
    ...cardPrices(tour, parts.priceDate, context),
    ...cardMiddle(tour, parts.countries, context.withAlt),
    ...(parts.nearestDate ? { nearest_date: toTourDate(parts.nearestDate, context) } : {}),
    heavy_places_free: parts.heavyPlacesFree,
    ...cardTail(tour, parts.organizer, context.withAlt),
  };
}

/**
 * The riders a date counts towards its minimum group, as SQL over the `tour_dates` row in scope
 * (decisions 111, 146, 174): its seats taken, less those held by bookings whose riders may not
 * come. A request past its time to answer at `now` can no longer be confirmed (174); an unpaid
 * hold of a holder who proved no address (a guest, or an account that confirmed neither its
 * e-mail nor its phone: `unproven` in the bookings' `guests.ts`) may be a made-up address, which
 * must not run a date for good (a guarantee is never taken back). The guarantee compares it with
 * `min_riders` (`flippable`, bookings' `transitions.ts`) and `riders_booked` shows it, so the two
 * never disagree.
 */
export function ridersCountedSql(now: SQL): SQL {
  const waiting = sql.raw(String(STATUS.pendingConfirm));
  const unpaid = sql.raw(`${STATUS.pendingConfirm}, ${STATUS.pendingPrepayment}`);
  return sql`(tour_dates.number_of_seats - tour_dates.number_of_free_seats - coalesce((
    select sum(held.seats) from booking_requests held
    left join users holder on holder.id = held.user_id
    where held.tour_date_id = tour_dates.id and held.status in (${unpaid})
      and ((held.status = ${waiting} and held.respond_by < ${now})
        or held.user_id is null
        or (holder.email_confirmed_at is null and holder.phone_confirmed_at is null))
  ), 0))::int`;
}

/**
 * `riders_booked` of a `tour_dates` row in scope: on a date not guaranteed yet, the riders its
 * group counts (`ridersCountedSql`), so the meter never reads "4 of 4" on a date still waiting;
 * on a guaranteed date, the seats taken (nothing is counted any more).
 */
export const RIDERS_BOOKED = sql`(case when tour_dates.not_guaranteed
  then ${ridersCountedSql(sql`now()`)}
  else tour_dates.number_of_seats - tour_dates.number_of_free_seats end)`;

/** Columns as the card types name them (camelCase), so `to_json` of a row is a card row. */
const DATE_COLUMN_NAMES = sql.raw(
  [
    'tour_dates.id',
    'tour_dates.tour_id as "tourId"',
    'tour_dates.start_date::text as "startDate"',
    'tour_dates.end_date::text as "endDate"',
    'tour_dates.duration',
    'tour_dates.currency',
    'tour_dates.price',
    'tour_dates.price_without_discount as "priceWithoutDiscount"',
    'tour_dates.is_busy as "isBusy"',
    'tour_dates.flight_included as "flightIncluded"',
    'tour_dates.variant_name as "variantName"',
    'tour_dates.not_guaranteed as "notGuaranteed"',
    'tour_dates.is_discount_auto as "isDiscountAuto"',
    'tour_dates.discount_kind as "discountKind"',
    'tour_dates.discount_percent as "discountPercent"',
    'tour_dates.discount_valid_until::text as "discountValidUntil"',
    'tour_dates.prepayment_type as "prepaymentType"',
    'tour_dates.full_payment_days as "fullPaymentDays"',
    'tour_dates.prepayment_size as "prepaymentSize"',
    'tour_dates.number_of_seats as "numberOfSeats"',
    'tour_dates.number_of_free_seats as "numberOfFreeSeats"',
    'tour_dates.heavy_places as "heavyPlaces"',
    'tour_dates.heavy_places_free as "heavyPlacesFree"',
    'tour_dates.non_rider_price as "nonRiderPrice"',
    'tour_dates.non_rider_places_free as "nonRiderPlacesFree"',
    'tour_dates.is_cashback_available as "isCashbackAvailable"',
    'tour_dates.min_riders as "minRiders"',
    'tour_dates.decision_date::text as "decisionDate"',
    'tour_dates.cancelled_at as "cancelledAt"',
  ].join(', '),
);
const DATE_COLUMNS = sql`${DATE_COLUMN_NAMES}, ${RIDERS_BOOKED} as "ridersBooked"`;

const TOUR_COLUMNS = sql.raw(
  [
    'tours.id',
    'tours.slug',
    'tours.name',
    'tours.type',
    'tours.duration',
    'tours.rating',
    'tours.reviews_count as "reviewsCount"',
    'tours.difficulty',
    'tours.comfort',
    'tours.accommodation',
    'tours.max_group_size as "maxGroupSize"',
    'tours.min_age as "minAge"',
    'tours.images',
    'tours.emoji',
    'tours.rider_level as "riderLevel"',
    'tours.hours_longest_day as "hoursLongestDay"',
    'tours.tack',
    'tours.other_tack_on_request as "otherTackOnRequest"',
    'tours.max_rider_weight_kg as "maxRiderWeightKg"',
    'tours.heavy_rider_weight_kg as "heavyRiderWeightKg"',
    'tours.min_riding_age as "minRidingAge"',
    'tours.max_riding_age as "maxRidingAge"',
    'tours.non_riders_welcome as "nonRidersWelcome"',
  ].join(', '),
);

const ORGANIZER_COLUMNS = sql.raw(
  [
    'organizers.id',
    'organizers.name',
    'organizers.slug',
    'organizers.type',
    'organizers.avatar_seed as "avatarSeed"',
    'organizers.rating',
    'organizers.reviews_count as "reviewsCount"',
    'organizers.email_check as "emailCheck"',
    'organizers.phone_check as "phoneCheck"',
    'organizers.passport_check as "passportCheck"',
  ].join(', '),
);

/** The tour's countries (id and name) in the tour's order, as a JSON array. */
const COUNTRIES_OF_TOUR = sql`coalesce((
  select json_agg(json_build_object('id', countries.id, 'name', countries.name) order by tour_country.position)
  from unnest(tours.country_ids) with ordinality as tour_country(id, position)
  join countries on countries.id = tour_country.id
), '[]'::json)`;

/** A row of `cardsQuery`: the tour's card columns and its parts as JSON. */
type CardQueryRow = CardTourRow & {
  organizer: CardOrganizerRow | null;
  nearest: CardDateRow | null;
  cheapest: CardDateRow | null;
  latest: CardDateRow | null;
  countries: CountryRow[];
  heavyPlacesFree: number;
};

/**
 * The page of tours a card list shows: a query answering `id` and `sort_key`, and how its rows
 * are ordered (`page.sort_key`, `page.id`).
 */
interface CardPage {
  query: SQL;
  order: SQL;
}

/**
 * One statement for a whole page of cards: the page's ids (a search, or a list of ids), each
 * tour's card columns, its organizer and countries, and its nearest and cheapest considered
 * dates (and, only for a tour without one, its latest date) through lateral index probes of
 * `tour_dates_search_idx`. One round trip and one plan instead of a query per part. An individual
 * offer's own date is never a card's (decision 181).
 */
function cardsQuery(page: CardPage, today: string, scope: SQL | undefined): SQL {
  const considered = sql`tour_dates.tour_id = tours.id and tour_dates.start_date >= ${today}::date
    and not tour_dates.is_busy and tour_dates.number_of_free_seats > 0
    and tour_dates.individual_tour_uuid is null${scope ? sql` and ${scope}` : sql``}`;
  return sql`with page as materialized (${page.query})
    select ${TOUR_COLUMNS},
      to_json(organizer) as organizer, to_json(nearest) as nearest,
      to_json(cheapest) as cheapest, to_json(latest) as latest,
      ${COUNTRIES_OF_TOUR} as countries, heavy.free as "heavyPlacesFree"
    from page
    join tours on tours.id = page.id
    left join lateral (
      select ${ORGANIZER_COLUMNS} from organizers where organizers.id = tours.organizer_id
    ) organizer on true
    left join lateral (
      select ${DATE_COLUMNS} from tour_dates where ${considered}
      order by tour_dates.start_date, tour_dates.price_usd, tour_dates.id limit 1
    ) nearest on true
    left join lateral (
      select ${DATE_COLUMNS} from tour_dates where ${considered}
      order by tour_dates.price_usd, tour_dates.start_date, tour_dates.id limit 1
    ) cheapest on true
    left join lateral (
      select ${DATE_COLUMNS} from tour_dates
      where cheapest.id is null and tour_dates.tour_id = tours.id
        and tour_dates.individual_tour_uuid is null
      order by tour_dates.start_date desc, tour_dates.id limit 1
    ) latest on true
    left join lateral (
      select coalesce(max(tour_dates.heavy_places_free), 0)::int as free from tour_dates
      where ${considered}
    ) heavy on true
    order by ${page.order}`;
}

/** Cards for the tours of a page query (see `CardPage`), in the page's order. */
async function loadCardPage(
  db: Database,
  page: CardPage,
  options: LoadTourCardsOptions,
): Promise<TourSummary[]> {
  // Prepared: planning this statement cost PostgreSQL more than running it (decision 032).
  const result = await executePrepared<CardQueryRow>(
    db,
    cardsQuery(page, options.today, options.dateScope),
  );
  return result.rows.map((row) =>
    toTourSummary(
      row,
      {
        organizer: row.organizer ?? undefined,
        nearestDate: row.nearest ?? undefined,
        priceDate: row.cheapest ?? row.latest ?? undefined,
        countries: row.countries,
        heavyPlacesFree: row.heavyPlacesFree,
      },
      options,
    ),
  );
}

/** A date with the USD prices searches filter on (minor units), as `loadCardParts` reads it. */
export type PricedDateRow = CardDateRow & { priceUsd: number; pricePerDayUsd: number };

/** Everything a tour's card is built from, whatever the search: see `chooseCardDates`. */
export interface CardParts {
  tour: CardTourRow;
  organizer: CardOrganizerRow | undefined;
  countries: CountryRow[];
  /** Every date of the tour (past, busy and sold out too), in start order. */
  dates: PricedDateRow[];
}

type CardPartsRow = CardTourRow & {
  organizer: CardOrganizerRow | null;
  countries: CountryRow[];
  dates: PricedDateRow[];
};

/**
 * The card parts of `tourIds` (any order; unknown ids are skipped) in one statement: the tour's
 * card columns, organizer, countries and all its dates. The caller picks the dates a card shows
 * (`chooseCardDates`), so one read serves every search the tour appears in.
 */
export async function loadCardParts(
  db: Database,
  tourIds: readonly number[],
): Promise<Map<number, CardParts>> {
  const parts = new Map<number, CardParts>();
  if (tourIds.length === 0) return parts;
  const ids = `{${[...new Set(tourIds.map((id) => Math.trunc(id)))].join(',')}}`;
  const result = await executePrepared<CardPartsRow>(
    db,
    sql`select ${TOUR_COLUMNS}, to_json(organizer) as organizer,
      ${COUNTRIES_OF_TOUR} as countries,
      coalesce((
        select json_agg(dates order by dates."startDate", dates.id) from (
          select ${DATE_COLUMNS}, tour_dates.price_usd as "priceUsd",
            tour_dates.price_per_day_usd as "pricePerDayUsd"
          from tour_dates
          where tour_dates.tour_id = tours.id and tour_dates.individual_tour_uuid is null
        ) dates
      ), '[]'::json) as dates
    from unnest(${ids}::int[]) as page(id)
    join tours on tours.id = page.id
    left join lateral (
      select ${ORGANIZER_COLUMNS} from organizers where organizers.id = tours.organizer_id
    ) organizer on true`,
  );
  for (const { organizer, countries, dates, ...tour } of result.rows) {
    parts.set(tour.id, { tour, organizer: organizer ?? undefined, countries, dates });
  }
  return parts;
}

/** Dates as `YYYY-MM-DD` text compare in calendar order. */
const byNearest = (a: PricedDateRow, b: PricedDateRow) =>
  (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0) ||
  a.priceUsd - b.priceUsd ||
  a.id - b.id;
const byCheapest = (a: PricedDateRow, b: PricedDateRow) =>
  a.priceUsd - b.priceUsd || byNearest(a, b);

/**
 * The dates a card shows, as `cardsQuery` picks them in SQL: among the bookable dates (start ≥
 * today, not busy, a free seat) that `inScope` accepts, the nearest (start, price, id) and the
 * cheapest (price, start, id); without any, the latest date prices the card (start desc, id).
 * `heavyPlacesFree` is the most heavier-horse places free on one of those considered dates.
 */
export function chooseCardDates(
  dates: readonly PricedDateRow[],
  today: string,
  inScope: (date: PricedDateRow) => boolean = () => true,
): Pick<TourCardParts, 'nearestDate' | 'priceDate' | 'heavyPlacesFree'> {
  let nearest: PricedDateRow | undefined;
  let cheapest: PricedDateRow | undefined;
  let latest: PricedDateRow | undefined;
  let heavyPlacesFree = 0;
  for (const date of dates) {
    if (!latest || date.startDate > latest.startDate) latest = date;
    const bookable = date.startDate >= today && !date.isBusy && date.numberOfFreeSeats > 0;
    if (!bookable || !inScope(date)) continue;
    if (!nearest || byNearest(date, nearest) < 0) nearest = date;
    if (!cheapest || byCheapest(date, cheapest) < 0) cheapest = date;
    heavyPlacesFree = Math.max(heavyPlacesFree, date.heavyPlacesFree);
  }
  return { nearestDate: nearest, priceDate: cheapest ?? latest, heavyPlacesFree };
}

/**
 * Cards for a page of tours, in the order of `tourIds` (ids that are not found, and repeats,
 * are skipped). One statement whatever the page size (see `cardsQuery`). Unpublished tours are
 * returned too: callers decide who may see what.
 */
export async function loadTourCards(
  db: Database,
  tourIds: readonly number[],
  options: LoadTourCardsOptions,
): Promise<TourSummary[]> {
  const ids = [...new Set(tourIds.map((id) => Math.trunc(id)))];
  if (ids.length === 0) return [];
  const page: CardPage = {
    query: sql`select id, position as sort_key
      from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as ids(id, position)`,
    order: sql`page.sort_key`,
  };
  return loadCardPage(db, page, options);
}
