import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { samplePhotos } from '../media/sample-photos';
import { PhotoPreview } from './photo-preview';

const meta = {
  title: 'Media/PhotoPreview',
  tags: ['autodocs'],
  component: PhotoPreview,
  args: { photos: samplePhotos(8), onOpen: fn() },
} satisfies Meta<typeof PhotoPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three thumbnails; the last says '5 more photos' and opens the gallery there. */
export const MorePhotos: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(3);
    await expect(canvas.getByText('5 more photos')).toBeVisible();
    const image = canvasElement.querySelector('img');
    await expect(image?.getAttribute('src')).toContain('185x122');
    await userEvent.click(canvas.getByRole('button', { name: /Open photo 3 of 8/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(2);
  },
};

/** Exactly three photos: no overlay. */
export const ThreePhotos: Story = {
  args: { photos: samplePhotos(3) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/more photo/)).toBeNull();
  },
};

/** Without `onOpen` the previews are plain images with their alt text. */
export const Static: Story = {
  args: { photos: samplePhotos(4), onOpen: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
    await expect(canvas.getByText('1 more photo')).toBeVisible();
  },
};
