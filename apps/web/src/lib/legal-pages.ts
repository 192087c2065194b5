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

/** The kinds the site info lists as published; undefined while it is unknown (API unreachable). */
function usePublishedLegalKinds(): readonly LegalKind[] | undefined {
  return useSiteInfo()?.legal_documents;
}

/**
 * Whether a link may be shown: any link but a legal page's, and a legal page's when the site
 * info lists its document as published. A fresh deployment has none until its operator publishes
 * them (decision 166), and a link to a 404 page helps nobody; without the site info (the API
 * unreachable) no legal page is linked either.
 */
export function useLinkablePage(): (href: string) => boolean {
  const published = usePublishedLegalKinds();
  return (href) => {
    const kind = KIND_OF_PAGE[href];
    return kind === undefined || (published?.includes(kind) ?? false);
  };
}

/** The pages of the documents a form asks the visitor to accept: the terms and the privacy policy. */
export interface ConsentPages {
  termsUrl: '/agreement' | undefined;
  privacyUrl: '/privacy' | undefined;
}

/**
 * The terms' and privacy policy's pages for a form's consent line, each only while its document
 * is published, read as the footer reads it: a form never asks to accept a text the site does not
 * have, nor links its 404 page. While the site info is unknown (the API unreachable) both are
 * asked for, unlike the footer's links: a form that may send must not drop a consent the operator
 * requires. Decision 169.
 */
export function useConsentPages(): ConsentPages {
  const published = usePublishedLegalKinds();
  const asked = (kind: LegalKind) => published?.includes(kind) ?? true;
  return {
    termsUrl: asked('terms') ? '/agreement' : undefined,
    privacyUrl: asked('privacy') ? '/privacy' : undefined,
  };
}
