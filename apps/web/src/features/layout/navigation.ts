import { organizerLinks } from '../../lib/site';

/** The site's main sections (header and mobile menu). */
export const MAIN_NAVIGATION = [
  { href: '/destinations', label: 'Destinations' },
  { href: '/collections', label: 'Collections' },
  { href: '/tour-providers', label: 'Tour providers' },
  { href: '/blog', label: 'Blog' },
  { href: '/help-center', label: 'Help center' },
] as const;

/** Organizer entry points: the external back office (docs/product.md, Who it is for, {host}). */
export function organizerNavigation(organizerUrl: string) {
  const links = organizerLinks(organizerUrl);
  return [
    { href: links.login, label: 'Provider login' },
    { href: links.register, label: 'Become a provider' },
  ] as const;
}

/** A signed-in organizer's entry: their tours' bookings in this site's organizer area. */
export const ORGANIZER_AREA = { href: '/partner/bookings', label: 'Your tour bookings' } as const;
