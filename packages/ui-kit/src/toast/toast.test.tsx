import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY } from '../internal/timers';
import { TOAST_DURATION, ToastProvider, useToast, type ToastApi } from './toast';

let api: ToastApi;
function Capture() {
  api = useToast();
  return null;
}

function renderNotifier() {
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Toast notifier', () => {
  it('closes a toast after 7000 ms by default', () => {
    vi.useFakeTimers();
    renderNotifier();
    act(() => {
      api.success('Booking request sent');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Booking request sent');
    expect(TOAST_DURATION).toBe(7000);
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION - 1);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a toast whose duration is longer than a timer holds (capped at 2147483647 ms)', () => {
    vi.useFakeTimers();
    renderNotifier();
    act(() => {
      api.info('Your session stays open for a month', { duration: 30 * 24 * 60 * 60 * 1000 });
      api.info('Until you close it', { duration: Infinity });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(MAX_TIMER_DELAY);
    });
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('uses alert for error and warning, status for success and info', () => {
    renderNotifier();
    act(() => {
      api.error('Payment failed');
      api.warning('Few seats left');
      api.info('Prices in USD');
      api.success('Saved');
    });
    expect(screen.getAllByRole('alert').map((t) => t.dataset.type)).toEqual(['error', 'warning']);
    expect(screen.getAllByRole('status').map((t) => t.dataset.type)).toEqual(['info', 'success']);
  });

  it('keeps a toast with duration 0 and closes it with its button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderNotifier();
    act(() => {
      api.show({ type: 'info', message: 'Stays', duration: 0 });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION * 2);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Stays');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('pauses while hovered', () => {
    vi.useFakeTimers();
    renderNotifier();
    act(() => {
      api.info('Hover me', { duration: 1000 });
    });
    act(() => {
      screen.getByRole('status').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow(/ToastProvider/);
  });
});
