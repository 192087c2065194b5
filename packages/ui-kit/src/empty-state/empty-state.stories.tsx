import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Page pieces/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  argTypes: { action: { control: false } },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingFound: Story = {
  args: { variant: 'nothing-found' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Nothing found');
  },
};

export const NoData: Story = {
  args: { variant: 'no-data' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No data to show');
  },
};

/** After a search: the hint suggests searching by tour code. */
export const Search: Story = {
  args: { variant: 'search', action: <Button>Clear filters</Button> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Nothing found based on your search',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Try searching by code');
  },
};
