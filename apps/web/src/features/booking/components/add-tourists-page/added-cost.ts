import { quoteBooking } from '../../../../lib/booking-quote';
import type { BookingRequest } from '../../api';

/** Who is being added: one more rider, or a companion who comes along without riding. */
export type NewTraveller = 'rider' | 'companion';

/** What a booking will cost once one more traveller is added, in the booking's currency. */
export interface AddedCost {
  riders: number;
  nonRiders: number;
  /** The booking's new price. */
  total: number;
  /** What the payments have credited so far. */
  paid: number;
  /** What will be left to pay: the new price less what is paid, never below nothing. */
  left: number;
  currency: string;
}

export type CostedBooking = Pick<
  BookingRequest,
  'price' | 'paid' | 'currency' | 'tourists' | 'non_riders' | 'non_rider_price' | 'tour_date'
>;

/** The contract's amounts are major units; the per-person price is rounded in minor ones. */
const toMinor = (major: number) => Math.round(major * 100);

/**
 * The booking's price with `adding` added, as the API prices a change of riders (decision 118):
 * each rider at the booking's agreed per-rider price (its price without its non-riders', over
 * its riders, rounded to a cent), each non-rider at the agreed non-rider price, summed by
 * `quote` of @gallop/booking-rules (`quoteBooking`). Undefined for a companion on a booking
 * without an agreed non-rider price (the API refuses them: the organizer quotes one).
 */
export function addedCost(
  booking: CostedBooking,
  adding: NewTraveller,
  today: string,
): AddedCost | undefined {
  const nonRiderPrice = booking.non_rider_price ?? null;
  if (adding === 'companion' && nonRiderPrice === null) return undefined;
  const nonRiders = booking.non_riders;
  const riders = booking.tourists.length - nonRiders;
  if (riders <= 0) return undefined;
  const ridersPrice = toMinor(booking.price) - nonRiders * toMinor(nonRiderPrice ?? 0);
  const perRider = Math.round(ridersPrice / riders) / 100;
  const party = {
    riders: riders + (adding === 'rider' ? 1 : 0),
    nonRiders: {
      count: nonRiders + (adding === 'companion' ? 1 : 0),
      price: nonRiderPrice ?? 0,
    },
  };
  // Only the total is asked of the quote: the prepayment of a changed booking follows the
  // booking's own exchange rate, which the page does not know, so no prepayment terms are given.
  const { price } = quoteBooking(
    { price: perRider, start: booking.tour_date?.start ?? today },
    party,
    today,
  );
  const paid = booking.paid ?? 0;
  return {
    riders: party.riders,
    nonRiders: party.nonRiders.count,
    total: price,
    paid,
    left: Math.max(Math.round((price - paid) * 100) / 100, 0),
    currency: booking.currency,
  };
}

/**
 * Whether the booking can take a companion who does not ride now: it has an agreed non-rider
 * price and its date has a bed left. `ask`: the date takes non-riders but the booking has no
 * agreed price, so the organizer is asked instead (the API's 422 says the same).
 */
export function companionPlace(
  booking: Pick<BookingRequest, 'non_rider_price' | 'tour_date'> | undefined,
  welcome: boolean,
): 'bed' | 'ask' | 'none' {
  const date = booking?.tour_date;
  if (!booking || !date || !welcome) return 'none';
  if ((booking.non_rider_price ?? null) === null) {
    return (date.non_rider_price ?? null) === null ? 'none' : 'ask';
  }
  return (date.non_rider_places_free ?? 0) > 0 ? 'bed' : 'none';
}

/**
 * Who the add page can take on the booking's date now: a rider while a seat is free, else a
 * companion where a bed is left for one (`companionPlace`), else nobody, so the booking's page
 * offers no way to a page that would only say so. A date whose seats are not known counts as
 * having one: the add page reads the booking's own limit (`max_tourists`) and says.
 */
export function roomToAdd(
  booking: Pick<BookingRequest, 'non_rider_price' | 'tour_date' | 'tour'>,
): NewTraveller | undefined {
  const free = booking.tour_date?.number_of_free_seats;
  if (free === undefined || free > 0) return 'rider';
  const welcome = booking.tour.riding.non_riders_welcome !== false;
  return companionPlace(booking, welcome) === 'bed' ? 'companion' : undefined;
}
