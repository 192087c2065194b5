import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, screen, spyOn, userEvent, waitFor } from 'storybook/test';
import { samplePhotos } from '../media/sample-photos';
import { PhotoPreview } from '../photo-preview/photo-preview';
import { MediaViewer } from './media-viewer';

const items = samplePhotos(5);

const meta = {
  title: 'Media/MediaViewer',
  tags: ['autodocs'],
  component: MediaViewer,
  args: { items, isOpen: true, onClose: fn(), startIndex: 0 },
  // Docs page: each story in its own fixed-height frame, so an open dialog stays inside it
  // instead of covering the page and hiding it from screen readers (issue 48).
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: '600px' } } },
} satisfies Meta<typeof MediaViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

const currentAlt = () => screen.getByRole('dialog').querySelector('img')?.getAttribute('alt');

/** Open: the arrow keys step through the items and wrap around. */
export const Open: Story = {
  play: async () => {
    await screen.findByRole('dialog', { name: 'Photo viewer' });
    await userEvent.keyboard('{ArrowLeft}');
    await expect(currentAlt()).toBe(items[4]!.alt);
    await userEvent.keyboard('{ArrowRight}');
    await expect(currentAlt()).toBe(items[0]!.alt);
  },
};

/** Esc closes. */
export const EscCloses: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

function dragStage(dx: number, dy: number) {
  const stage = screen.getByTestId('media-viewer-stage');
  fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 300 });
  fireEvent.pointerMove(stage, { pointerId: 1, clientX: 300 + dx, clientY: 300 + dy });
  fireEvent.pointerUp(stage, { pointerId: 1, clientX: 300 + dx, clientY: 300 + dy });
}

/** A horizontal drag over 100 px changes the item; a vertical one over 100 px closes. */
export const DragThresholds: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog');
    dragStage(-80, 0);
    await expect(currentAlt()).toBe(items[0]!.alt);
    dragStage(-140, 0);
    await waitFor(() => expect(currentAlt()).toBe(items[1]!.alt));
    dragStage(0, 90);
    await expect(args.onClose).not.toHaveBeenCalled();
    dragStage(0, 160);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Double tap within 300 ms doubles the scale; again resets to 1. */
export const Zoomed: Story = {
  play: async () => {
    await screen.findByRole('dialog');
    const stage = screen.getByTestId('media-viewer-stage');
    const tap = () => {
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 300 });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: 300, clientY: 300 });
    };
    tap();
    tap();
    await waitFor(() =>
      expect(screen.getByRole('dialog').querySelector('img')).toHaveAttribute('data-scale', '2'),
    );
  },
};

/** Opened from a PhotoPreview strip; closing returns focus to the thumbnail. */
export const FromPhotoPreview: Story = {
  args: { isOpen: false },
  parameters: { layout: 'padded' },
  render: function Render(args) {
    const [open, setOpen] = useState<number | null>(null);
    return (
      <>
        <PhotoPreview photos={items} onOpen={setOpen} />
        <MediaViewer
          {...args}
          isOpen={open !== null}
          startIndex={open ?? 0}
          onClose={() => setOpen(null)}
        />
      </>
    );
  },
  play: async ({ canvas }) => {
    const second = canvas.getByRole('button', { name: /Open photo 2 of 5/ });
    await userEvent.click(second);
    await screen.findByRole('dialog');
    await expect(currentAlt()).toBe(items[1]!.alt);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(second).toHaveFocus());
  },
};

const [ridePoster] = samplePhotos(3).slice(2);
const withVideos = [
  items[0]!,
  // No video file ships with the kit: the file item stays in its loading state here.
  {
    image: ridePoster!.image,
    alt: 'Morning ride through the canyon',
    video_url: '/stories/ride.mp4',
  },
  {
    image: '',
    alt: 'Tour film on YouTube',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  },
];
const stageOf = () => screen.getByTestId('media-viewer-stage');

/**
 * Items with a `video_url` play in the VideoPlayer: a file with its own controls, or a youtube,
 * rutube or vimeo iframe. Arrows wrap across photos and videos, the drag thresholds hold, and a
 * double tap on a video does not zoom.
 */
export const Videos: Story = {
  args: { items: withVideos, startIndex: 1, label: 'Media viewer' },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Media viewer' });
    const video = stageOf().querySelector('video')!;
    await expect(video).toHaveAttribute('poster', expect.stringContaining('data:image/svg+xml'));
    // A click on Play reaches the player (the stage captures the pointer only once a drag starts).
    const play = spyOn(video, 'play').mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    await expect(play).toHaveBeenCalledOnce();
    // Double tap on a video: no zoom.
    const tap = () => {
      fireEvent.pointerDown(stageOf(), { pointerId: 1, clientX: 300, clientY: 300 });
      fireEvent.pointerUp(stageOf(), { pointerId: 1, clientX: 300, clientY: 300 });
    };
    tap();
    tap();
    await expect(
      stageOf().querySelector<HTMLElement>('.gk-media-viewer__video')!.style.transform,
    ).toContain('scale(1)');
    // Drag thresholds: under 100 px stays, over 100 px goes to the youtube item.
    dragStage(-80, 0);
    await expect(stageOf().querySelector('video')).toBeInTheDocument();
    dragStage(-140, 0);
    await waitFor(() =>
      expect(stageOf().querySelector('iframe')).toHaveAttribute(
        'src',
        'https://www.youtube.com/embed/dQw4w9WgXcQ',
      ),
    );
    // Wraparound from the last item back to the photo.
    await userEvent.keyboard('{ArrowRight}');
    await expect(currentAlt()).toBe(items[0]!.alt);
    dragStage(0, 160);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** A video file item: the VideoPlayer with the item image as its poster, play and mute controls. */
export const VideoItem: Story = {
  args: { items: withVideos, startIndex: 1, label: 'Media viewer' },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Media viewer' });
    await expect(stageOf().querySelector('video')).toHaveAttribute('src', '/stories/ride.mp4');
    // Visible once the 300 ms opening fade has run.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeVisible());
    await expect(screen.getByText('2 / 3', { exact: false })).toBeInTheDocument();
  },
};
