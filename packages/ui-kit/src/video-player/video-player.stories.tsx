import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent } from 'storybook/test';
import { samplePhotos } from '../media/sample-photos';
import { imageUrl } from '../media/media';
import { VideoPlayer } from './video-player';

const poster = imageUrl(samplePhotos(3)[2]!.image, '748x1000');

const meta = {
  title: 'Media/VideoPlayer',
  tags: ['autodocs'],
  component: VideoPlayer,
  // No video file ships with the kit: the file stories drive the states through media events.
  args: { src: '/stories/ride.mp4', title: 'Morning ride through the canyon', poster },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VideoPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading video…');
    await expect(canvasElement.querySelector('.gk-video-player')).toHaveAttribute(
      'data-state',
      'loading',
    );
  },
};

export const Playing: Story = {
  play: async ({ canvas, canvasElement }) => {
    fireEvent.playing(canvasElement.querySelector('video')!);
    await expect(canvas.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(canvasElement.querySelector('.gk-video-player')).toHaveAttribute(
      'data-state',
      'playing',
    );
  },
};

export const Paused: Story = {
  play: async ({ canvas, canvasElement }) => {
    fireEvent.pause(canvasElement.querySelector('video')!);
    await expect(canvas.getByRole('button', { name: 'Play' })).toBeVisible();
  },
};

export const Muted: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }));
    await expect(canvasElement.querySelector('video')!.muted).toBe(true);
    await expect(canvas.getByRole('button', { name: 'Unmute' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

export const YouTube: Story = {
  args: { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  play: async ({ canvas }) => {
    await expect(canvas.getByTitle('Morning ride through the canyon')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
  },
};

export const Rutube: Story = {
  args: { src: 'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/' },
};

export const Vimeo: Story = {
  args: { src: 'https://vimeo.com/76979871' },
};
