/**
 * A drag longer than this changes the item (horizontal) or closes (vertical), px (docs/product.md,
 * Constants).
 */
export const MEDIA_VIEWER_SWIPE_THRESHOLD = 100;
/** Two taps within this many ms are a double tap (docs/product.md, Constants). */
export const MEDIA_VIEWER_DOUBLE_TAP_MS = 300;
/** Viewer transition, ms (docs/product.md, Constants). */
export const MEDIA_VIEWER_TRANSITION_MS = 300;
/** Zoom levels: the scale is reset to 1 or doubled. */
export const MEDIA_VIEWER_ZOOM = { min: 1, max: 2 } as const;
/** A pointer that moved less than this between down and up is a tap, px. */
const TAP_SLOP = 10;

/** Steps through `count` items with wraparound. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export type DragOutcome = 'next' | 'previous' | 'close' | 'none';

/** What a finished one-finger drag does; a zoomed image pans instead. */
export function dragOutcome(dx: number, dy: number, scale = 1): DragOutcome {
  if (scale !== MEDIA_VIEWER_ZOOM.min) return 'none';
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (Math.abs(dx) <= MEDIA_VIEWER_SWIPE_THRESHOLD) return 'none';
    return dx < 0 ? 'next' : 'previous';
  }
  return Math.abs(dy) > MEDIA_VIEWER_SWIPE_THRESHOLD ? 'close' : 'none';
}

export function isTap(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) < TAP_SLOP;
}

/** Whether a tap at `now` completes a double tap begun at `previousTapAt`. */
export function isDoubleTap(previousTapAt: number | undefined, now: number): boolean {
  return previousTapAt !== undefined && now - previousTapAt <= MEDIA_VIEWER_DOUBLE_TAP_MS;
}

/** Double tap: 1 becomes 2, anything else goes back to 1. */
export function toggleZoom(scale: number): number {
  return scale === MEDIA_VIEWER_ZOOM.min ? MEDIA_VIEWER_ZOOM.max : MEDIA_VIEWER_ZOOM.min;
}

/** A finished pinch: spreading the fingers doubles, pinching them together resets to 1. */
export function pinchZoom(startDistance: number, endDistance: number, scale: number): number {
  if (endDistance > startDistance) return MEDIA_VIEWER_ZOOM.max;
  if (endDistance < startDistance) return MEDIA_VIEWER_ZOOM.min;
  return scale;
}
