import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TO_TOP_OFFSET, SCROLL_TO_TOP_THROTTLE, ScrollToTop } from './scroll-to-top';

let scrollY = 0;
const scrollTo = vi.fn((options: ScrollToOptions) => {
  scrollY = options.top ?? 0;
});

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
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as typeof window.scrollTo);
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
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    scrollPage(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back to where I was' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 2400, behavior: 'smooth' });
    scrollPage(2400);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
  });
});
