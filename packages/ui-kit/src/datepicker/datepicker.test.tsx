import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATEPICKER_POPOVER_QUERY, Datepicker } from './datepicker';

const today = new Date(2026, 4, 13); // Wednesday 13 May 2026

describe('Datepicker', () => {
  it("says 'Select dates' and opens a dialog with a 6 x 7 grid", async () => {
    render(<Datepicker value={null} onChange={vi.fn()} today={today} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    const grid = within(dialog).getByRole('grid', { name: 'May 2026' });
    expect(within(grid).getAllByRole('row')).toHaveLength(7); // header + 6 weeks
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(42);
    expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent('Sun');
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('starts the week on Monday for de and ru', async () => {
    render(<Datepicker value={null} onChange={vi.fn()} today={today} locale="de" defaultOpen />);
    const grid = await screen.findByRole('grid');
    expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
  });

  it('selects a single date and commits it with Apply', async () => {
    const onChange = vi.fn();
    render(<Datepicker value={null} onChange={onChange} today={today} defaultOpen />);
    await userEvent.click(await screen.findByRole('button', { name: /May 20, 2026/ }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith('2026-05-20');
  });

  it('selects a range across a month count of 2', async () => {
    const onChange = vi.fn();
    render(
      <Datepicker
        mode="range"
        value={{ start: null, end: null }}
        onChange={onChange}
        today={today}
        monthCount={2}
        defaultOpen
      />,
    );
    expect(await screen.findAllByRole('grid')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /May 28, 2026/ }));
    await userEvent.click(screen.getByRole('button', { name: /June 3, 2026/ }));
    expect(screen.getByRole('button', { name: /May 30, 2026/ }).closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ start: '2026-05-28', end: '2026-06-03' });
  });

  it('runs a range from the earlier day when the second press is before the first', async () => {
    const onChange = vi.fn();
    render(<Datepicker mode="range" onChange={onChange} today={today} defaultOpen />);
    await userEvent.click(await screen.findByRole('button', { name: /May 22, 2026/ }));
    await userEvent.click(screen.getByRole('button', { name: /May 18, 2026/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ start: '2026-05-18', end: '2026-05-22' });
  });

  it('keeps Apply disabled while a new range has its first day only', async () => {
    const onChange = vi.fn();
    render(
      <Datepicker
        mode="range"
        value={{ start: '2026-05-20', end: '2026-05-22' }}
        onChange={onChange}
        today={today}
        defaultOpen
      />,
    );
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: /May 25, 2026/ }));
    expect(apply).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /May 27, 2026/ }));
    expect(apply).toBeEnabled();
    await userEvent.click(apply);
    expect(onChange).toHaveBeenCalledWith({ start: '2026-05-25', end: '2026-05-27' });
  });

  it("disables days outside min 'today' and max", async () => {
    render(
      <Datepicker
        value={null}
        onChange={vi.fn()}
        today={today}
        min="today"
        max="2026-05-20"
        defaultOpen
      />,
    );
    expect(await screen.findByRole('button', { name: /May 12, 2026/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /May 13, 2026/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /May 21, 2026/ })).toBeDisabled();
  });

  it('moves focus with the arrow keys and pages months', async () => {
    render(<Datepicker value="2026-05-13" onChange={vi.fn()} today={today} defaultOpen />);
    // React Aria names the chosen day "… selected".
    const day = await screen.findByRole('button', { name: 'Wednesday, May 13, 2026 selected' });
    day.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /May 20, 2026/ })).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'June 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /June 20, 2026/ })).toHaveFocus();
  });

  it('moves to the start and end of the week with Home and End', async () => {
    render(<Datepicker value="2026-05-13" onChange={vi.fn()} today={today} defaultOpen />);
    const day = await screen.findByRole('button', { name: 'Wednesday, May 13, 2026 selected' });
    day.focus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Sunday, May 10, 2026' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Saturday, May 16, 2026' })).toHaveFocus();
  });

  it('starts the week of Home on Monday for de', async () => {
    render(
      <Datepicker value="2026-05-13" onChange={vi.fn()} today={today} locale="de" defaultOpen />,
    );
    const grid = await screen.findByRole('grid');
    within(grid)
      .getByRole('button', { name: /13\. Mai 2026/ })
      .focus();
    await userEvent.keyboard('{Home}');
    expect(within(grid).getByRole('button', { name: /11\. Mai 2026/ })).toHaveFocus();
  });

  it('puts focus on the chosen day when it opens', async () => {
    render(<Datepicker value="2026-05-20" onChange={vi.fn()} today={today} />);
    await userEvent.click(screen.getByRole('button', { name: /May 20, 2026/ }));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Wednesday, May 20, 2026 selected' }),
      ).toHaveFocus(),
    );
  });

  it('pages years with Shift+PageUp and Shift+PageDown', async () => {
    render(<Datepicker value="2026-05-13" onChange={vi.fn()} today={today} defaultOpen />);
    const day = await screen.findByRole('button', { name: 'Wednesday, May 13, 2026 selected' });
    day.focus();
    await userEvent.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(screen.getByRole('grid', { name: 'May 2027' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /May 13, 2027/ })).toHaveFocus();
    await userEvent.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(screen.getByRole('button', { name: 'Wednesday, May 13, 2026 selected' })).toHaveFocus();
  });

  it('keeps its own dates from defaultValue when uncontrolled', async () => {
    const onChange = vi.fn();
    render(
      <Datepicker
        mode="range"
        defaultValue={{ start: '2026-05-20', end: null }}
        onChange={onChange}
        today={today}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /May 20, 2026 – …/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /May 18, 2026/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /May 22, 2026/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ start: '2026-05-18', end: '2026-05-22' });
    expect(
      await screen.findByRole('button', { name: 'May 18, 2026 – May 22, 2026' }),
    ).toBeInTheDocument();
  });

  it('shows what its parent holds when controlled, not the draft it applied', async () => {
    const onChange = vi.fn();
    render(<Datepicker value="2026-05-14" onChange={onChange} today={today} defaultOpen />);
    await userEvent.click(await screen.findByRole('button', { name: /May 20, 2026/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith('2026-05-20');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'May 14, 2026' })).toBeInTheDocument();
  });

  it('writes the chosen days as the page does with formatDate', () => {
    const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
    const formatDate = (iso: string) => {
      const [year, month, day] = iso.split('-').map(Number);
      return `${day} ${months[month! - 1]} ${year}`;
    };
    render(
      <Datepicker
        mode="range"
        value={{ start: '2026-05-18', end: '2026-05-22' }}
        formatDate={formatDate}
        today={today}
      />,
    );
    expect(screen.getByRole('button', { name: '18 May 2026 – 22 May 2026' })).toBeInTheDocument();
  });

  it('takes the calendar.* labels as props', async () => {
    render(
      <Datepicker
        value={null}
        onChange={vi.fn()}
        today={today}
        labels={{ select_dates_title: 'Dates', apply_button: 'OK', close_button: 'Back' }}
        defaultOpen
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Dates' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});

describe('Datepicker on phones', () => {
  /** A viewport below md (992): only queries other than the popover one match. */
  function phoneViewport() {
    const listeners = new Set<() => void>();
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query !== DATEPICKER_POPOVER_QUERY,
          media: query,
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    return { spy, listeners };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens the calendar in the bottom Sheet below md (992 px)', async () => {
    expect(DATEPICKER_POPOVER_QUERY).toBe('(min-width: 992px)');
    phoneViewport();
    const onChange = vi.fn();
    render(<Datepicker value={null} onChange={onChange} today={today} />);
    const trigger = screen.getByRole('button', { name: 'Select dates' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    expect(dialog.closest('.gk-sheet')).not.toBeNull();
    expect(document.querySelector('.gk-datepicker__popover')).toBeNull();
    expect(within(dialog).getAllByRole('gridcell')).toHaveLength(42);
    await userEvent.click(within(dialog).getByRole('button', { name: /May 20, 2026/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith('2026-05-20');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts ref, className and native props on the sheet variant's trigger too", () => {
    phoneViewport();
    const ref = createRef<HTMLButtonElement>();
    render(<Datepicker ref={ref} className="dates" data-testid="dates" today={today} />);
    const trigger = screen.getByTestId('dates');
    expect(ref.current).toBe(trigger);
    expect(trigger).toHaveClass('gk-datepicker__trigger', 'dates');
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('discards the draft on the sheet close button', async () => {
    phoneViewport();
    const onChange = vi.fn();
    render(<Datepicker value={null} onChange={onChange} today={today} defaultOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    await userEvent.click(within(dialog).getByRole('button', { name: /May 20, 2026/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uses the popover from md up', async () => {
    render(<Datepicker value={null} onChange={vi.fn()} today={today} defaultOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    expect(dialog.closest('.gk-datepicker__popover')).not.toBeNull();
    expect(dialog.closest('.gk-sheet')).toBeNull();
  });
});
