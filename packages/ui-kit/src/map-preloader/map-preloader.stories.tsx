import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { samplePhotos } from '../media/sample-photos';
import { imageUrl } from '../media/media';
import { MapPreloader } from './map-preloader';

const preview = imageUrl(samplePhotos(2)[1]!.image, '600x350');

/** Stands in for a provider's map: a lazily "loaded" panel. */
const loadMap = () =>
  new Promise<React.ReactNode>((resolve) =>
    setTimeout(
      () =>
        resolve(
          <div
            role="region"
            aria-label="Interactive map"
            style={{ display: 'grid', placeItems: 'center', height: '100%', background: '#dfe9d8' }}
          >
            Interactive map
          </div>,
        ),
      300,
    ),
  );

const meta = {
  title: 'Media/MapPreloader',
  tags: ['autodocs'],
  component: MapPreloader,
  args: { previewUrl: preview, previewAlt: 'Route of the Tian Shan ride', loadMap: fn(loadMap) },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 600 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MapPreloader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Static preview until 'Show on map'; then the map loads. */
export const Preview: Story = {
  play: async ({ args, canvas }) => {
    await expect(args.loadMap).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Show on map' }));
    await expect(await canvas.findByRole('region', { name: 'Interactive map' })).toBeVisible();
    await expect(args.loadMap).toHaveBeenCalledTimes(1);
  },
};

export const LoadFailed: Story = {
  args: { loadMap: fn(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show on map' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
