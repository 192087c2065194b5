import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PaceMixBar } from './pace-mix';

const percent = { control: { type: 'range', min: 0, max: 100, step: 5 } } as const;

const meta = {
  title: 'Rider fit/PaceMixBar',
  component: PaceMixBar,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { walk: 50, trot: 30, canter: 15, gallop: 5 },
  argTypes: {
    walk: percent,
    trot: percent,
    canter: percent,
    gallop: percent,
    labels: { control: false },
    ariaLabel: { control: false },
  },
  render: (args) => (
    <div style={{ maxWidth: 480 }}>
      <PaceMixBar {...args} />
    </div>
  ),
} satisfies Meta<typeof PaceMixBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Balanced: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('img', {
      name: 'Pace mix: walk 50%, trot 30%, canter 15%, gallop 5%',
    });
    await expect(bar).toBeVisible();
  },
};

/** A zero share (no gallop) is left out of the bar, the legend and the name. */
export const NoGallop: Story = {
  args: { walk: 60, trot: 30, canter: 10, gallop: 0 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('img', { name: 'Pace mix: walk 60%, trot 30%, canter 10%' });
    await expect(bar).not.toHaveTextContent('Gallop');
    await expect(bar.querySelectorAll('.gk-pace-mix__segment')).toHaveLength(3);
  },
};

/** A fast ride for strong riders. */
export const Fast: Story = {
  args: { walk: 25, trot: 25, canter: 30, gallop: 20 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: 'Pace mix: walk 25%, trot 25%, canter 30%, gallop 20%' }),
    ).toBeVisible();
  },
};

/** A walking ride: one pace fills the bar. */
export const WalkOnly: Story = {
  args: { walk: 100, trot: 0, canter: 0, gallop: 0 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('img', { name: 'Pace mix: walk 100%' });
    await expect(bar.querySelectorAll('li')).toHaveLength(1);
    await expect(bar).toHaveTextContent('Walk 100%');
  },
};
