/**
 * Individual tours: a catalogue tour offered to one client on its own terms (a start date and a
 * price), opened by uuid (`/order/{uuid}/individual-tour`). The page is the tour's page whose only
 * date is the offer, with id 0 and the offer's uuid: a booking names the offer
 * (`individual_tour_uuid`), and is made on the offer's own date (`offer-dates.ts`, decision 181).
 */
import type { individualTours } from '#src/db/schema/index.ts';
import type { PriceContext, TourDate } from '#src/modules/catalog/tour-card.ts';
import { addDaysIso } from '#src/shared/dates.ts';
import { toDisplayPrice } from '#src/shared/money/rates.ts';
import type { Tour } from './page.ts';
import type { TourRow } from './slug.ts';

type IndividualTourRow = typeof individualTours.$inferSelect;

/** The id of the offer's date: 0, as no catalogue date has it. */
const INDIVIDUAL_DATE_ID = 0;

/**
 * The offer as the page's only date. Its seats are its own date's once first booked, else the
 * tour's group size, which that date will have (`offer-dates.ts`).
 */
export function toIndividualDate(
  offer: IndividualTourRow,
  tour: TourRow,
  prices: PriceContext,
  seats: { total: number; free: number } | null = null,
): TourDate {
  const price = toDisplayPrice(offer.price, offer.currency, prices.currency, prices.rates);
  return {
    id: INDIVIDUAL_DATE_ID,
    individual_tour_uuid: offer.uuid,
    tour_id: tour.id,
    duration: tour.duration,
    start: offer.startDate,
    end: addDaysIso(offer.startDate, Math.max(1, tour.duration) - 1),
    currency: prices.currency,
    price,
    // In `currency`, like `price` (decision 154).
    original_price: price,
    price_without_discount: price,
    is_busy: false,
    number_of_seats: seats?.total ?? tour.maxGroupSize,
    number_of_free_seats: seats?.free ?? tour.maxGroupSize,
    flight_included: false,
    not_guaranteed: false,
    is_discount_auto: false,
    prepayment_type: 'none',
    full_payment_days: null,
    prepayment_size: null,
    is_cashback_available: false,
    is_discount_exist: false,
  };
}

/** The page's card prices are the offer's, not the catalogue's cheapest date. */
export function withOfferPrice(page: Tour, date: TourDate): Tour {
  return {
    ...page,
    price: date.price,
    price_without_discount: date.price,
    price_per_day: Math.round(date.price / Math.max(1, date.duration)),
    nearest_date: date,
  };
}
