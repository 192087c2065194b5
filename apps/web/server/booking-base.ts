/**
 * Checks `BOOKING_BASE_PATH` (src/lib/booking-base.ts) when the server starts. Kept out of the
 * browser bundle: only the server validates its settings.
 */

/**
 * A single lowercase path segment. First segments the app already uses are refused: the base
 * would hide their pages.
 */
const BOOKING_BASE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/** First path segments of other pages and of the API proxy (see src/routes and server/proxy.ts). */
export const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  'about',
  'agreement',
  'arrival',
  'assets',
  'blog',
  'bookings',
  'builds',
  'chat',
  'collections',
  'contacts',
  'cookie-policy',
  'crm',
  'destinations',
  'email-confirm',
  'employees-cookie',
  'favorites',
  'follow',
  'healthz',
  'help-center',
  'join',
  'login',
  'login-via-token',
  'media',
  'meet',
  'node-api',
  'order',
  'partner',
  'payment-failed',
  'privacy',
  'r',
  'redirect',
  'register',
  'review',
  'rider-passport',
  'robots.txt',
  'safety-rules',
  'settings',
  'sitemap',
  'sitemap.xml',
  'socket.io',
  'spa',
  'success',
  'tg',
  'tour-provider',
  'tour-provider-agreement',
  'tour-providers',
  'tour-selection',
  'unfollow',
]);

/** Why a base cannot be used, or undefined when it can. */
export function bookingBaseProblem(base: string): string | undefined {
  if (!BOOKING_BASE_PATTERN.test(base)) {
    return 'a single lowercase path segment (a-z, 0-9 and inner dashes), e.g. booking or trips';
  }
  if (RESERVED_FIRST_SEGMENTS.has(base)) return `"${base}" is the address of another page`;
  return undefined;
}
