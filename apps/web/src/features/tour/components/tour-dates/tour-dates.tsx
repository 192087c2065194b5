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
import { DateSeasonMark } from '../../../../lib/date-season-mark';
import type { MeasurementSystem } from '@gallop/i18n';
import type { SeasonVerdict } from '../../../../lib/season';
import { useDateSeason, type ClimatePlace } from '../../../../lib/tour-climate';
import type { TourRidingBrief } from '../../../../lib/rider-fit';
import { horsesUnknown, noHorseFor, usePassportWeight, type NoHorse } from '../../horse-dates';
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
  /**
   * Where the tour's climate is read: a date in a poor month for riding says why (after
   * hydration: the climate is asked by the browser, decision 117).
   */
  place?: { start_city?: ClimatePlaceName; countries?: readonly ClimatePlaceName[] } | undefined;
}

type ClimatePlaceName = Pick<ClimatePlace, 'id' | 'name'>;

/**
 * Dates and variants with their prices, terms, seats and flags; each can be requested. Variants
 * of the same days ('Shared room', 'Private room') say which they are.
 */
export function TourDates({ place, ...props }: TourDatesProps) {
  return place ? (
    <SeasonTourDates {...props} place={place} />
  ) : (
    <RidingTourDates {...props} season={seasonUnknown} />
  );
}

/** The dates, each in a poor month for riding marked with why, once the climate is known. */
function SeasonTourDates({
  place,
  ...props
}: Omit<TourDatesProps, 'place'> & { place: NonNullable<TourDatesProps['place']> }) {
  const season = useDateSeason(place);
  return <RidingTourDates {...props} season={season} />;
}

function RidingTourDates({ riding, ...props }: Omit<TourDatesProps, 'place'> & { season: Season }) {
  return riding ? (
    <PassportTourDates {...props} riding={riding} />
  ) : (
    <TourDatesTable {...props} noHorse={horsesUnknown} />
  );
}

interface Season {
  seasonOf: (date: TourDate) => SeasonVerdict | undefined;
  system: MeasurementSystem;
}

const seasonUnknown: Season = { seasonOf: () => undefined, system: 'metric' };

/**
 * The dates, each marked when the weight of the visitor's rider passport needs a heavier horse
 * and the date has none left (after hydration: the server render knows no passport).
 */
function PassportTourDates({
  riding,
  ...props
}: Omit<TourDatesProps, 'place'> & { riding: TourRidingBrief; season: Season }) {
  const noHorse = noHorseFor(usePassportWeight(), riding);
  return <TourDatesTable {...props} noHorse={noHorse} />;
}

function TourDatesTable({
  tourId,
  dates,
  noHorse,
  season,
}: Omit<TourDatesProps, 'riding' | 'place'> & { noHorse: NoHorse; season: Season }) {
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
            <TourDateRow
              key={date.id}
              tourId={tourId}
              date={date}
              noHorse={noHorse(date)}
              season={season.seasonOf(date)}
              system={season.system}
            />
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
  season,
  system,
}: {
  tourId: number;
  date: TourDate;
  /** The passport's weight needs a heavier horse and none is free on this date. */
  noHorse: boolean;
  /** How the date's months suit riding, once the climate is known. */
  season: SeasonVerdict | undefined;
  system: MeasurementSystem;
}) {
  const base = useBookingBase();
  // A date called off as a whole (decision 148) does not run: no offer, no guarantee to wait for.
  const cancelled = date.cancelled === true;
  const discount = cancelled ? undefined : formatDiscount(date);
  const bookable = isBookable(date);
  const oldPrice =
    !cancelled &&
    date.price_without_discount !== undefined &&
    date.price_without_discount > date.price
      ? date.price_without_discount
      : undefined;
  const flags = (
    cancelled
      ? [{ key: 'cancelled', text: 'Cancelled by the organizer', tone: 'danger' }]
      : [
          date.is_busy && { key: 'busy', text: 'Busy', tone: 'warning' },
          date.not_guaranteed && {
            key: 'not-guaranteed',
            text: 'Not guaranteed yet',
            tone: 'muted',
          },
          date.flight_included && { key: 'flight', text: 'Flight included', tone: 'info' },
          noHorse && {
            key: 'no-horse',
            text: 'No horse for your weight on this date',
            tone: 'danger',
          },
        ]
  ).filter((flag) => typeof flag === 'object');
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
        {!cancelled && (
          <>
            <DateSeasonMark verdict={season} system={system} className="tour-dates__season" />
            <DateGroupMeter date={date} />
          </>
        )}
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
        {date.is_busy ? (
          // The organizer closed the date: its free seats cannot be booked, so none are offered.
          <span className="tour-dates__sold-out">Not taking bookings</span>
        ) : (
          <>
            <span className={date.number_of_free_seats === 0 ? 'tour-dates__sold-out' : undefined}>
              {formatFreeSeats(date)}
            </span>
            {date.number_of_seats !== undefined && (
              <span className="tour-dates__capacity">of {date.number_of_seats}</span>
            )}
          </>
        )}
      </td>
      <td className="tour-dates__action">
        {bookable ? (
          <ButtonLink
            theme="primary"
            size="sm"
            href={bookingRequestHref(tourId, date, base)}
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
