import type { MeasurementSystem } from '@gallop/i18n';
import { SeasonMark } from '@gallop/ui-kit';
import { describeReason, type SeasonVerdict } from './season';

/**
 * The season check on a date (decision 117): a date in a poor month for riding says so, with why
 * in words in the visitor's units ('Hot: 34 °C highs'); any other date shows nothing.
 */
export function DateSeasonMark({
  verdict,
  system,
  className,
}: {
  verdict: SeasonVerdict | undefined;
  system: MeasurementSystem;
  className?: string;
}) {
  if (verdict?.rating !== 'poor') return null;
  return (
    <SeasonMark
      className={['date-season', className].filter(Boolean).join(' ')}
      reasons={verdict.reasons.map((reason) => describeReason(reason, system))}
    />
  );
}
