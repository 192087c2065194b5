import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/** A component whose code is a chunk of its own; see {@link lazyComponent}. */
export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Loads the code (once). The name is TanStack Router's: it awaits `preload` of route components. */
  preload: () => Promise<void>;
}

/** Every lazy component made: the server loads them all before it renders a page. */
const registered: Array<() => Promise<void>> = [];

/**
 * A part of the page that the server renders with the page but the browser loads on its own,
 * so the first load does not carry it (issue 7): the footer, the error pages.
 *
 * Server: `preloadLazyComponents` has loaded the code before the render, so the component renders
 * at once, in a Suspense boundary. Browser: if the code is not loaded yet, the component suspends
 * while hydrating, and React keeps the server's HTML in that boundary and hydrates it when the
 * chunk arrives (selective hydration). Call `preload` before hydrating (or navigating) where the
 * part must be interactive at once. The component is memoised: a re-render of its parent with the
 * same props must not reach a boundary still waiting to hydrate, or React would render it again
 * on the client, showing nothing until the chunk arrives.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (a network blip) may be tried again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  const preload = () => loadOnce().then(() => undefined);
  registered.push(preload);

  function LazyPart(props: P) {
    // Chosen once per instance: switching from `Lazy` to `loaded` later would remount the part.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(memo(LazyPart) as unknown as (props: P) => ReactNode, { preload });
}

/** Server: loads every lazy component, so a render never suspends on one (see `renderRouter`). */
export async function preloadLazyComponents(): Promise<void> {
  await Promise.all(registered.map((preload) => preload()));
}

/**
 * A part the server's page never shows (it renders nothing until the visitor scrolls or
 * navigates): not in the server's HTML, not in the first load; its chunk loads after hydration
 * (an effect: never on the server, and no Suspense boundary waiting to be revealed).
 */
export function afterHydration<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactNode {
  return function AfterHydration(props: P) {
    const [Component, setComponent] = useState<ComponentType<P>>();
    useEffect(() => {
      let mounted = true;
      // A failed load leaves the part out (the stale-build watcher hears of it).
      load().then(
        (component) => mounted && setComponent(() => component),
        () => undefined,
      );
      return () => {
        mounted = false;
      };
    }, []);
    return Component ? <Component {...props} /> : null;
  };
}
