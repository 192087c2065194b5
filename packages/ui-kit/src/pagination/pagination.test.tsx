import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, paginationRange } from './pagination';

describe('paginationRange', () => {
  it('lists every page when they fit in 7 slots', () => {
    expect(paginationRange(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationRange(1, 0)).toEqual([]);
  });

  it('collapses long ranges into 7 slots with the 3 pages around the current one', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(paginationRange(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(paginationRange(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(paginationRange(16, 20)).toEqual([1, 'gap', 15, 16, 17, 'gap', 20]);
    expect(paginationRange(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(paginationRange(99, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    for (let page = 1; page <= 20; page += 1) {
      const slots = paginationRange(page, 20);
      expect(slots).toHaveLength(7);
      expect(slots).toContain(page);
    }
  });
});

describe('Pagination', () => {
  it('uses the default labels for the pagination.* keys and moves between pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={5} onPageChange={onPageChange} shown={20} total={95} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 95')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it("offers 'Show more' until the last page, with translated labels", async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <Pagination
        page={2}
        pageCount={3}
        onPageChange={() => {}}
        onLoadMore={onLoadMore}
        labels={{ loadMoreButton: 'Mehr anzeigen', nextButton: 'Weiter' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mehr anzeigen' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: /Weiter/ })).toBeEnabled();
    rerender(<Pagination page={3} pageCount={3} onPageChange={() => {}} onLoadMore={onLoadMore} />);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });
});
