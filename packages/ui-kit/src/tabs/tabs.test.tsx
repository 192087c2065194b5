import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = [
  { id: 'program', title: 'Program', content: 'Day 1: arrival' },
  { id: 'prices', title: 'Prices', content: 'From 1200 USD' },
  { id: 'reviews', title: 'Reviews', content: 'Wonderful horses' },
];

describe('Tabs', () => {
  it('shows the first panel and moves with the arrow keys, wrapping around', async () => {
    const onSelectionChange = vi.fn();
    render(<Tabs label="Tour details" items={items} onSelectionChange={onSelectionChange} />);
    expect(screen.getByRole('tablist', { name: 'Tour details' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Day 1: arrival');
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Program' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Prices' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('From 1200 USD');
    expect(onSelectionChange).toHaveBeenLastCalledWith('prices');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects on click and respects a controlled selection', async () => {
    const { rerender } = render(<Tabs label="T" items={items} selectedId="reviews" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Wonderful horses');
    rerender(<Tabs label="T" items={items} selectedId="prices" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('From 1200 USD');
    const onSelectionChange = vi.fn();
    rerender(
      <Tabs
        label="T"
        items={items}
        defaultSelectedId="program"
        onSelectionChange={onSelectionChange}
      />,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(onSelectionChange).toHaveBeenCalledWith('reviews');
  });
});
