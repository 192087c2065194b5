import { describe, expect, it } from 'vitest';
import {
  MEDIA_VIEWER_DOUBLE_TAP_MS,
  MEDIA_VIEWER_SWIPE_THRESHOLD,
  MEDIA_VIEWER_TRANSITION_MS,
  dragOutcome,
  isDoubleTap,
  isTap,
  pinchZoom,
  toggleZoom,
  wrapIndex,
} from './gestures';

describe('media viewer gestures', () => {
  it('has the spec constants', () => {
    expect([
      MEDIA_VIEWER_SWIPE_THRESHOLD,
      MEDIA_VIEWER_DOUBLE_TAP_MS,
      MEDIA_VIEWER_TRANSITION_MS,
    ]).toEqual([100, 300, 300]);
  });
  it('wraps around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
  it('changes the item only past 100 px horizontally', () => {
    expect(dragOutcome(-101, 10)).toBe('next');
    expect(dragOutcome(101, -10)).toBe('previous');
    expect(dragOutcome(-100, 0)).toBe('none');
  });
  it('closes only past 100 px vertically', () => {
    expect(dragOutcome(10, 101)).toBe('close');
    expect(dragOutcome(0, -150)).toBe('close');
    expect(dragOutcome(0, 100)).toBe('none');
  });
  it('ignores drags while zoomed in', () => {
    expect(dragOutcome(-300, 0, 2)).toBe('none');
  });
  it('treats two taps within 300 ms as a double tap', () => {
    expect(isDoubleTap(1000, 1300)).toBe(true);
    expect(isDoubleTap(1000, 1301)).toBe(false);
    expect(isDoubleTap(undefined, 1000)).toBe(false);
    expect(isTap(3, 4)).toBe(true);
    expect(isTap(12, 0)).toBe(false);
  });
  it('zooms between 1 and 2', () => {
    expect(toggleZoom(1)).toBe(2);
    expect(toggleZoom(2)).toBe(1);
    expect(pinchZoom(100, 180, 1)).toBe(2);
    expect(pinchZoom(180, 100, 2)).toBe(1);
    expect(pinchZoom(100, 100, 2)).toBe(2);
  });
});
