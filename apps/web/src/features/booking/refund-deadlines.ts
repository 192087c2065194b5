import { refundDeadlinesLine, type CancellationTier } from '@gallop/booking-rules';
import { formatInstant } from '../../lib/instant-format';
import { useViewerTimeZone } from '../../lib/viewer-time-zone';

/**
 * The policy's days for one date (`refundDeadlinesLine`, decision 208) with each moment in the
 * viewer's zone: "For this date: everything back if you cancel before 19:00 EST, 19 Feb 2027; …".
 */
export function useRefundDeadlinesText(
  tiers: readonly CancellationTier[] | undefined,
  start: string | undefined,
  today: string,
): string | undefined {
  const timeZone = useViewerTimeZone();
  if (!tiers || !start) return undefined;
  return refundDeadlinesLine(
    tiers,
    start,
    today,
    (moment) => formatInstant(moment, timeZone) ?? moment,
  );
}
