import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Pagination, type PaginationProps } from './pagination';

function Stateful(args: PaginationProps) {
  const [page, setPage] = useState(args.page);
  return (
    <Pagination
      {...args}
      page={page}
      onPageChange={(next) => {
        args.onPageChange(next);
        setPage(next);
      }}
    />
  );
}

const meta = {
  title: 'Basics/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Stateful {...args} />,
  args: { page: 1, pageCount: 20, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Long range: 7 slots, the current page and its neighbours in the middle. */
export const Pages: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Page 5' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(5);
    await expect(canvas.getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Page 4' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 6' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
  },
};

/** 'Show more' and the total text, as on the search page. */
export const LoadMore: Story = {
  args: { page: 1, pageCount: 5, onLoadMore: fn(), shown: 20, total: 96 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Showing 20 of 96')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.onLoadMore).toHaveBeenCalledOnce();
  },
};

/** Last page: Next is disabled. */
export const LastPage: Story = {
  args: { page: 4, pageCount: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Next/ })).toBeDisabled();
  },
};
