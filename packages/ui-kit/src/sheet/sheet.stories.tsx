import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Sheet, type SheetProps } from './sheet';

function Stateful(args: SheetProps) {
  const [open, setOpen] = useState(args.isOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Filters</Button>
      <Sheet
        {...args}
        isOpen={open}
        onClose={() => {
          args.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Basics/Sheet',
  component: Sheet,
  tags: ['autodocs'],
  // Docs page: each story in its own fixed-height frame, so an open dialog stays inside it
  // instead of covering the page and hiding it from screen readers (issue 48).
  parameters: {
    viewport: { defaultViewport: 'phone' },
    docs: { story: { inline: false, iframeHeight: '640px' } },
  },
  render: (args) => <Stateful {...args} />,
  args: {
    isOpen: true,
    onClose: fn(),
    title: 'Filters',
    children: (
      <div style={{ display: 'grid', gap: 12 }}>
        {['Duration', 'Difficulty', 'Group size', 'Accommodation', 'Languages', 'Comfort'].map(
          (name) => (
            <label key={name} style={{ display: 'flex', gap: 8, padding: '12px 0' }}>
              <input type="checkbox" /> {name}
            </label>
          ),
        )}
      </div>
    ),
    footer: (
      <Button theme="primary" block>
        Show 42 tours
      </Button>
    ),
  },
  argTypes: { children: { control: false }, footer: { control: false } },
} satisfies Meta<typeof Sheet>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open from the bottom; Escape closes it. */
export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Filters' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Show 42 tours' })).toBeVisible(),
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** Closed; the opener shows it, Escape closes it and focus returns to the opener. */
export const Closed: Story = {
  args: { isOpen: false },
  play: async ({ canvas }) => {
    const opener = canvas.getByRole('button', { name: 'Filters' });
    await userEvent.click(opener);
    await within(document.body).findByRole('dialog', { name: 'Filters' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
