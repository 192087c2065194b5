import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { afterHydration } from './lazy-component';

// A module of its own, not in lazy-component.tsx: that one is in every page's first load.
/** How far below (or above) the window a part starts to load: a phone's screen or so ahead. */
const NEAR_VIEWPORT_MARGIN = '800px 0px';

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
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: NEAR_VIEWPORT_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }, [near]);
    return near ? <Part {...props} /> : <div ref={marker} data-near-viewport="" />;
  };
}
