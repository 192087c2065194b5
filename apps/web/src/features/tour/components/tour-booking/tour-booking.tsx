import { formatPrice } from '@gallop/currency';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { formatDateRange, formatFreeSeats, formatPrepayment, type TourDate } from '../../format';
import { bookingDate, noHorseFor, usePassportWeight, type BookingDate } from '../../horse-dates';
import type { TourRidingBrief } from '../../../../lib/rider-fit';
import { useBookingBase } from '../../../../lib/use-booking-base';
import { FOLLOW_TOUR_ANCHOR } from '../tour-follow/anchor';
import { YourBooking } from '../your-booking/your-booking';
import { bookingRequestHref } from './booking-link';
import './tour-booking.css';

export interface TourBookingProps {
  tourId: number;
  dates: readonly TourDate[];
  /** The tour's riding: with a rider passport, the box offers a date with a horse for its weight. */
  riding: TourRidingBrief;
}

/** The dates table, where each date without a horse for the rider's weight says so. */
const DATES_ANCHOR = '#dates';

/**
 * The date the box offers: the cheapest upcoming one, or for the weight of the visitor's rider
 * passport the cheapest with a horse for it (after hydration: the server knows no passport).
 */
function useBookingDate(dates: readonly TourDate[], riding: TourRidingBrief): BookingDate {
  return bookingDate(dates, noHorseFor(usePassportWeight(), riding));
}

/**
 * The sticky booking box: the cheapest upcoming date with a horse for the rider and 'Request
 * booking'.
 */
export function TourBooking({ tourId, dates, riding }: TourBookingProps) {
  const base = useBookingBase();
  const { date: best, noDateHasHorse, cheaperWithoutHorse } = useBookingDate(dates, riding);
  if (!best) {
    return (
      <aside className="tour-booking" aria-label="Booking">
        <p className="tour-booking__closed">
          {dates.length > 0
            ? 'Every upcoming date is fully booked.'
            : 'No dates are scheduled for this tour yet.'}
        </p>
        <YourBooking tourId={tourId} />
        <ButtonLink theme="primary" size="lg" block href={`#${FOLLOW_TOUR_ANCHOR}`}>
          Notify me of new dates
        </ButtonLink>
        {dates.length > 0 && (
          <a className="tour-booking__dates-link" href={DATES_ANCHOR}>
            See the dates
          </a>
        )}
      </aside>
    );
  }
  const oldPrice =
    best.price_without_discount !== undefined && best.price_without_discount > best.price
      ? best.price_without_discount
      : undefined;
  return (
    <aside className="tour-booking" aria-label="Booking">
      <p className="tour-booking__price">
        <span className="tour-booking__from">from</span>{' '}
        <strong>{formatPrice(best.price, best.currency)}</strong>
        {oldPrice !== undefined && (
          <s className="tour-booking__old-price">{formatPrice(oldPrice, best.currency)}</s>
        )}
        <span className="tour-booking__per"> per person</span>
      </p>
      {noDateHasHorse && (
        <p className="tour-booking__no-horse">
          No date has a horse for your weight. <a href={DATES_ANCHOR}>See the dates</a>
        </p>
      )}
      <dl className="tour-booking__details">
        <div>
          <dt>Dates</dt>
          <dd>{formatDateRange(best.start, best.end)}</dd>
        </div>
        <div>
          <dt>Seats</dt>
          <dd>{formatFreeSeats(best)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{formatPrepayment(best)}</dd>
        </div>
      </dl>
      {cheaperWithoutHorse && (
        <p className="tour-booking__for-you">The cheapest date with a horse for your weight</p>
      )}
      <YourBooking tourId={tourId} />
      <ButtonLink theme="primary" size="lg" block href={bookingRequestHref(tourId, best, base)}>
        Request booking
      </ButtonLink>
      <a className="tour-booking__dates-link" href={DATES_ANCHOR}>
        {dates.length > 1 ? `All ${dates.length} dates and prices` : 'Date and price details'}
      </a>
      <p className="tour-booking__trust">
        Guaranteed dates are confirmed at once, others once the organizer confirms; you pay only
        after that. Payments are secured by 3-D Secure and no card data is stored.
      </p>
    </aside>
  );
}

/** The phone bar: the price and the button stay at the bottom of the screen. */
export function TourBookingBar({ tourId, dates, riding }: TourBookingProps) {
  const base = useBookingBase();
  const { date: best, noDateHasHorse } = useBookingDate(dates, riding);
  if (!best) return null;
  return (
    <div className="tour-booking-bar">
      <p className="tour-booking-bar__price">
        <span>
          from <strong>{formatPrice(best.price, best.currency)}</strong>
        </span>
        <span className="tour-booking-bar__dates">{formatDateRange(best.start, best.end)}</span>
        {noDateHasHorse && (
          <a className="tour-booking-bar__no-horse" href={DATES_ANCHOR}>
            No date has a horse for your weight
          </a>
        )}
      </p>
      <ButtonLink theme="primary" href={bookingRequestHref(tourId, best, base)}>
        Request booking
      </ButtonLink>
    </div>
  );
}
