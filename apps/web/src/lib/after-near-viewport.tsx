import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { afterHydration } from './lazy-component';

// A module of its own, not in lazy-component.tsx: that one is in every page's first load.
/** How far below (or above) the window a part starts to load: a phone's screen or so ahead. */
const NEAR_VIEWPORT_MARGIN = '800px 0px';

/** A wait for an element to come near the window. */
export interface NearViewportWait {
  promise: Promise<void>;
  /** Stops watching; the promise never resolves. */
  cancel: () => void;
  /** Stops watching and resolves now. */
  release: () => void;
}

/**
 * Resolves once `element` is within {@link NEAR_VIEWPORT_MARGIN} of the window; at once where the
 * browser has no IntersectionObserver.
 */
export function whenNearViewport(element: Element): NearViewportWait {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  if (typeof IntersectionObserver === 'undefined') {
    resolve();
    return { promise, cancel: () => undefined, release: () => undefined };
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) release();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  const cancel = () => observer.disconnect();
  const release = () => {
    cancel();
    resolve();
  };
  observer.observe(element);
  return { promise, cancel, release };
}

/**
 * {@link afterHydration} for a part far down a page (the tour page's weather): its chunk loads
 * and it renders only once the place it goes is within a screen or so of the window, so a
 * visitor who never scrolls there spends nothing on it while the page loads. Where the browser
 * has no IntersectionObserver, it loads after hydration. An empty marker holds its place.
 */
export function afterNearViewport<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactNode {
  const Part = afterHydration(load);
  return function AfterNearViewport(props: P) {
    const [near, setNear] = useState(false);
    const marker = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = marker.current;
      if (near || !element) return;
      const wait = whenNearViewport(element);
      void wait.promise.then(() => setNear(true));
      return wait.cancel;
    }, [near]);
    return near ? <Part {...props} /> : <div ref={marker} data-near-viewport="" />;
  };
}
