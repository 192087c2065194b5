/** When an unpaid booking's seats are released (`hold_until`), in words. */
import { useHydrated } from '../../lib/use-hydrated';

// Fixed month names and numeric parts: ICU versions differ in punctuation, which would break
// hydration (see lib/tour-format.ts).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '14:30, 15 Dec 2026' in `timeZone`; undefined for a value that is not a date-time. */
function formatMoment(isoDateTime: string, timeZone: string): string | undefined {
  const moment = new Date(isoDateTime);
  if (Number.isNaN(moment.getTime())) return undefined;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.hour}:${parts.minute}, ${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}`;
}

/**
 * `hold_until` in the traveller's own time. The server and the hydrating render do not know the
 * browser's zone: they say UTC, and the next render the local time.
 */
export function useHoldUntil(holdUntil: string | null | undefined): string | undefined {
  const hydrated = useHydrated();
  if (!holdUntil) return undefined;
  if (!hydrated) {
    const utc = formatMoment(holdUntil, 'UTC');
    return utc && `${utc} UTC`;
  }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return formatMoment(holdUntil, zone);
}
