/**
 * Tour cards: the one place that turns catalogue rows into the contract's `TourSummary`,
 * `TourDate`, `OrganizerBrief` and `MediaItem`. Search, the tour page, best tours, get-by-ids and
 * favourites all answer the same card, so they share these functions.
 *
 * Money: every `price`-like field is in the visitor's currency, rounded major units
 * (`toDisplayPrice`); `original_price` stays in the tour's own currency (major units), because
 * bookings and payments are made in it.
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
import { and, asc, desc, gt, gte, inArray, not, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { countries, organizers, tourDates, tours, type StoredImage } from '#src/db/schema/index.ts';
import { generatedImageUrl, isMediaScene, type MediaScene } from '#src/modules/media/urls.ts';
import { toDisplayPrice, type Rates } from '#src/modules/money/rates.ts';

export type TourSummary = components['schemas']['TourSummary'];
export type TourDate = components['schemas']['TourDate'];
export type OrganizerBrief = components['schemas']['OrganizerBrief'];
export type MediaItem = components['schemas']['MediaItem'];
export type CountryOption = components['schemas']['CountryOption'];

export type TourRow = typeof tours.$inferSelect;
export type TourDateRow = typeof tourDates.$inferSelect;
export type OrganizerRow = typeof organizers.$inferSelect;
export type CountryRow = Pick<typeof countries.$inferSelect, 'id' | 'name'>;

/** The visitor's currency and the rates to convert into it. */
export interface PriceContext {
  /** ISO code prices are shown in (from `requestCurrency`). */
  currency: string;
  rates: Rates;
}

export interface CardContext extends PriceContext {
  /** Include `alt` texts of images (`with_alt=1`). */
  withAlt: boolean;
  /** YYYY-MM-DD; dates before it are past (see `todayIso`). */
  today: string;
}

export interface LoadTourCardsOptions extends CardContext {
  /**
   * Extra condition on `tour_dates` (written with the `tourDates` columns) that narrows the dates
   * a card considers, e.g. the date range and price bounds of a search, so the card shows a date
   * and price that matched. Bookability (future, not busy, free seats) always applies.
   */
  dateScope?: SQL | undefined;
}

/** The scene generated organizer avatars are drawn with (see the media module). */
export const ORGANIZER_AVATAR_SCENE: MediaScene = 'portrait';

/** A stored scene the renderer does not know (old data) still gets a picture, not a 500. */
const FALLBACK_SCENE: MediaScene = 'landscape';

/** Today as YYYY-MM-DD (UTC): the boundary between past and bookable dates. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A stored picture as the contract's media item (`image` is the `{{size}}` URL template). */
export function toMediaItem(image: StoredImage, withAlt: boolean): MediaItem {
  return {
    image: generatedImageUrl(isMediaScene(image.scene) ? image.scene : FALLBACK_SCENE, image.seed),
    ...(withAlt ? { alt: image.alt } : {}),
  };
}

/** Minor units of `from` shown in the visitor's currency (rounded major units). */
function display(minorUnits: number, from: string, { currency, rates }: PriceContext): number {
  return toDisplayPrice(minorUnits, from, currency, rates);
}

/** A date (or variant) of a tour, priced in the visitor's currency. */
export function toTourDate(row: TourDateRow, prices: PriceContext): TourDate {
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
    original_price: row.price / 100,
    price_without_discount: priceWithoutDiscount,
    is_busy: row.isBusy,
    flight_included: row.flightIncluded,
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
    is_cashback_available: row.isCashbackAvailable,
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
export function toOrganizerBrief(row: OrganizerRow, withAlt: boolean): OrganizerBrief {
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
  organizer: OrganizerRow | undefined;
  /** The earliest date the card considers (omitted from the card when undefined). */
  nearestDate: TourDateRow | undefined;
  /** The date that prices the card: the cheapest considered one, or the latest date if none. */
  priceDate: TourDateRow | undefined;
  /** The tour's countries, in the tour's order. */
  countries: CountryRow[];
}

/** A tour card (`TourSummary`) in the visitor's currency. */
export function toTourSummary(
  tour: TourRow,
  parts: TourCardParts,
  context: CardContext,
): TourSummary {
  const { priceDate } = parts;
  const price = priceDate ? display(priceDate.price, priceDate.currency, context) : 0;
  const priceWithoutDiscount = priceDate
    ? display(priceDate.priceWithoutDiscount, priceDate.currency, context)
    : null;
  const days = priceDate?.duration ?? tour.duration;
  return {
    id: tour.id,
    slug: tour.slug,
    name: tour.name,
    type: tour.type as TourSummary['type'],
    duration: tour.duration,
    price,
    price_per_day: priceDate
      ? display(priceDate.price / Math.max(1, days), priceDate.currency, context)
      : 0,
    price_without_discount: priceWithoutDiscount,
    currency: context.currency,
    rating: tour.rating,
    reviews_count: tour.reviewsCount,
    difficulty: tour.difficulty as NonNullable<TourSummary['difficulty']>,
    comfort: tour.comfort as NonNullable<TourSummary['comfort']>,
    accommodation: tour.accommodation as NonNullable<TourSummary['accommodation']>,
    max_group_size: tour.maxGroupSize,
    min_age: tour.minAge,
    countries: parts.countries.map(({ id, name }) => ({ id, name })),
    images: tour.images.map((image) => toMediaItem(image, context.withAlt)),
    ...(parts.nearestDate ? { nearest_date: toTourDate(parts.nearestDate, context) } : {}),
    ...(parts.organizer ? { organizer: toOrganizerBrief(parts.organizer, context.withAlt) } : {}),
    emoji: tour.emoji,
  };
}

/** Bookable dates of the given tours: future, not busy, with free seats (plus `scope`). */
function bookableDates(tourIds: number[], today: string, scope: SQL | undefined) {
  return and(
    inArray(tourDates.tourId, tourIds),
    gte(tourDates.startDate, today),
    not(tourDates.isBusy),
    gt(tourDates.numberOfFreeSeats, 0),
    scope,
  );
}

/** The first date per tour in the given order (`DISTINCT ON`, one indexed pass). */
function firstDatePerTour(db: Database, where: SQL | undefined, order: SQL[]) {
  return db
    .selectDistinctOn([tourDates.tourId])
    .from(tourDates)
    .where(where)
    .orderBy(asc(tourDates.tourId), ...order, asc(tourDates.id));
}

const byTour = <T extends { tourId: number }>(rows: T[]) =>
  new Map(rows.map((row) => [row.tourId, row]));

/**
 * Cards for a page of tours, in the order of `tourIds` (ids that are not found are skipped).
 * A fixed number of batched queries whatever the page size: tours, organizers, countries, the
 * nearest and the cheapest considered date per tour (and, only for tours without one, their
 * latest date). Unpublished tours are returned too: callers decide who may see what.
 */
export async function loadTourCards(
  db: Database,
  tourIds: readonly number[],
  options: LoadTourCardsOptions,
): Promise<TourSummary[]> {
  const ids = [...new Set(tourIds)];
  if (ids.length === 0) return [];
  const where = bookableDates(ids, options.today, options.dateScope);
  const [tourRows, nearestRows, cheapestRows] = await Promise.all([
    db.select().from(tours).where(inArray(tours.id, ids)),
    firstDatePerTour(db, where, [asc(tourDates.startDate), asc(tourDates.priceUsd)]),
    firstDatePerTour(db, where, [asc(tourDates.priceUsd), asc(tourDates.startDate)]),
  ]);
  const organizerIds = [...new Set(tourRows.map((tour) => tour.organizerId))];
  const countryIds = [...new Set(tourRows.flatMap((tour) => tour.countryIds))];
  const cheapest = byTour(cheapestRows);
  const withoutDates = tourRows.filter((tour) => !cheapest.has(tour.id)).map((tour) => tour.id);
  const [organizerRows, countryRows, latestRows] = await Promise.all([
    organizerIds.length
      ? db.select().from(organizers).where(inArray(organizers.id, organizerIds))
      : [],
    countryIds.length
      ? db
          .select({ id: countries.id, name: countries.name })
          .from(countries)
          .where(inArray(countries.id, countryIds))
      : [],
    withoutDates.length
      ? firstDatePerTour(db, inArray(tourDates.tourId, withoutDates), [desc(tourDates.startDate)])
      : [],
  ]);
  const toursById = new Map(tourRows.map((tour) => [tour.id, tour]));
  const organizersById = new Map(organizerRows.map((row) => [row.id, row]));
  const countriesById = new Map(countryRows.map((row) => [row.id, row]));
  const nearest = byTour(nearestRows);
  const latest = byTour(latestRows);

  const cards: TourSummary[] = [];
  for (const id of ids) {
    const tour = toursById.get(id);
    if (!tour) continue;
    cards.push(
      toTourSummary(
        tour,
        {
          organizer: organizersById.get(tour.organizerId),
          nearestDate: nearest.get(id),
          priceDate: cheapest.get(id) ?? latest.get(id),
          countries: tour.countryIds.flatMap((countryId) => {
            const country = countriesById.get(countryId);
            return country ? [country] : [];
          }),
        },
        options,
      ),
    );
  }
  return cards;
}
