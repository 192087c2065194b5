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

/**
 * A long trail on a phone wraps; every crumb stays a target at least 24 px tall and the rows do
 * not touch (WCAG 2.5.8).
 */
export const WrappedOnAPhone: Story = {
  args: {
    items: [
      { url: '/', text: 'Home' },
      { url: '/destinations/africa', text: 'Africa' },
      { url: '/destinations/south-africa', text: 'South Africa' },
      { url: '/destinations/limpopo', text: 'Limpopo' },
      { url: '/tours/waterberg', text: 'Waterberg Biosphere Riding Expedition' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ width: 280 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const boxes = canvas.getAllByRole('link').map((link) => link.getBoundingClientRect());
    for (const box of boxes) await expect(box.height).toBeGreaterThanOrEqual(24);
    const rows = [...new Set(boxes.map((box) => Math.round(box.top)))];
    await expect(rows.length).toBeGreaterThan(1);
    for (const [index, box] of boxes.entries()) {
      const next = boxes[index + 1];
      if (next && next.top > box.top + 1) await expect(next.top).toBeGreaterThanOrEqual(box.bottom);
    }
    // A wrapped row starts with its crumb on the trail's edge: the '/' ends the row above.
    const left = Math.round(canvas.getByRole('navigation').getBoundingClientRect().left);
    for (const [index, box] of boxes.entries()) {
      const previous = boxes[index - 1];
      if (previous && box.top > previous.top + 1) await expect(Math.round(box.left)).toBe(left);
    }
  },
};
