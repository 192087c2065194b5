import {
  formatWeight,
  formatWeightLimit,
  needsHeavyHorse,
  type RiderLevel as Level,
} from '@gallop/rider-fit';
import { RiderLevelBadge } from '@gallop/ui-kit';
import { useWeightUnit } from '../../../../lib/weight-unit';
import './rider-facts.css';

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
