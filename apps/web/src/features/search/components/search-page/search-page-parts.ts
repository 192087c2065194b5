import { nextIdle, paintGate } from '../../../../lib/after-largest-paint';
import { holdInputUntilHydrated, releasingHeldInput } from '../../../../lib/held-input';
import { lazyComponent } from '../../../../lib/lazy-component';
import { mediaMatches, whenMediaMatches } from '../../../../lib/when-media-matches';

/*
 * The search page's heavy controls, each a chunk of its own (decision 041): the server renders
 * the filters panel and the sort select with the page; the browser keeps that HTML and hydrates
 * them when their code arrives, which it asks for only once the page has painted its largest
 * element (or on the visitor's first input), so the code does not compete with the first
 * card's picture. The sheet is not in the server's HTML (it is closed); it mounts on first open.
 *
 * The aside (map and filters panel) shows from ASIDE_SHOWN up (search-page.css); on narrower
 * screens it is hidden and 'Filters' opens the sheet, which has a panel of its own. There the
 * aside's panel waits until the aside shows (never, on most phones): React keeps the server's
 * hidden HTML unhydrated, which spares the phone the longest tasks of the page's load (react-aria's
 * sliders, selects and combobox and the calendar hydrating, ~0.4 s of main thread at 4x CPU
 * throttling).
 */

/** Where the aside shows: the breakpoint that `.search-page__aside` gets `display: block` at. */
const ASIDE_SHOWN = '(min-width: 992px)';

const gate = paintGate();

// A tap on them before their code arrives is held and replayed once they hydrate (held-input.ts).
const PANEL_ROOT = '.search-page__aside .search-filters';
const SORT_ROOT = '.search-page__sort';
if (typeof document !== 'undefined') {
  holdInputUntilHydrated(PANEL_ROOT);
  holdInputUntilHydrated(SORT_ROOT);
}

const loadFiltersPanel = () =>
  gate
    .wait()
    .then(() => import('../search-filters/search-filters'))
    .then(({ SearchFiltersPanel }) => SearchFiltersPanel);

/** The aside's panel: its code once the aside shows (see above). */
export const LazySearchFiltersPanel = lazyComponent(() =>
  whenMediaMatches(ASIDE_SHOWN)
    .then(loadFiltersPanel)
    .then((SearchFiltersPanel) => releasingHeldInput(SearchFiltersPanel, PANEL_ROOT)),
);

/** The sheet's panel (the same code; the sheet is never in the server's HTML). */
export const LazySheetFiltersPanel = lazyComponent(loadFiltersPanel);

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

/**
 * Loads the parts now (a navigation to a search page then renders them at once, as before); the
 * aside's panel only where the aside shows (elsewhere it renders nothing until it does).
 */
export async function preloadSearchPageParts(): Promise<void> {
  gate.open();
  const asidePanel = LazySearchFiltersPanel.preload();
  const asideShown = mediaMatches(ASIDE_SHOWN);
  // Where the aside is hidden, its panel waits for it: not awaited (a failed load is the watcher's).
  if (!asideShown) asidePanel.catch(() => undefined);
  await Promise.all([
    asideShown ? asidePanel : undefined,
    LazySheetFiltersPanel.preload(),
    LazySortSelect.preload(),
    LazyFiltersSheet.preload(),
  ]);
}

/**
 * The sheet's code, once the page has painted: ready before the first tap on 'Filters'. The sheet
 * and then its panel load each when the browser is next idle, after the sort select's code: each
 * load adds its chunks' `modulepreload` links and runs their code, and all of them at once made
 * one long task on a phone. (A tap on 'Filters' before then loads them at once.)
 */
export function preloadFiltersSheetLater(): void {
  gate
    .wait()
    .then(() => nextIdle())
    .then(() => LazyFiltersSheet.preload())
    .then(() => nextIdle())
    .then(() => LazySheetFiltersPanel.preload())
    // A failed load is the stale-build watcher's (a `vite:preloadError`).
    .catch(() => undefined);
}
