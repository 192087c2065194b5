import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SCROLL_SPY_DURATION,
  SCROLL_SPY_MAX_DURATION,
  SCROLL_SPY_THROTTLE,
  ScrollSpy,
  activeAnchor,
} from './scroll-spy';

const items = [
  { name: 'Program', anchor: 'program', subItems: [{ name: 'Day 1', anchor: 'day-1' }] },
  { name: 'Prices', anchor: 'prices' },
];

/** Sections whose viewport tops we control. */
function renderSections(tops: Record<string, number>) {
  for (const [id, top] of Object.entries(tops)) {
    const section = document.createElement('section');
    section.id = id;
    section.getBoundingClientRect = () => ({ top }) as DOMRect;
    document.body.append(section);
  }
}

afterEach(() => {
  document.querySelectorAll('section').forEach((section) => section.remove());
  vi.useRealTimers();
  window.scrollTo(0, 0);
});

describe('ScrollSpy', () => {
  it('has the spec constants', () => {
    expect([SCROLL_SPY_THROTTLE, SCROLL_SPY_DURATION, SCROLL_SPY_MAX_DURATION]).toEqual([
      500, 400, 500,
    ]);
  });

  it('picks the last section that has passed the offset, sub-items included', () => {
    renderSections({ program: -300, 'day-1': 40, prices: 900 });
    expect(activeAnchor(items, 80)).toBe('day-1');
    document.getElementById('day-1')!.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    expect(activeAnchor(items, 80)).toBe('program');
  });

  it('marks the active link and updates on scroll, throttled to 500 ms', () => {
    vi.useFakeTimers();
    renderSections({ program: 0, 'day-1': 400, prices: 900 });
    render(<ScrollSpy items={items} />);
    expect(screen.getByRole('link', { name: 'Program' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    document.getElementById('prices')!.getBoundingClientRect = () => ({ top: 10 }) as DOMRect;
    fireEvent.scroll(window);
    // The first scroll after mount falls inside the 500 ms window of the mount measurement.
    expect(screen.getByRole('link', { name: 'Program' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    act(() => {
      vi.advanceTimersByTime(SCROLL_SPY_THROTTLE);
    });
    expect(screen.getByRole('link', { name: 'Prices' })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  it('scrolls to a section on click and moves focus there', async () => {
    renderSections({ program: 0, 'day-1': 400, prices: 900 });
    render(<ScrollSpy items={items} />);
    await userEvent.click(screen.getByRole('link', { name: 'Prices' }));
    expect(document.getElementById('prices')).toHaveFocus();
    // The page arrives 80 px above the section (the header's offset), within the 500 ms cap, and
    // the animation is over before the next file runs in this worker (decision 132).
    await waitFor(() => expect(window.scrollY).toBe(900 - 80), { timeout: 2000 });
    expect(screen.getByRole('link', { name: 'Prices' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeInTheDocument();
  });
});
