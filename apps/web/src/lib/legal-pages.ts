import type { components } from '@gallop/api-client';
import { useSiteInfo } from './site-info';

type LegalKind = components['schemas']['LegalKind'];

/**
 * The legal pages and the document each shows: the four of docs/product.md, Routes, and the Cookie
 * Policy the privacy policy cites (decision 103). Here, not in the legal feature: the footer, the
 * cookie alert and the sitemap page check their links against it (decision 166).
 */
export const LEGAL_PAGES = {
  '/agreement': 'terms',
  '/tour-provider-agreement': 'offer',
  '/privacy': 'privacy',
  '/safety-rules': 'safety_rules',
  '/cookie-policy': 'cookies',
} as const satisfies Record<string, LegalKind>;

export type LegalPath = keyof typeof LEGAL_PAGES;

const KIND_OF_PAGE: Readonly<Record<string, LegalKind | undefined>> = LEGAL_PAGES;

/**
 * Whether a link may be shown: any link but a legal page's, and a legal page's when the site
 * info lists its document as published. A fresh deployment has none until its operator publishes
 * them (decision 166), and a link to a 404 page helps nobody; without the site info (the API
 * unreachable) no legal page is linked either.
 */
export function useLinkablePage(): (href: string) => boolean {
  const published = useSiteInfo()?.legal_documents;
  return (href) => {
    const kind = KIND_OF_PAGE[href];
    return kind === undefined || (published?.includes(kind) ?? false);
  };
}
