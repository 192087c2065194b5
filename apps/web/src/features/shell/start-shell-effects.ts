/**
 * The app shell's browser-side rules (docs/product.md, Routes and States), started once after
 * hydration: link tokens and campaign tags from the address, analytics consent, the visitor's
 * country (which a signed-in account then follows, with the chosen language: `account-sync.ts`),
 * the stale-build checks, the build's route rules and the log of cancelled, duplicate and aborted
 * navigations. A chunk of its own, loaded after hydration: nothing here is needed to show
 * the page, so the first load does not carry it.
 */
import type { AppRouter } from '../../router';
import { chosenLocale, syncAccountWithSite } from './account-sync';
import { applyAnalyticsPolicy } from './analytics';
import { watchBuild } from './build-watch';
import { watchNavigationFailures } from './navigation-log';
import type { RouteRules } from './route-rules';
import { storeCampaignTags } from './campaign-tags';
import { knownVisitorCountry } from './country';
import { watchForStaleBuildErrors } from './stale-build';
import { takeTourSelectionToken } from '../../lib/tour-selection-token';
import { whenIdle } from './when-idle';

/** Starts the rules; answers the function that stops them. */
export function startShellEffects(router: AppRouter): () => void {
  const { site, api, queryClient, locale, visitor } = router.options.context;

  /** Stores a tour-selection token and takes it out of the address (replace, no new entry). */
  const takeToken = (href: string) => {
    const clean = takeTourSelectionToken(href, window.localStorage);
    if (clean !== undefined) void router.navigate({ href: clean, replace: true });
  };
  const onPage = () => {
    const { pathname, search, hash } = window.location;
    takeToken(`${pathname}${search}${hash}`);
    storeCampaignTags();
    // Again on every page: the cookie alert may have been accepted since.
    applyAnalyticsPolicy(site.analyticsId);
  };

  onPage();
  // Nothing on the first screen needs it: once the page has settled, the country the edge told
  // the render is kept, and a signed-in traveller's account (now or after signing in) follows a
  // known country. A guessed one (language region, default) is left alone (decision 161).
  let stopped = false;
  let stopAccountSync: (() => void) | undefined;
  whenIdle(() => {
    if (stopped) return;
    stopAccountSync = syncAccountWithSite(queryClient, api, {
      countryId: knownVisitorCountry(visitor),
      locale: chosenLocale(locale, document.cookie),
    });
  });
  const stopStaleErrors = watchForStaleBuildErrors();

  let staleBuild = false;
  let routeRules: RouteRules | undefined;
  const { buildId } = site;
  let stopBuildWatch: (() => void) | undefined;
  if (buildId) {
    whenIdle(() => {
      if (stopped) return;
      stopBuildWatch = watchBuild({
        buildId,
        onStale: () => (staleBuild = true),
        onRules: (rules) => (routeRules = rules),
      });
    });
  }
  // A newer build is out, or the server's route rules give the path to another service on this
  // origin: the next page comes from the server.
  const navigationLog = watchNavigationFailures(router);
  const stopFullLoads = router.history.block({
    blockerFn: ({ action, nextLocation }) => {
      if (!staleBuild && routeRules?.(nextLocation.pathname).ssr !== false) return false;
      const blocked = loadInFull(action, nextLocation.href);
      if (blocked) {
        const reason = staleBuild ? 'a newer build is out' : 'another service serves it';
        navigationLog.aborted(nextLocation.href, `${reason}: loaded from the server`);
      }
      return blocked;
    },
    enableBeforeUnload: false,
  });
  const stopOnPage = router.subscribe('onResolved', (event) => {
    if (event.hrefChanged) onPage();
  });

  return () => {
    stopped = true;
    stopAccountSync?.();
    stopStaleErrors();
    stopBuildWatch?.();
    stopFullLoads();
    navigationLog.stop();
    stopOnPage();
  };
}

/**
 * Loads the page the app was about to show with a full page load, and answers whether the app's
 * own navigation must be blocked: links and redirects (push, replace) are; Back and Forward have
 * already changed the address, so reloading it is enough.
 */
export function loadInFull(
  action: 'PUSH' | 'REPLACE' | 'BACK' | 'FORWARD' | 'GO',
  href: string,
  location: Pick<Location, 'assign' | 'replace' | 'reload'> = window.location,
): boolean {
  if (action === 'PUSH') location.assign(href);
  else if (action === 'REPLACE') location.replace(href);
  else location.reload();
  return action === 'PUSH' || action === 'REPLACE';
}
