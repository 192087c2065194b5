import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SCROLL_ANIMATION,
  SCROLL_TO_TOP_OFFSET,
  SCROLL_TO_TOP_THROTTLE,
  ScrollToTop,
  scrollAnimationDuration,
} from './scroll-to-top';

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
});

/** Lets the scroll animation run to its end (at most 3 s). */
function finishAnimation() {
  act(() => {
    vi.advanceTimersByTime(SCROLL_ANIMATION.maxDuration + 100);
  });
}

function scrollPage(to: number) {
  scrollY = to;
  fireEvent.scroll(window);
  act(() => {
    vi.advanceTimersByTime(SCROLL_TO_TOP_THROTTLE);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  scrollY = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ScrollToTop', () => {
  it('appears past 150 px only', () => {
    render(<ScrollToTop />);
    expect(screen.queryByRole('button')).toBeNull();
    scrollPage(SCROLL_TO_TOP_OFFSET);
    expect(screen.queryByRole('button')).toBeNull();
    scrollPage(SCROLL_TO_TOP_OFFSET + 1);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
  });

  it('remembers the position and returns to it', async () => {
    render(<ScrollToTop />);
    scrollPage(2400);
    await userEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    finishAnimation();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollPage(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back to where I was' }));
    finishAnimation();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 2400);
    scrollPage(2400);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
  });

  it('animates at the site’s scroll speed: 500 ms per 1000 px, from 250 ms to 3 s', async () => {
    expect(SCROLL_ANIMATION).toEqual({ speed: 500, minDuration: 250, maxDuration: 3000 });
    expect(scrollAnimationDuration(2400, 0)).toBe(1200);
    expect(scrollAnimationDuration(200, 0)).toBe(250);
    expect(scrollAnimationDuration(0, 60_000)).toBe(3000);
    render(<ScrollToTop />);
    scrollPage(2400);
    await userEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    // Half-way through a 1.2 s animation (ease-out): on its way, not there yet.
    expect(scrollY).toBeGreaterThan(0);
    expect(scrollY).toBeLessThan(2400);
    finishAnimation();
    expect(scrollY).toBe(0);
  });
});
