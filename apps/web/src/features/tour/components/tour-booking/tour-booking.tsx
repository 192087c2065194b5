import { formatPrice } from '@gallop/currency';
import { ButtonLink } from '../../../../components/button-link/button-link';
import {
  cheapestUpcomingDate,
  formatDateRange,
  formatFreeSeats,
  formatPrepayment,
  type TourDate,
} from '../../format';
import { useBookingBase } from '../../../../lib/use-booking-base';
import { FOLLOW_TOUR_ANCHOR } from '../tour-follow/anchor';
import { YourBooking } from '../your-booking/your-booking';
import { bookingRequestHref } from './booking-link';
import './tour-booking.css';

export interface TourBookingProps {
  tourId: number;
  dates: readonly TourDate[];
}

/** The sticky booking box: the cheapest upcoming date and 'Request booking'. */
export function TourBooking({ tourId, dates }: TourBookingProps) {
  const base = useBookingBase();
  const best = cheapestUpcomingDate(dates);
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
          <a className="tour-booking__dates-link" href="#dates">
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
      <YourBooking tourId={tourId} />
      <ButtonLink theme="primary" size="lg" block href={bookingRequestHref(tourId, best.id, base)}>
        Request booking
      </ButtonLink>
      <a className="tour-booking__dates-link" href="#dates">
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
export function TourBookingBar({ tourId, dates }: TourBookingProps) {
  const base = useBookingBase();
  const best = cheapestUpcomingDate(dates);
  if (!best) return null;
  return (
    <div className="tour-booking-bar">
      <p className="tour-booking-bar__price">
        <span>
          from <strong>{formatPrice(best.price, best.currency)}</strong>
        </span>
        <span className="tour-booking-bar__dates">{formatDateRange(best.start, best.end)}</span>
      </p>
      <ButtonLink theme="primary" href={bookingRequestHref(tourId, best.id, base)}>
        Request booking
      </ButtonLink>
    </div>
  );
}
