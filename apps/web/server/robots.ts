/**
 * Pages robots should skip: signed-in and transactional pages (spec section 2.1). The booking
 * base ({base}, default `booking`) holds the booking, pay and QR pages.
 */
export const PRIVATE_PATHS = [
  '/settings',
  '/chat',
  '/booking',
  '/pay',
  '/email-confirm',
  '/login-via-token',
  '/order',
  '/arrival',
  '/review',
  '/payment-failed',
  '/success',
  '/tg',
  '/employees-cookie',
] as const;

/** `robots.txt`: everything else is open, and the sitemap is announced with its full address. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
