import { refundDeadlines, type CancellationTier } from '@gallop/booking-rules';
import { formatInstant } from '../../lib/instant-format';
import { useViewerTimeZone } from '../../lib/viewer-time-zone';

/** A share of what was paid, as the policy's lines say it. */
const share = (percent: number) => (percent === 100 ? 'everything back' : `${percent}% back`);

/**
 * The policy's days for one date, in one sentence (decision 208): "For this date: everything back
 * if you cancel before 00:00 UTC, 20 Feb 2027; 50% back before 00:00 UTC, 8 Mar 2027; nothing
 * after." Each moment is written by `format` (the viewer's zone on the page). Undefined when
 * nothing would come back already.
 */
export function refundDeadlinesText(
  tiers: readonly CancellationTier[],
  start: string,
  today: string,
  format: (isoDateTime: string) => string | undefined,
): string | undefined {
  const deadlines = refundDeadlines(tiers, start, today);
  if (deadlines.length === 0) return undefined;
  const steps = deadlines.map(({ before, percent }, index) => {
    const moment = format(`${before}T00:00:00.000Z`) ?? before;
    return index === 0
      ? `${share(percent)} if you cancel before ${moment}`
      : `${share(percent)} before ${moment}`;
  });
  return `For this date: ${steps.join('; ')}; nothing after.`;
}

/** `refundDeadlinesText` with the moments in the viewer's zone. */
export function useRefundDeadlinesText(
  tiers: readonly CancellationTier[] | undefined,
  start: string | undefined,
  today: string,
): string | undefined {
  const timeZone = useViewerTimeZone();
  if (!tiers || !start) return undefined;
  return refundDeadlinesText(tiers, start, today, (moment) => formatInstant(moment, timeZone));
}
