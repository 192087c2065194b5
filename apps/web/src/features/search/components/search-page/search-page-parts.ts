import { paintGate } from '../../../../lib/after-largest-paint';
import { holdInputUntilHydrated, releasingHeldInput } from '../../../../lib/held-input';
import { lazyComponent } from '../../../../lib/lazy-component';

/*
 * The search page's heavy controls, each a chunk of its own (decision 041): the server renders
 * the filters panel and the sort select with the page; the browser keeps that HTML and hydrates
 * them when their code arrives, which it asks for only once the page has painted its largest
 * element (or on the visitor's first input), so the code does not compete with the first
 * card's picture. The sheet is not in the server's HTML (it is closed); it mounts on first open.
 */

const gate = paintGate();

// A tap on them before their code arrives is held and replayed once they hydrate (held-input.ts).
const PANEL_ROOT = '.search-page__aside .search-filters';
const SORT_ROOT = '.search-page__sort';
if (typeof document !== 'undefined') {
  holdInputUntilHydrated(PANEL_ROOT);
  holdInputUntilHydrated(SORT_ROOT);
}

export const LazySearchFiltersPanel = lazyComponent(() =>
  gate
    .wait()
    .then(() => import('../search-filters/search-filters'))
    .then(({ SearchFiltersPanel }) => releasingHeldInput(SearchFiltersPanel, PANEL_ROOT)),
);

export const LazySortSelect = lazyComponent(() =>
  gate
    .wait()
    .then(() => import('./sort-select'))
    .then(({ SortSelect }) => releasingHeldInput(SortSelect, SORT_ROOT)),
);

export const LazyFiltersSheet = lazyComponent(() =>
  gate
    .wait()
    .then(() => import('./filters-sheet'))
    .then(({ FiltersSheet }) => FiltersSheet),
);

/** Loads all three now (a navigation to a search page then renders them at once, as before). */
export async function preloadSearchPageParts(): Promise<void> {
  gate.open();
  await Promise.all([
    LazySearchFiltersPanel.preload(),
    LazySortSelect.preload(),
    LazyFiltersSheet.preload(),
  ]);
}

/** The sheet's code, once the page has painted: ready before the first tap on 'Filters'. */
export function preloadFiltersSheetLater(): void {
  // A failed load is the stale-build watcher's (a `vite:preloadError`).
  LazyFiltersSheet.preload().catch(() => undefined);
}
