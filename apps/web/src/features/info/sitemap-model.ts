import type { components } from '@gallop/api-client';

type SitemapEntry = components['schemas']['SitemapEntry'];

interface SitemapLink {
  href: string;
  text: string;
}

export interface SitemapGroup {
  title: string;
  links: SitemapLink[];
}

/** The site's own pages, by theme (docs/product.md, Routes). */
export const STATIC_SITEMAP_GROUPS: readonly SitemapGroup[] = [
  {
    title: 'Travel',
    links: [
      { href: '/', text: 'Home' },
      { href: '/tours', text: 'All tours' },
      { href: '/destinations', text: 'Destinations' },
      { href: '/collections', text: 'Collections' },
      { href: '/tour-providers', text: 'Tour providers' },
      { href: '/favorites', text: 'Favourites' },
    ],
  },
  {
    title: 'Read and ask',
    links: [
      { href: '/blog', text: 'Blog' },
      { href: '/help-center', text: 'Help center' },
      { href: '/contacts', text: 'Contacts' },
      { href: '/about', text: 'About Gallop' },
      { href: '/join', text: 'Join as a provider' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/agreement', text: 'Terms of use' },
      { href: '/privacy', text: 'Privacy policy' },
      { href: '/cookie-policy', text: 'Cookie policy' },
      { href: '/tour-provider-agreement', text: 'Tour provider agreement' },
      { href: '/safety-rules', text: 'Safety rules' },
    ],
  },
];

/** The entries without a group of their own. */
export const UNGROUPED_TITLE = 'More tour searches';

/** SEO search pages grouped as the API labels them, groups in the order they first appear. */
export function groupSitemapEntries(entries: readonly SitemapEntry[]): SitemapGroup[] {
  const groups = new Map<string, SitemapLink[]>();
  for (const entry of entries) {
    const title = entry.group?.trim() || UNGROUPED_TITLE;
    const links = groups.get(title) ?? [];
    if (!groups.has(title)) groups.set(title, links);
    links.push({ href: entry.url, text: entry.title });
  }
  return [...groups].map(([title, links]) => ({ title, links }));
}

/** A stable id for a group heading ('Popular searches' -> 'sitemap-popular-searches'). */
export function groupAnchor(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `sitemap-${slug || 'group'}`;
}
