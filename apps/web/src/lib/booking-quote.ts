import type { components } from '@gallop/api-client';

type TourDate = components['schemas']['TourDate'];

/** The terms of a date that decide a request's price and prepayment, in the visitor's currency. */
export type DateTerms = Pick<
  TourDate,
  'price' | 'start' | 'prepayment_type' | 'prepayment_size' | 'full_payment_days'
>;

/** Who a request books: riders, and companions who come along without riding (decision 118). */
export interface Party {
  riders: number;
  nonRiders?: { count: number; price: number } | undefined;
}

export interface BookingQuote {
  /** The whole price of the request. */
  price: number;
  /** What is asked first; null when the whole price is paid at once. */
  prepayment: number | null;
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to `start` (both `YYYY-MM-DD`), as the API counts them. */
export function daysUntilStart(start: string, today: string): number {
  return Math.round((Date.parse(start) - Date.parse(today)) / DAY_MS);
}

/**
 * What a request costs and the prepayment it will be asked, exactly as the API quotes it when the
 * request is sent (`quote` of apps/api/src/modules/booking-rules/pricing.ts; a test holds the two
 * together), in the whole major units the date's prices are shown in. A percentage applies to the
 * whole price, rounded to a whole unit; a fixed prepayment is per traveller, rider or not; none
 * within the full-payment days of the start, nor when the date asks for none; never above the
 * price.
 */
export function quoteBooking(date: DateTerms, party: Party, today: string): BookingQuote {
  const nonRiders = party.nonRiders ?? { count: 0, price: 0 };
  const price = date.price * party.riders + nonRiders.price * nonRiders.count;
  const days = date.full_payment_days;
  const withinFullPayment =
    days !== null && days !== undefined && daysUntilStart(date.start, today) <= days;
  const size = date.prepayment_size ?? 0;
  const type = date.prepayment_type;
  if (withinFullPayment || (type !== 'percent' && type !== 'fixed') || !size) {
    return { price, prepayment: null };
  }
  const prepayment =
    type === 'percent' ? Math.round((price * size) / 100) : size * (party.riders + nonRiders.count);
  return { price, prepayment: Math.min(prepayment, price) };
}
