/**
 * Dates shown beside long-form content (a post's publication, an article's update, a legal
 * version's effective date): '1 August 2026'. Read in UTC so the server and the browser print the
 * same day whatever their time zones (otherwise hydration would see two different texts).
 */
const CONTENT_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-08-01` or an ISO date-time -> '1 August 2026'; an unreadable value is shown as given. */
export function formatContentDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : CONTENT_DATE.format(date);
}
