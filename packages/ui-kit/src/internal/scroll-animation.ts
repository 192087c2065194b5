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

/** Animated scroll to `top` over `duration` ms (ease-out cubic); instant with reduced motion. */
export function animateScroll(
  top: number,
  duration: number = scrollAnimationDuration(window.scrollY, top),
): void {
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
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
