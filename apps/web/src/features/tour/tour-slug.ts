/**
 * Tour pages are `/{slug}` where the slug ends in a dash and a number (docs/product.md, Routes).
 */
const TOUR_SLUG = /-\d+$/;

/**
 * Whether `/{slug}` is a tour page (else a search page). A module of its own: the route tree
 * needs it in the first load, the tour's queries (`./api.ts`) only with the page.
 */
export function isTourSlug(slug: string): boolean {
  return TOUR_SLUG.test(slug);
}
