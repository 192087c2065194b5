import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Breadcrumbs } from './breadcrumbs';

const meta = {
  title: 'Basics/Breadcrumbs',
  component: Breadcrumbs,
  tags: ['autodocs'],
  args: {
    items: [
      { url: '/', text: 'Home' },
      { url: '/destinations/mongolia', text: 'Mongolia' },
      { url: '/tours/gobi-ride', text: 'Seven days across the Gobi on horseback' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The last crumb is the current page; Tab walks the links. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveFocus();
    await expect(
      canvas.getByRole('link', { name: 'Seven days across the Gobi on horseback' }),
    ).toHaveAttribute('aria-current', 'page');
  },
};
