/** Carousel defaults, with Swiper's parameter names (docs/product.md, Constants). */
export const CAROUSEL_DEFAULTS = {
  /** Slide transition, ms. */
  speed: 300,
  /** A drag shorter than this (px) is not a swipe. */
  threshold: 5,
  /** Drag past the first or last slide moves by distance ** ratio. */
  resistanceRatio: 0.85,
  /** Drags steeper than this (degrees from horizontal) scroll the page instead. */
  touchAngle: 45,
  /** A long swipe must cover this share of the slide width. */
  longSwipesRatio: 0.5,
  /** Swipes longer than this (ms) are long swipes. */
  longSwipesMs: 300,
} as const;

export type CarouselSettings = typeof CAROUSEL_DEFAULTS;

/** Whether a drag is horizontal enough to swipe (within the touch angle). */
export function isHorizontalSwipe(dx: number, dy: number, touchAngle: number): boolean {
  if (dx === 0 && dy === 0) return false;
  const angle = (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI;
  return angle <= touchAngle;
}

/** The visible drag offset: resisted past the first or last slide. */
export function resistedOffset(
  dx: number,
  index: number,
  count: number,
  resistanceRatio: number,
): number {
  const pastStart = index === 0 && dx > 0;
  const pastEnd = index === count - 1 && dx < 0;
  if (!pastStart && !pastEnd) return dx;
  return Math.sign(dx) * Math.abs(dx) ** resistanceRatio;
}

export interface SwipeEnd {
  dx: number;
  elapsedMs: number;
  width: number;
  index: number;
  count: number;
}

/** The slide a finished swipe lands on. */
export function swipeTarget(
  { dx, elapsedMs, width, index, count }: SwipeEnd,
  settings: CarouselSettings = CAROUSEL_DEFAULTS,
): number {
  if (Math.abs(dx) < settings.threshold) return index;
  const long = elapsedMs > settings.longSwipesMs;
  if (long && Math.abs(dx) < width * settings.longSwipesRatio) return index;
  const next = index + (dx < 0 ? 1 : -1);
  return Math.min(count - 1, Math.max(0, next));
}
