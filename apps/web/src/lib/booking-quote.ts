import type { components } from '@gallop/api-client';
import { quote } from '@gallop/booking-rules';

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

/** The contract's amounts are major units; the rules count in minor ones. */
const toMinor = (major: number) => Math.round(major * 100);

/**
 * What a request costs and the prepayment it will be asked: the API's own `quote` of
 * `@gallop/booking-rules` (decision 152), over the date's terms as the contract gives them (major
 * units, a fixed prepayment per traveller, a percentage as it is), answered in the same major
 * units. A date without a prepayment type asks none.
 */
export function quoteBooking(date: DateTerms, party: Party, today: string): BookingQuote {
  const nonRiders = party.nonRiders ?? { count: 0, price: 0 };
  const type = date.prepayment_type ?? 'none';
  const size = date.prepayment_size ?? null;
  const answer = quote(
    {
      price: toMinor(date.price),
      prepaymentType: type,
      prepaymentSize: size !== null && type === 'fixed' ? toMinor(size) : size,
      fullPaymentDays: date.full_payment_days ?? null,
      startDate: date.start,
    },
    party.riders,
    today,
    { count: nonRiders.count, price: toMinor(nonRiders.price) },
  );
  return {
    price: answer.price / 100,
    prepayment: answer.prepayment === null ? null : answer.prepayment / 100,
  };
}
