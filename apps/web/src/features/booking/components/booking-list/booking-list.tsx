import { formatPrice } from '@gallop/currency';
import { EmptyState, imageUrl } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { buttonClassName } from '@gallop/ui-kit';
import { formatDateChoice } from '../../../../lib/tour-format';
import type { BookingRequest } from '../../api';
import { statusBadgeClass, statusLabel } from '../../status';
import { travellersText } from '../booking-summary/booking-summary';
import '../booking.css';

/** `/bookings`: the traveller's booking requests, newest first, each opening its page. */
export function BookingList({ bookings }: { bookings: readonly BookingRequest[] }) {
  return (
    <div className="page-container booking-list-page">
      <h1 className="display-heading booking-title">Your bookings</h1>
      {bookings.length === 0 ? (
        <EmptyState
          title="No bookings yet"
          description="When you request a tour, it appears here with its status and payments."
          action={
            // A button, as on the empty favourites page: the one way on from an empty list.
            <Link
              to="/$slug"
              params={{ slug: 'tours' }}
              className={buttonClassName({ theme: 'primary' })}
            >
              Find a tour
            </Link>
          }
        />
      ) : (
        <ul className="booking-cards">
          {bookings.map((booking) => {
            const image = booking.tour.images[0];
            return (
              <li key={booking.id} className="booking-card">
                {image && (
                  <img
                    className="booking-card__image"
                    src={imageUrl(image.image, '185x122')}
                    srcSet={`${imageUrl(image.image, '185x122')} 1x, ${imageUrl(image.image, '370x244')} 2x`}
                    alt=""
                    width={185}
                    height={122}
                    loading="lazy"
                  />
                )}
                <div className="booking-card__body">
                  <p className={statusBadgeClass(booking.status)}>{statusLabel(booking)}</p>
                  <h2 className="booking-card__name">
                    <Link to="/booking/$id" params={{ id: String(booking.id) }}>
                      {booking.tour.name}
                    </Link>
                  </h2>
                  <p className="booking-summary__meta">
                    Booking #{booking.id}
                    {booking.tour_date ? ` · ${formatDateChoice(booking.tour_date)}` : ''}
                    {` · ${travellersText(booking)} · ${formatPrice(booking.price, booking.currency)}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
