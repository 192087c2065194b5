/**
 * Route errors that are no fault and show no error page, only logged (docs/product.md, Errors,
 * quiet failures):
 * - cancelled: a navigation still loading when a newer one (a click, a redirect) replaced it;
 * - duplicated: a navigation to the page already shown (the router only reloads its data);
 * - aborted: a navigation the app stopped, to load the page from the server instead.
 */
import type { AnyRouter } from '@tanstack/react-router';

export type NavigationLogger = (message: string) => void;

const consoleInfo: NavigationLogger = (message) => console.info(message);

type NavigateOptions = Parameters<AnyRouter['navigate']>[0];

/** The router pieces the log needs (the app's router, or a test's). */
type WatchedRouter = Pick<AnyRouter, 'subscribe' | 'navigate' | 'buildLocation' | 'latestLocation'>;

const withoutTrailingSlash = (href: string) => href.replace(/(.)\/(?=$|[?#])/, '$1');

/** A navigation that leaves the app (another scheme, a full load) is not the router's. */
const leavesTheApp = (options: NavigateOptions) =>
  Boolean(options.reloadDocument) ||
  (typeof options.href === 'string' && /^[a-z][a-z\d+.-]*:/i.test(options.href));

export interface NavigationLog {
  /** Logs a navigation the app stopped (`href`), saying why. */
  aborted(href: string, reason: string): void;
  stop(): void;
}

/** Starts logging the router's cancelled and duplicate navigations. */
export function watchNavigationFailures(
  router: WatchedRouter,
  log: NavigationLogger = consoleInfo,
): NavigationLog {
  let loading: string | undefined;
  const offBefore = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (loading !== undefined && loading !== toLocation.href) {
      log(`Navigation cancelled: ${loading} was replaced by ${toLocation.href}`);
    }
    loading = toLocation.href;
  });
  const offResolved = router.subscribe('onResolved', () => {
    loading = undefined;
  });

  // The router reloads the current page on a navigation to it without telling anyone: the one
  // place to see it is the navigation call itself (links and `useNavigate` both come here).
  const navigate = router.navigate;
  router.navigate = ((options: NavigateOptions) => {
    if (!leavesTheApp(options)) {
      try {
        const next = router.buildLocation(options as Parameters<AnyRouter['buildLocation']>[0]);
        const current = router.latestLocation.href;
        if (withoutTrailingSlash(next.href) === withoutTrailingSlash(current)) {
          log(`Navigation duplicated: ${current} is the page already shown`);
        }
      } catch {
        // A location that cannot be built fails in `navigate` below, as it would without us.
      }
    }
    return navigate(options);
  }) as AnyRouter['navigate'];

  return {
    aborted: (href, reason) => log(`Navigation aborted: ${href} (${reason})`),
    stop() {
      offBefore();
      offResolved();
      router.navigate = navigate;
    },
  };
}
