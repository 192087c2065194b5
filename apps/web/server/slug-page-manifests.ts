/**
 * `/{slug}` renders a tour page or a search page, each its own chunk loaded by the route
 * (src/routes/-slug/slug-pages.ts). The router manifest cannot know which, so the server picks one
 * of two manifests by the address: the page's stylesheet then arrives with the HTML (no unstyled
 * first paint and no layout shift when it lands) and its chunk is preloaded for hydration.
 */
import type { RouterManifest } from '../src/entry-server';
import { withModuleAssets, type ViteManifest } from './router-manifest';

const SLUG_ROUTE_ID = '/$slug';
export const SLUG_PAGE_MODULES = {
  tour: 'src/features/tour/components/tour-page/tour-page.tsx',
  search: 'src/features/search/components/search-page/search-page.tsx',
} as const;

/** A one-segment path ending in `-<number>` is a tour (docs/product.md, Routes); others search. */
const TOUR_PATH = /^\/[^/]*-\d+\/?$/;

export function slugPageManifests(
  viteManifest: ViteManifest,
  manifest: RouterManifest,
  /** A last step for both manifests (production: `withEntryAfterLargestPaint`). */
  finish: (manifest: RouterManifest) => RouterManifest = (ready) => ready,
): (pathname: string) => RouterManifest {
  const page = (module: string) =>
    finish(withModuleAssets(manifest, viteManifest, SLUG_ROUTE_ID, module));
  const tour = page(SLUG_PAGE_MODULES.tour);
  const search = page(SLUG_PAGE_MODULES.search);
  // Other routes never match `/$slug`, so its extra assets are never emitted for them.
  return (pathname) => (TOUR_PATH.test(pathname) ? tour : search);
}
