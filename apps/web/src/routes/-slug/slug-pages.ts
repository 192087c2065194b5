import type * as SearchPageModule from '../../features/search/components/search-page/search-page';
import type * as TourPageModule from '../../features/tour/components/tour-page/tour-page';

/**
 * `/{slug}` is either a tour page or a search page (docs/product.md, Routes), and the two share
 * almost no code: each loads as its own chunk, so the route chunk stays small and a tour page never
 * downloads the search filters (and the other way round).
 *
 * The page module must be in memory before React renders the route, on the server and while the
 * browser hydrates, or React would suspend and show nothing where the server's HTML was. So the
 * loader awaits it for navigations, and the router's `hydrate` awaits it for the page the server
 * rendered.
 */

export type SlugPageKind = 'tour' | 'search';

const loaded: { tour?: typeof TourPageModule; search?: typeof SearchPageModule } = {};

/** Loads the page module of one kind (once; later calls resolve at once). */
export async function loadSlugPage(kind: SlugPageKind): Promise<void> {
  if (kind === 'tour') {
    loaded.tour ??= await import('../../features/tour/components/tour-page/tour-page');
  } else {
    loaded.search ??= await import('../../features/search/components/search-page/search-page');
  }
}

/**
 * The page kind the server rendered for `/{slug}`, if it did: it travels with the dehydrated
 * router so the browser loads that module before hydrating (see `hydrate` in src/router.tsx).
 */
export function renderedSlugPage(
  matches: ReadonlyArray<{ routeId: string; loaderData?: unknown }>,
): SlugPageKind | undefined {
  const match = matches.find((candidate) => candidate.routeId === '/$slug');
  const kind = (match?.loaderData as { kind?: unknown } | undefined)?.kind;
  return kind === 'tour' || kind === 'search' ? kind : undefined;
}

/** The loaded page components; the route renders only after {@link loadSlugPage} resolved. */
export function slugPages(): Readonly<typeof loaded> {
  return loaded;
}
