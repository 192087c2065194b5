/**
 * How the web writes an instant (a deadline, the end of a hold): '10:54 CET, 6 Dec 2026', always
 * with its zone (decision 153), so a page and an e-mail that says '09:54 UTC' are plainly the same
 * moment. Pages write it in the viewer's zone (`useViewerTimeZone`: the settings' zone when signed
 * in with one, else the browser's once hydrated and UTC before), as the chat does.
 */
import { useViewerTimeZone } from './viewer-time-zone';

// Fixed month names and numeric parts: ICU versions differ in punctuation, which would break
// hydration (see lib/tour-format.ts).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A zone's offset written as a name, not an abbreviation: 'GMT+9', 'GMT-5', 'GMT+5:30'. */
const OFFSET_NAME = /^GMT[+\-\u2212]/;

function zoneNameIn(locale: string, moment: Date, timeZone: string): string | undefined {
  return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(moment)
    .find((part) => part.type === 'timeZoneName')?.value;
}

/**
 * The zone's short name at that moment: 'CET' or 'CEST', 'GMT' or 'BST', 'EST', 'UTC', else its
 * offset ('GMT+9'). British English names the European zones, American English the American ones.
 */
export function zoneName(moment: Date, timeZone: string): string {
  if (timeZone === 'UTC') return 'UTC';
  const british = zoneNameIn('en-GB', moment, timeZone);
  if (british && !OFFSET_NAME.test(british)) return british;
  const american = zoneNameIn('en-US', moment, timeZone);
  return american && !OFFSET_NAME.test(american) ? american : (british ?? american ?? timeZone);
}

/**
 * '10:54 CET, 6 Dec 2026': `isoDateTime` in `timeZone` with the zone named; undefined for a value
 * that is not a date-time. An unknown zone writes UTC.
 */
export function formatInstant(isoDateTime: string, timeZone: string): string | undefined {
  const moment = new Date(isoDateTime);
  if (Number.isNaN(moment.getTime())) return undefined;
  let parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  try {
    parts = Object.fromEntries(
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
  } catch {
    return timeZone === 'UTC' ? undefined : formatInstant(isoDateTime, 'UTC');
  }
  const month = MONTHS[Number(parts.month) - 1];
  const zone = zoneName(moment, timeZone);
  return `${parts.hour}:${parts.minute} ${zone}, ${Number(parts.day)} ${month} ${parts.year}`;
}

/**
 * `formatInstant` in the viewer's zone (`useViewerTimeZone`). The server render has the profile,
 * so its HTML and the render that hydrates write the same zone; without a saved one, UTC until
 * hydrated, then the browser's.
 */
export function useFormattedInstant(isoDateTime: string | null | undefined): string | undefined {
  const timeZone = useViewerTimeZone();
  return isoDateTime ? formatInstant(isoDateTime, timeZone) : undefined;
}
