import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHEET_SCROLL_THROTTLE, Sheet } from './sheet';

afterEach(() => {
  vi.useRealTimers();
});

describe('Sheet', () => {
  it('is a labelled dialog that closes on Escape and its close button', async () => {
    const onClose = vi.fn();
    render(
      <Sheet isOpen onClose={onClose} title="Filters">
        Price
      </Sheet>,
    );
    expect(screen.getByRole('dialog', { name: 'Filters' })).toHaveTextContent('Price');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('marks the header once its content is scrolled, watching at most every 500 ms', () => {
    vi.useFakeTimers();
    render(
      <Sheet isOpen onClose={() => {}} title="Filters">
        Price
      </Sheet>,
    );
    const body = document.querySelector<HTMLElement>('.gk-sheet__body')!;
    const header = document.querySelector('.gk-sheet__header')!;
    body.scrollTop = 0;
    fireEvent.scroll(body);
    expect(header).not.toHaveClass('gk-sheet__header--scrolled');
    body.scrollTop = 80;
    fireEvent.scroll(body);
    expect(header).not.toHaveClass('gk-sheet__header--scrolled');
    act(() => {
      vi.advanceTimersByTime(SHEET_SCROLL_THROTTLE);
    });
    expect(header).toHaveClass('gk-sheet__header--scrolled');
  });
});
