import {
  Component as ReactComponent,
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
        throw new PartLoadError(error);
      },
    ));
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  const preload = () => loadOnce().then(() => undefined);
  registered.push(preload);

  function LazyPart(props: P) {
    // Chosen once per instance: switching from `Lazy` to `loaded` later would remount the part.
    const [Component, setComponent] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    const [attempt, setAttempt] = useState(0);
    const retry = () =>
      loadOnce().then((component) => {
        setComponent(() => component);
        setAttempt((count) => count + 1);
      });
    return (
      <ChunkFailure key={attempt} retry={retry}>
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      </ChunkFailure>
    );
  }
  return Object.assign(memo(LazyPart) as unknown as (props: P) => ReactNode, { preload });
}

/** A lazy part's code did not arrive (offline, a network blip); `cause` is the import's error. */
export class PartLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not load; it is tried again once back online', { cause });
    this.name = 'PartLoadError';
  }
}

interface ChunkFailureProps {
  /** Loads the chunk again; resolves once the part can render. */
  retry: () => Promise<void>;
  children: ReactNode;
}

/**
 * A part whose chunk did not arrive (offline, a network blip) is left out instead of failing the
 * page around it, and is tried again when the browser is back online. An error of the loaded part
 * itself still reaches the page's error boundary.
 */
class ChunkFailure extends ReactComponent<ChunkFailureProps, { error?: unknown }> {
  override state: { error?: unknown } = {};
  private stopListening: (() => void) | undefined;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof PartLoadError)) return;
    const onOnline = () => {
      this.stopListening?.();
      this.stopListening = undefined;
      // Still failing: wait for the next time the browser comes back online.
      this.props.retry().catch((again: unknown) => this.componentDidCatch(again));
    };
    window.addEventListener('online', onOnline);
    this.stopListening = () => window.removeEventListener('online', onOnline);
  }

  override componentWillUnmount() {
    this.stopListening?.();
  }

  override render() {
    if (!('error' in this.state)) return this.props.children;
    // Not a chunk that failed to load: the part's own error belongs to the page.
    if (!(this.state.error instanceof PartLoadError)) throw this.state.error;
    return null;
  }
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
