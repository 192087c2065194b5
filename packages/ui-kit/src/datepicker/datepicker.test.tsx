import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Datepicker } from './datepicker';

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
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
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
    const day = await screen.findByRole('button', { name: 'Wednesday, May 13, 2026' });
    day.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /May 20, 2026/ })).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'June 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /June 20, 2026/ })).toHaveFocus();
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
