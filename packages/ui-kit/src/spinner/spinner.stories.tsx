import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from './spinner';

const meta = {
  title: 'Basics/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  argTypes: { size: { control: { type: 'number', min: 12, max: 64 } } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 22 px, announced as 'Loading...'. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Loading...');
    const circle = status.querySelector('.gk-spinner')!;
    await expect(circle.getBoundingClientRect().width).toBe(22);
  },
};

export const Large: Story = {
  args: { size: 48, label: 'Searching tours' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Searching tours');
  },
};
