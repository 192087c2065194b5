import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Collapse } from './collapse';

const meta = {
  title: 'Basics/Collapse',
  component: Collapse,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    title: 'Do I need riding experience?',
    children: (
      <p>
        No. Beginners ride at a walk for the first two days; guides match every rider with a calm
        horse.
      </p>
    ),
    onOpenChange: fn(),
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof Collapse>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the answer is hidden from screen readers and the tab order. Enter opens it. */
export const Closed: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: args.title as string });
    await expect(canvas.queryByText(/Beginners ride/)).not.toBeVisible();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(canvas.getByText(/Beginners ride/)).toBeVisible());
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
  },
};

/** Open; closing animates over 200 ms, then the content is hidden. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Beginners ride/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: args.title as string }));
    await waitFor(() => expect(canvas.queryByText(/Beginners ride/)).not.toBeVisible(), {
      timeout: 1000,
    });
  },
};
