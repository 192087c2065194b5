import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { watchNavigationFailures } from './navigation-log';

/** A router whose `/slow` page loads until `finish()` is called. */
function testRouter() {
  let finish: () => void = () => undefined;
  const rootRoute = createRootRoute();
  const page = (path: string, loader?: () => Promise<void>) =>
    createRoute({ getParentRoute: () => rootRoute, path, ...(loader ? { loader } : {}) });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      page('/'),
      page('/tours'),
      page('/slow', () => new Promise<void>((resolve) => (finish = resolve))),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, finish: () => finish() };
}

describe('watchNavigationFailures', () => {
  it('logs a navigation a newer one cancelled, and not the one that completed', async () => {
    const { router, finish } = testRouter();
    await router.load();
    const log = vi.fn();
    const watch = watchNavigationFailures(router, log);

    void router.navigate({ href: '/slow' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/slow'));
    await router.navigate({ href: '/tours' });
    finish();

    expect(log).toHaveBeenCalledExactlyOnceWith(
      'Navigation cancelled: /slow was replaced by /tours',
    );
    watch.stop();
  });

  it('logs a navigation to the page already shown', async () => {
    const { router } = testRouter();
    await router.load();
    const log = vi.fn();
    const watch = watchNavigationFailures(router, log);

    await router.navigate({ href: '/tours' });
    expect(log).not.toHaveBeenCalled();
    await router.navigate({ href: '/tours' });
    expect(log).toHaveBeenCalledExactlyOnceWith(
      'Navigation duplicated: /tours is the page already shown',
    );

    // Stopped: the router is as it was.
    watch.stop();
    await router.navigate({ href: '/tours' });
    expect(log).toHaveBeenCalledOnce();
  });

  it('logs a navigation the app aborted, with the reason', () => {
    const { router } = testRouter();
    const log = vi.fn();
    watchNavigationFailures(router, log).aborted('/favorites', 'a newer build is out');
    expect(log).toHaveBeenCalledWith('Navigation aborted: /favorites (a newer build is out)');
  });
});
