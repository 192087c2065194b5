import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Tabs } from './tabs';

const items = [
  {
    id: 'program',
    title: 'Program',
    content: <p>Day 1: arrival in Ulaanbaatar, transfer to the camp and an evening ride.</p>,
  },
  { id: 'included', title: "What's included", content: <p>Horses, guides, tents, all meals.</p> },
  { id: 'reviews', title: 'Reviews', content: <p>“The best week of my life.” — Clara, 2025</p> },
  { id: 'map', title: 'Map', content: <p>Route map.</p>, disabled: true },
];

const meta = {
  title: 'Basics/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { label: 'Tour details', items, onSelectionChange: fn() },
  argTypes: { items: { control: false } },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move between tabs, skipping disabled ones and wrapping around. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Program' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Horses, guides');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('included');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Program' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** Starts on another tab. */
export const Selected: Story = {
  args: { defaultSelectedId: 'reviews' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('The best week');
  },
};

/** Full width, e.g. on phones. */
export const Fill: Story = {
  args: { fill: true, items: items.slice(0, 3) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Reviews' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('The best week');
  },
};
