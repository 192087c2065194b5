import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DROPDOWN_CLOSE_DELAY,
  DROPDOWN_OFFSET,
  DROPDOWN_SELECT_OFFSET,
  DROPDOWN_THROTTLE,
} from './constants';
import { Dropdown } from './dropdown';

afterEach(() => {
  vi.useRealTimers();
});

function renderDropdown(props: Partial<Parameters<typeof Dropdown>[0]> = {}) {
  return render(
    <div>
      <p>Outside</p>
      <Dropdown label="Currency" panelLabel="Currencies" {...props}>
        <button type="button">USD</button>
      </Dropdown>
    </div>,
  );
}

describe('Dropdown', () => {
  it('has the spec constants', () => {
    expect([
      DROPDOWN_CLOSE_DELAY,
      DROPDOWN_OFFSET,
      DROPDOWN_SELECT_OFFSET,
      DROPDOWN_THROTTLE,
    ]).toEqual([300, 12, 8, 1000]);
  });

  it('toggles with its button and reports aria-expanded', async () => {
    renderDropdown();
    const trigger = screen.getByRole('button', { name: 'Currency' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Currencies' })).toBeInTheDocument();
    await userEvent.click(trigger);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('sits 12 px below the trigger by default and takes another offset', () => {
    const { container, rerender } = render(<Dropdown label="A">x</Dropdown>);
    const root = container.querySelector<HTMLElement>('.gk-dropdown');
    expect(root?.style.getPropertyValue('--gk-dropdown-offset')).toBe('12px');
    rerender(
      <Dropdown label="A" offset={DROPDOWN_SELECT_OFFSET}>
        x
      </Dropdown>,
    );
    expect(root?.style.getPropertyValue('--gk-dropdown-offset')).toBe('8px');
  });

  it('closes on an outside click, not on a click inside', async () => {
    renderDropdown({ defaultOpen: true });
    await userEvent.click(screen.getByRole('button', { name: 'USD' }));
    expect(screen.getByRole('group')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('waits 300 ms before closing when closeDelay is on', () => {
    vi.useFakeTimers();
    renderDropdown({ defaultOpen: true, closeDelay: true });
    fireEvent.pointerDown(screen.getByText('Outside'));
    act(() => {
      vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY - 1);
    });
    expect(screen.getByRole('group')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('closes on page scroll but not on scrolling inside the panel', () => {
    renderDropdown({ defaultOpen: true });
    fireEvent.scroll(screen.getByRole('group'));
    expect(screen.getByRole('group')).toBeInTheDocument();
    fireEvent.scroll(window);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    renderDropdown();
    await userEvent.click(screen.getByRole('button', { name: 'Currency' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'USD' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: 'Currency' })).toHaveFocus();
  });

  it('opens upward, with the same offset, when there is no room below the trigger', async () => {
    // jsdom has no layout: the trigger is a 120 × 40 box at `triggerTop`, the panel 240 px high
    // (React Aria reads its offsetHeight), the page the size of the window.
    const box = (top: number, height: number, width = 120) =>
      ({
        top,
        bottom: top + height,
        left: 0,
        right: width,
        width,
        height,
        x: 0,
        y: top,
      }) as DOMRect;
    let triggerTop = 100;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.classList.contains('gk-dropdown__trigger')) return box(triggerTop, 40);
      return box(0, window.innerHeight, window.innerWidth);
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(240);
    // jsdom has no offsetParent at all.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get: () => document.body,
    });
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(window.innerHeight);
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(window.innerWidth);
    try {
      renderDropdown({ offset: DROPDOWN_SELECT_OFFSET });
      const trigger = screen.getByRole('button', { name: 'Currency' });
      await userEvent.click(trigger);
      expect(screen.getByRole('group')).toHaveAttribute('data-side', 'bottom');
      await userEvent.click(trigger);

      triggerTop = window.innerHeight - 60;
      await userEvent.click(trigger);
      const panel = screen.getByRole('group');
      expect(panel).toHaveAttribute('data-side', 'top');
      expect(panel).toHaveClass('gk-dropdown__panel--top');
      expect(
        panel.closest<HTMLElement>('.gk-dropdown')?.style.getPropertyValue('--gk-dropdown-offset'),
      ).toBe('8px');
    } finally {
      vi.restoreAllMocks();
      delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
    }
  });
});
