import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { samplePhotos } from '../media/sample-photos';
import { TileGallery } from './tile-gallery';

const meta = {
  title: 'Media/TileGallery',
  tags: ['autodocs'],
  component: TileGallery,
  args: { items: samplePhotos(9), onOpen: fn() },
} satisfies Meta<typeof TileGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Six tiles (the default limit) and '+3 photos' on the last. */
export const Default: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(6);
    await expect(canvas.getByText('+3 photos')).toBeVisible();
    const gap = getComputedStyle(canvasElement.querySelector('ul')!).columnGap;
    await expect(['4px', '8px']).toContain(gap);
    await userEvent.click(canvas.getAllByRole('button')[0]!);
    await expect(args.onOpen).toHaveBeenCalledWith(0);
  },
};

export const FewPhotos: Story = {
  args: { items: samplePhotos(3) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/\+\d/)).toBeNull();
  },
};
