import { formatPrice } from '@gallop/currency';
import { Button } from '@gallop/ui-kit';
import { useState } from 'react';
import { ButtonLink } from '../../../../components/button-link/button-link';
import {
  formatDateChoice,
  formatDateRange,
  formatDiscount,
  formatDuration,
  formatFreeSeats,
  formatPrepayment,
  isBookable,
  type TourDate,
} from '../../format';
import { DateGroupMeter } from '../../../../lib/date-group-meter';
import { noHorseOnDate, type TourRidingBrief } from '../../../../lib/rider-fit';
import { useVisitorPassport } from '../../../../lib/visitor-passport';
import { useBookingBase } from '../../../../lib/use-booking-base';
import { bookingRequestHref } from '../tour-booking/booking-link';
import './tour-dates.css';

/** Dates shown before 'Show all dates'. */
export const TOUR_DATES_SHOWN = 6;

export interface TourDatesProps {
  tourId: number;
  dates: readonly TourDate[];
  /** With the tour's riding, a date without a horse for the passport's weight says so. */
  riding?: TourRidingBrief | undefined;
}

type NoHorse = (date: TourDate) => boolean;

const horsesUnknown: NoHorse = () => false;

/**
 * Dates and variants with their prices, terms, seats and flags; each can be requested. Variants
 * of the same days ('Shared room', 'Private room') say which they are.
 */
export function TourDates({ riding, ...props }: TourDatesProps) {
  return riding ? (
    <PassportTourDates {...props} riding={riding} />
  ) : (
    <TourDatesTable {...props} noHorse={horsesUnknown} />
  );
}

/**
 * The dates, each marked when the weight of the visitor's rider passport needs a heavier horse
 * and the date has none left (after hydration: the server render knows no passport).
 */
function PassportTourDates({ riding, ...props }: TourDatesProps & { riding: TourRidingBrief }) {
  const { ready, passport } = useVisitorPassport();
  const weight = ready ? (passport?.weightKg ?? null) : null;
  const noHorse: NoHorse = (date) =>
    weight !== null && noHorseOnDate(weight, riding, date.heavy_places_free);
  return <TourDatesTable {...props} noHorse={noHorse} />;
}

function TourDatesTable({
  tourId,
  dates,
  noHorse,
}: Omit<TourDatesProps, 'riding'> & { noHorse: NoHorse }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? dates : dates.slice(0, TOUR_DATES_SHOWN);
  return (
    <div className="tour-dates">
      <table className="tour-dates__table">
        <thead>
          <tr>
            <th scope="col">Dates</th>
            <th scope="col">Price per person</th>
            <th scope="col">Payment</th>
            <th scope="col">Seats</th>
            <th scope="col">
              <span className="tour-sr-only">Request</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((date) => (
            <TourDateRow key={date.id} tourId={tourId} date={date} noHorse={noHorse(date)} />
          ))}
        </tbody>
      </table>
      {dates.length > shown.length && (
        <Button onClick={() => setShowAll(true)} className="tour-dates__more">
          {`Show all ${dates.length} dates`}
        </Button>
      )}
    </div>
  );
}

function TourDateRow({
  tourId,
  date,
  noHorse,
}: {
  tourId: number;
  date: TourDate;
  /** The passport's weight needs a heavier horse and none is free on this date. */
  noHorse: boolean;
}) {
  const base = useBookingBase();
  const discount = formatDiscount(date);
  const bookable = isBookable(date);
  const oldPrice =
    date.price_without_discount !== undefined && date.price_without_discount > date.price
      ? date.price_without_discount
      : undefined;
  const flags = [
    date.is_busy && { key: 'busy', text: 'Busy', tone: 'warning' },
    date.not_guaranteed && { key: 'not-guaranteed', text: 'Not guaranteed yet', tone: 'muted' },
    date.flight_included && { key: 'flight', text: 'Flight included', tone: 'info' },
    noHorse && { key: 'no-horse', text: 'No horse for your weight on this date', tone: 'danger' },
  ].filter((flag) => typeof flag === 'object');
  return (
    <tr className={`tour-dates__row${bookable ? '' : ' tour-dates__row--closed'}`}>
      <td className="tour-dates__when" data-label="Dates">
        <strong>{formatDateRange(date.start, date.end)}</strong>
        {date.variant_name && <span className="tour-dates__variant">{date.variant_name}</span>}
        <span className="tour-dates__duration">{formatDuration(date.duration)}</span>
        {flags.length > 0 && (
          <span className="tour-dates__flags">
            {flags.map((flag) => (
              <span key={flag.key} className={`tour-badge tour-badge--${flag.tone}`}>
                {flag.text}
              </span>
            ))}
          </span>
        )}
        <DateGroupMeter date={date} />
      </td>
      <td className="tour-dates__price" data-label="Price per person">
        <strong className="tour-dates__amount">{formatPrice(date.price, date.currency)}</strong>
        {oldPrice !== undefined && (
          <s className="tour-dates__old-price">
            <span className="tour-sr-only">Was </span>
            {formatPrice(oldPrice, date.currency)}
          </s>
        )}
        {discount && <span className="tour-badge tour-badge--discount">{discount}</span>}
      </td>
      <td className="tour-dates__terms" data-label="Payment">
        {formatPrepayment(date)}
      </td>
      <td className="tour-dates__seats" data-label="Seats">
        <span className={date.number_of_free_seats === 0 ? 'tour-dates__sold-out' : undefined}>
          {formatFreeSeats(date)}
        </span>
        {date.number_of_seats !== undefined && (
          <span className="tour-dates__capacity">of {date.number_of_seats}</span>
        )}
      </td>
      <td className="tour-dates__action">
        {bookable ? (
          <ButtonLink
            theme="primary"
            size="sm"
            href={bookingRequestHref(tourId, date.id, base)}
            aria-label={`Request booking for ${formatDateChoice(date)}`}
          >
            Request
          </ButtonLink>
        ) : (
          <span className="tour-dates__unavailable">Unavailable</span>
        )}
      </td>
    </tr>
  );
}
