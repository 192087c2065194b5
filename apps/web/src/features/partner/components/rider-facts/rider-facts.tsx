import {
  ageOn,
  formatWeight,
  formatWeightLimit,
  isRiderLevel,
  isTack,
  needsHeavyHorse,
  TACK_LABELS,
  type RiderLevel as Level,
  type RiderProfile,
  type Tack,
} from '@gallop/rider-fit';
import { FitIndicator, RiderLevelBadge } from '@gallop/ui-kit';
import { tourFit, type TourRidingBrief } from '../../../../lib/rider-fit';
import { useWeightUnit } from '../../../../lib/weight-unit';
import type { OrganizerBooking } from '../../api';
import './rider-facts.css';

type Tourist = OrganizerBooking['tourists'][number];

const NOT_GIVEN = 'Not given';

/** A rider's level as the traveller gave it (a badge), or "Not given". */
export function RiderLevel({ level }: { level: Level | null | undefined }) {
  return level ? <RiderLevelBadge level={level} size="sm" /> : <>{NOT_GIVEN}</>;
}

/**
 * A rider's weight in the reader's unit ("82 kg", "181 lb"), and with the tour's standard limit
 * a note when the rider takes one of the date's heavier horses. Without the limit (the page does not have it), the weight alone.
 */
export function RiderWeight({
  weight,
  maxRiderWeightKg,
}: {
  weight: number | null | undefined;
  maxRiderWeightKg?: number | undefined;
}) {
  const unit = useWeightUnit();
  if (weight === null || weight === undefined) return <>{NOT_GIVEN}</>;
  const heavy =
    maxRiderWeightKg !== undefined &&
    maxRiderWeightKg > 0 &&
    needsHeavyHorse(weight, { maxRiderWeightKg });
  return (
    <>
      {formatWeight(weight, unit)}
      {heavy && (
        <span className="rider-facts__heavy">{`Heavier horse: above ${formatWeightLimit(maxRiderWeightKg, unit)}`}</span>
      )}
    </>
  );
}

/** A rider's usual tack as the traveller gave it ("Western", "Other"), or "Not given". */
export function RiderTack({ tack }: { tack: Tack | null | undefined }) {
  if (!tack || !isTack(tack)) return <>{NOT_GIVEN}</>;
  // The column says "tack": "Other", as the passport's field offers it, not "Other tack".
  return <>{tack === 'other' ? 'Other' : TACK_LABELS[tack]}</>;
}

/** The hours a day a rider is comfortable riding ("3.5 h"), or "Not given". */
export function RiderHours({ hours }: { hours: number | null | undefined }) {
  return <>{hours === null || hours === undefined ? NOT_GIVEN : `${hours} h`}</>;
}

/** What rider fit matches of a booking's rider: level, tack, hours, weight and age on `firstDay`. */
function bookedRiderProfile(rider: Tourist, firstDay: string): RiderProfile {
  return {
    level: isRiderLevel(rider.level) ? rider.level : undefined,
    tack: isTack(rider.tack) ? rider.tack : undefined,
    hoursPerDay: rider.hours_per_day ?? undefined,
    weightKg: rider.weight ?? undefined,
    age: ageOn(rider.birthday, firstDay),
  };
}

const RIDER_LABELS = { fits: 'Fits' } as const;

/**
 * How a booked rider fits the tour (`matchRider` of @gallop/rider-fit, the rule the cards, the tour
 * page and the booking form use): fits, a stretch or not suitable with the most important reason
 * in one line, naming the rider ("Sam weighs 102 kg"). The heavier horse a rider above the
 * standard limit needs is already held by the booking, so places are not counted again. A rider
 * who gave nothing it matches on has no fit: "Not given".
 */
export function BookedRiderFit({
  rider,
  riding,
  firstDay,
}: {
  rider: Tourist;
  riding: TourRidingBrief;
  firstDay: string;
}) {
  const weightUnit = useWeightUnit();
  const profile = bookedRiderProfile(rider, firstDay);
  if (Object.values(profile).every((value) => value === undefined)) return <>{NOT_GIVEN}</>;
  const fit = tourFit(profile, riding, { weightUnit, riderName: rider.first_name });
  return (
    <FitIndicator
      className="rider-facts__fit"
      verdict={fit.verdict}
      reason={fit.reason}
      labels={RIDER_LABELS}
    />
  );
}
