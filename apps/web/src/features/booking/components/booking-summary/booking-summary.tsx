import type { components } from '@gallop/api-client';
import { formatPrice } from '@gallop/currency';
import { countText, imageUrl } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { partyText } from '../../../../lib/party-text';
import { formatDateRange, formatDuration, formatVariant } from '../../../../lib/tour-format';
import '../booking.css';

type TourSummary = components['schemas']['TourSummary'];
type TourDate = components['schemas']['TourDate'];
type BookingRequest = components['schemas']['BookingRequest'];

export interface BookingSummaryProps {
  tour: TourSummary;
  date?: TourDate | undefined;
  children?: ReactNode;
}

/**
 * The tour being booked: picture, name, dates and the chosen variant ('Private room'); the
 * caller adds the money lines.
 */
export function BookingSummary({ tour, date, children }: BookingSummaryProps) {
  const image = tour.images[0];
  return (
    <aside className="booking-summary" aria-label="Your tour">
      {image && (
        <img
          className="booking-summary__image"
          src={imageUrl(image.image, '370x244')}
          alt=""
          width={370}
          height={244}
        />
      )}
      <div className="booking-summary__body">
        <h2 className="booking-summary__name">
          <Link to="/$slug" params={{ slug: tour.slug }}>
            {tour.name}
          </Link>
        </h2>
        <p className="booking-summary__meta">
          {date ? formatDateRange(date.start, date.end) : 'Dates on request'} ·{' '}
          {formatDuration(date?.duration ?? tour.duration)}
        </p>
        {date && formatVariant(date) && (
          <p className="booking-summary__variant">{formatVariant(date)}</p>
        )}
        {children}
      </div>
    </aside>
  );
}

/** A label and an amount in the summary's money list. */
export function SummaryLine({
  label,
  value,
  strong,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className={`booking-summary__line${strong ? ' booking-summary__line--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * Who a booking takes, riders and non-riders counted apart: "2 riders", "3 riders, 1 non-rider".
 * Without `non_riders` the tourists' `rides` say who is who.
 */
export function travellersText(booking: Pick<BookingRequest, 'tourists' | 'non_riders'>): string {
  const nonRiders =
    booking.non_riders ?? booking.tourists.filter((tourist) => tourist.rides === false).length;
  return partyText(booking.tourists.length - nonRiders, nonRiders);
}

/**
 * What a booking costs, as its riders and non-riders make it up: the price per rider and per
 * non-rider are the ones fixed at booking, so the lines add up to `price` exactly.
 */
export function BookingPriceLines({
  booking,
}: {
  booking: Pick<
    BookingRequest,
    'price' | 'currency' | 'tourists' | 'non_riders' | 'non_rider_price'
  >;
}) {
  const money = (amount: number) => formatPrice(amount, booking.currency);
  const nonRiders = booking.non_riders ?? 0;
  const riders = booking.tourists.length - nonRiders;
  if (nonRiders === 0 || booking.non_rider_price == null || riders <= 0) {
    return (
      <SummaryLine
        label={`Total for ${travellersText(booking)}`}
        value={money(booking.price)}
        strong
      />
    );
  }
  const nonRidersTotal = booking.non_rider_price * nonRiders;
  const ridersTotal = booking.price - nonRidersTotal;
  return (
    <>
      <SummaryLine
        label={`${money(ridersTotal / riders)} × ${countText('{count} rider(s)', riders)}`}
        value={money(ridersTotal)}
      />
      <SummaryLine
        label={`${money(booking.non_rider_price)} × ${countText('{count} non-rider(s)', nonRiders)}`}
        value={money(nonRidersTotal)}
      />
      <SummaryLine
        label={`Total for ${countText('{count} traveller(s)', booking.tourists.length)}`}
        value={money(booking.price)}
        strong
      />
    </>
  );
}
