/**
 * Pages robots should skip: signed-in and transactional pages (docs/product.md, Routes). The
 * booking base ({base}, default `booking`) holds the booking, pay and QR pages.
 */
export const PRIVATE_PATHS = [
  '/settings',
  '/chat',
  '/meet',
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
  '/unfollow',
  '/follow',
  '/partner',
  '/tour-selection',
] as const;

/** `robots.txt`: everything else is open, and the sitemap is announced with its full address. */
export function robotsTxt(origin: string, bookingBase = 'booking'): string {
  const paths = PRIVATE_PATHS.includes(`/${bookingBase}` as (typeof PRIVATE_PATHS)[number])
    ? PRIVATE_PATHS
    : [...PRIVATE_PATHS, `/${bookingBase}`];
  return [
    'User-agent: *',
    'Allow: /',
    ...paths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
