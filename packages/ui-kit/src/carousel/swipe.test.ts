import { describe, expect, it } from 'vitest';
import { CAROUSEL_DEFAULTS, isHorizontalSwipe, resistedOffset, swipeTarget } from './swipe';

describe('carousel swipe rules', () => {
  it('has the spec defaults', () => {
    expect(CAROUSEL_DEFAULTS).toEqual({
      speed: 300,
      threshold: 5,
      resistanceRatio: 0.85,
      touchAngle: 45,
      longSwipesRatio: 0.5,
      longSwipesMs: 300,
    });
  });
  it('swipes only within the 45 degree touch angle', () => {
    expect(isHorizontalSwipe(30, 20, 45)).toBe(true);
    expect(isHorizontalSwipe(30, 30, 45)).toBe(true);
    expect(isHorizontalSwipe(20, 30, 45)).toBe(false);
  });
  it('resists past the first and last slide only', () => {
    expect(resistedOffset(100, 0, 3, 0.85)).toBeCloseTo(100 ** 0.85);
    expect(resistedOffset(-100, 2, 3, 0.85)).toBeCloseTo(-(100 ** 0.85));
    expect(resistedOffset(-100, 0, 3, 0.85)).toBe(-100);
  });
  const end = { width: 400, index: 1, count: 3 };
  it('ignores drags under the 5 px threshold', () => {
    expect(swipeTarget({ ...end, dx: -4, elapsedMs: 100 })).toBe(1);
  });
  it('moves on any short swipe (within 300 ms)', () => {
    expect(swipeTarget({ ...end, dx: -6, elapsedMs: 200 })).toBe(2);
    expect(swipeTarget({ ...end, dx: 30, elapsedMs: 300 })).toBe(0);
  });
  it('needs half the width on a long swipe', () => {
    expect(swipeTarget({ ...end, dx: -199, elapsedMs: 301 })).toBe(1);
    expect(swipeTarget({ ...end, dx: -200, elapsedMs: 301 })).toBe(2);
  });
  it('never leaves the slides', () => {
    expect(swipeTarget({ ...end, index: 2, dx: -300, elapsedMs: 100 })).toBe(2);
  });
});
