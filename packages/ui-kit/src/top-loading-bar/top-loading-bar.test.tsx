import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOP_LOADING_BAR, TopLoadingBar } from './top-loading-bar';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('TopLoadingBar', () => {
  it('has the spec constants', () => {
    expect(TOP_LOADING_BAR).toEqual({
      color: '#793DFC',
      height: 3,
      throttle: 200,
      duration: 2000,
      hideDelay: 500,
      resetDelay: 400,
    });
  });

  it('never shows for loads shorter than 200 ms', () => {
    const { rerender } = render(<TopLoadingBar loading />);
    advance(TOP_LOADING_BAR.throttle - 1);
    rerender(<TopLoadingBar loading={false} />);
    advance(5000);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('runs, finishes, hides after 500 ms and resets after 400 ms more', () => {
    const { rerender } = render(<TopLoadingBar loading />);
    advance(TOP_LOADING_BAR.throttle);
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    expect(bar).toHaveAttribute('data-phase', 'running');
    expect(bar.style.getPropertyValue('--gk-loading-bar-color')).toBe('#793DFC');
    expect(bar.style.getPropertyValue('--gk-loading-bar-height')).toBe('3px');
    expect(bar.style.getPropertyValue('--gk-loading-bar-duration')).toBe('2000ms');
    rerender(<TopLoadingBar loading={false} />);
    advance(0);
    expect(bar).toHaveAttribute('data-phase', 'finishing');
    advance(TOP_LOADING_BAR.hideDelay);
    expect(document.querySelector('.gk-loading-bar')).toHaveAttribute('data-phase', 'hiding');
    advance(TOP_LOADING_BAR.resetDelay);
    expect(document.querySelector('.gk-loading-bar')).toBeNull();
  });
});
