/**
 * Animated page scrolls (docs/product.md, Constants, "Scroll animation"): the duration follows the
 * distance at `speed` ms per 1000 px, kept between `minDuration` and `maxDuration`, so a short hop
 * does not crawl and a long page does not take ages.
 */
export const SCROLL_ANIMATION = { speed: 500, minDuration: 250, maxDuration: 3000 } as const;

/** How long scrolling from `from` to `to` (px) animates, in ms. */
export function scrollAnimationDuration(from: number, to: number): number {
  const { speed, minDuration, maxDuration } = SCROLL_ANIMATION;
  const duration = (Math.abs(to - from) / 1000) * speed;
  return Math.min(maxDuration, Math.max(minDuration, Math.round(duration)));
}

/** The frame of the page scroll animating now, if any: the page has one scroll at a time. */
let runningFrame: number | undefined;

/**
 * Animated scroll to `top` over `duration` ms (ease-out cubic); instant with reduced motion. A new
 * animation stops the one still running, so two clicks never pull the page two ways at once.
 */
export function animateScroll(
  top: number,
  duration: number = scrollAnimationDuration(window.scrollY, top),
): void {
  if (runningFrame !== undefined) cancelAnimationFrame(runningFrame);
  runningFrame = undefined;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const start = window.scrollY;
  if (reduce || duration <= 0) {
    window.scrollTo(0, top);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration);
    window.scrollTo(0, start + (top - start) * (1 - (1 - t) ** 3));
    runningFrame = t < 1 ? requestAnimationFrame(step) : undefined;
  };
  runningFrame = requestAnimationFrame(step);
}
