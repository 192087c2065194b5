import {
  ageOn,
  formatWeightLimit,
  needsHeavyHorse,
  type RiderFit,
  type WeightUnit,
} from '@gallop/rider-fit';
import { RiderFitDetails } from '../../../../components/rider-fit-details';
import { tourFit } from '../../../../lib/rider-fit';
import { useWeightUnit } from '../../../../lib/weight-unit';
import type { RelatedBooking } from '../../api';

type Rider = RelatedBooking['tourists'][number];

/**
 * Each rider of the booking against its tour's riding requirements as the tour card states them
 * (`@gallop/rider-fit`, the match the traveller saw when booking): who does not fit or is a
 * stretch, and why. A booked rider keeps the heavier horse they hold, so no heavier-horse count is
 * given (weight is checked against the limits only). A booking's riders keep no tack nor hours in
 * the saddle (the booking form matched them from the traveller's passport, but the booking does
 * not store them): level, age and weight are what can be checked.
 */
function ridersFit(
  booking: Pick<RelatedBooking, 'tour' | 'tourists' | 'tour_date' | 'created_at'>,
  weightUnit?: WeightUnit,
): { rider: Rider; fit: RiderFit | undefined }[] {
  const firstDay = booking.tour_date?.start ?? booking.created_at;
  return booking.tourists
    .filter((rider) => rider.rides !== false)
    .map((rider) => ({
      rider,
      // Without a level the main check cannot be made: said so, not called a fit.
      fit: rider.level
        ? tourFit(
            {
              level: rider.level,
              weightKg: rider.weight ?? undefined,
              age: ageOn(rider.birthday, firstDay),
            },
            booking.tour.riding,
            { weightUnit, riderName: rider.first_name || rider.full_name },
          )
        : undefined,
    }));
}

/**
 * How each rider of a booking fits its tour, above the organizer's answer in the chat: a verdict
 * for every rider, the reasons of any who do not fit or stretch the tour.
 */
export function RidersFit({ booking }: { booking: RelatedBooking }) {
  const weightUnit = useWeightUnit();
  // A card without riding requirements (the contract always has them; a test's partial card)
  // shows nothing.
  const riding = booking.tour.riding as RelatedBooking['tour']['riding'] | undefined;
  if (!riding) return null;
  const riders = ridersFit(booking, weightUnit);
  if (riders.length === 0) return null;
  return (
    <section
      className="chat-riders-fit"
      aria-label={`How the riders of booking #${booking.id} fit`}
    >
      <ul className="chat-riders-fit__list">
        {riders.map(({ rider, fit }, index) => (
          <li key={rider.id ?? index} className="chat-riders-fit__rider">
            <span className="chat-riders-fit__name">{rider.full_name}</span>
            <span className="chat-riders-fit__verdict">
              {fit ? (
                <RiderFitDetails fit={fit} ofRider />
              ) : (
                <span className="chat-riders-fit__unknown">Level not given</span>
              )}
              {/* Not a reason against the rider (their place is held), but a horse to saddle. */}
              {rider.weight !== null &&
                rider.weight !== undefined &&
                needsHeavyHorse(rider.weight, { maxRiderWeightKg: riding.max_rider_weight_kg }) && (
                  <span className="chat-riders-fit__heavy">
                    {`Heavier horse: above ${formatWeightLimit(riding.max_rider_weight_kg, weightUnit)}`}
                  </span>
                )}
            </span>
          </li>
        ))}
      </ul>
      <p className="chat-riders-fit__note">
        Checked against the tour’s level, age and weight limits.
      </p>
    </section>
  );
}
