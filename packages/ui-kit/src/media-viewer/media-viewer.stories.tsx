import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, screen, userEvent, waitFor } from 'storybook/test';
import { samplePhotos } from '../media/sample-photos';
import { PhotoPreview } from '../photo-preview/photo-preview';
import { MediaViewer } from './media-viewer';

const items = samplePhotos(5);

const meta = {
  title: 'Media/MediaViewer',
  tags: ['autodocs'],
  component: MediaViewer,
  args: { items, isOpen: true, onClose: fn(), startIndex: 0 },
  parameters: { layout: 'fullscreen' },
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
