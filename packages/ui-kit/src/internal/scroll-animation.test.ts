import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { animateScroll } from './scroll-animation';

let scrollY = 0;

beforeEach(() => {
  vi.useFakeTimers();
  scrollY = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrollY = y;
  }) as typeof window.scrollTo);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('animateScroll', () => {
  it('arrives where it was sent', () => {
    animateScroll(1200, 600);
    vi.advanceTimersByTime(300);
    expect(scrollY).toBeGreaterThan(0);
    expect(scrollY).toBeLessThan(1200);
    vi.advanceTimersByTime(400);
    expect(scrollY).toBe(1200);
  });

  it('stops the running animation when a new one starts', () => {
    animateScroll(2000, 1000);
    vi.advanceTimersByTime(300);
    const halfway = scrollY;
    expect(halfway).toBeGreaterThan(0);
    animateScroll(0, 250);
    vi.advanceTimersByTime(2000);
    // The first animation (still 700 ms to go) does not pull the page back down.
    expect(scrollY).toBe(0);
    const targets = vi.mocked(window.scrollTo).mock.calls.map((call) => call[1] as number);
    const after = targets.slice(targets.indexOf(halfway) + 1);
    expect(after.every((y, index) => index === 0 || y <= after[index - 1]!)).toBe(true);
  });
});
