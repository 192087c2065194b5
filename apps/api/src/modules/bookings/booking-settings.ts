/**
 * What the booking services read besides their input: the database, the clock and the app's
 * settings (`BookingsDeps` with its defaults filled in by the handlers).
 */
import type { Database } from '#src/db/client.ts';
import type { Rates } from '#src/shared/money/rates.ts';
import type { BookingPayments } from './payments-port.ts';
import type { ViewContext } from './records.ts';

export interface BookingSettings {
  db: Database;
  now: () => Date;
  /** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`). */
  holdHours: number;
  /** The site's address, for the links in notices. */
  publicUrl: string;
  /** Percent of a date's places unproven guests may hold together (`GUEST_DATE_SHARE`). */
  guestDateShare: number;
  /** Voids at the provider the payments a change closed, after its commit (the payments module). */
  payments: BookingPayments;
}

/** A view of bookings read at a given time (the traveller's calls always give one). */
export type DatedView = ViewContext & { now: Date };

/** The traveller's view of a booking, read when an answer is built. */
export type TravellerView = () => Promise<DatedView>;

/** Who reads a booking on the traveller's side: its owner, or a holder of its link alone. */
export type LinkReader = 'traveller' | 'link';

/**
 * The traveller's calls, in the currency they see: the owner reads their riders' weights, a
 * holder of the booking's link who is not signed in as its owner does not.
 */
export function travellerView(
  { now, holdHours }: BookingSettings,
  currency: string,
  rates: Rates,
  reader: LinkReader = 'traveller',
): DatedView {
  return { reader, currency, rates, now: now(), holdHours };
}
