import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { samplePhotos } from '../media/sample-photos';
import { MediaViewer } from './media-viewer';

const items = samplePhotos(3);

function open(props: Partial<Parameters<typeof MediaViewer>[0]> = {}) {
  const onClose = vi.fn();
  render(<MediaViewer items={items} isOpen onClose={onClose} {...props} />);
  return { onClose, image: () => screen.getByRole('dialog').querySelector('img')! };
}

function drag(dx: number, dy: number) {
  const stage = screen.getByTestId('media-viewer-stage');
  fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, clientY: 300 });
  fireEvent.pointerMove(stage, { pointerId: 1, clientX: 200 + dx, clientY: 300 + dy });
  fireEvent.pointerUp(stage, { pointerId: 1, clientX: 200 + dx, clientY: 300 + dy });
}

describe('MediaViewer', () => {
  it('is a labelled dialog showing the start item', () => {
    const { image } = open({ startIndex: 1 });
    expect(screen.getByRole('dialog', { name: 'Photo viewer' })).toBeInTheDocument();
    expect(image()).toHaveAttribute('alt', items[1]!.alt);
    expect(screen.getByText('2 / 3', { exact: false })).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const { onClose } = open();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('steps with the arrow keys and wraps around', async () => {
    const onIndexChange = vi.fn();
    const { image } = open({ onIndexChange });
    await userEvent.keyboard('{ArrowLeft}');
    expect(image()).toHaveAttribute('alt', items[2]!.alt);
    await userEvent.keyboard('{ArrowRight}');
    expect(image()).toHaveAttribute('alt', items[0]!.alt);
    expect(onIndexChange.mock.calls).toEqual([[2], [0]]);
  });

  it('changes the item on a horizontal drag over 100 px only', () => {
    const { image } = open();
    drag(-90, 0);
    expect(image()).toHaveAttribute('alt', items[0]!.alt);
    drag(-120, 10);
    expect(image()).toHaveAttribute('alt', items[1]!.alt);
    drag(150, 0);
    expect(image()).toHaveAttribute('alt', items[0]!.alt);
  });

  it('closes on a vertical drag over 100 px only', () => {
    const { onClose } = open();
    drag(0, 80);
    expect(onClose).not.toHaveBeenCalled();
    drag(5, 130);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('double tap within 300 ms toggles zoom between 1 and 2', () => {
    const { image } = open();
    const stage = screen.getByTestId('media-viewer-stage');
    const tap = (timeStamp: number) => {
      act(() => {
        stage.dispatchEvent(
          new PointerEvent('pointerdown', {
            bubbles: true,
            pointerId: 1,
            clientX: 10,
            clientY: 10,
          }),
        );
      });
      const up = new PointerEvent('pointerup', {
        bubbles: true,
        pointerId: 1,
        clientX: 10,
        clientY: 10,
      });
      Object.defineProperty(up, 'timeStamp', { value: timeStamp });
      act(() => {
        stage.dispatchEvent(up);
      });
    };
    tap(1000);
    tap(1250);
    expect(image()).toHaveAttribute('data-scale', '2');
    tap(2000);
    tap(2400); // too slow: not a double tap
    expect(image()).toHaveAttribute('data-scale', '2');
    tap(2600);
    expect(image()).toHaveAttribute('data-scale', '1');
  });

  it('pinch out zooms to 2, pinch in resets to 1', () => {
    const { image } = open();
    const stage = screen.getByTestId('media-viewer-stage');
    const pinch = (from: number, to: number) => {
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200 - from, clientY: 300 });
      fireEvent.pointerDown(stage, { pointerId: 2, clientX: 200 + from, clientY: 300 });
      fireEvent.pointerMove(stage, { pointerId: 1, clientX: 200 - to, clientY: 300 });
      fireEvent.pointerMove(stage, { pointerId: 2, clientX: 200 + to, clientY: 300 });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: 200 - to, clientY: 300 });
      fireEvent.pointerUp(stage, { pointerId: 2, clientX: 200 + to, clientY: 300 });
    };
    pinch(20, 80);
    expect(image()).toHaveAttribute('data-scale', '2');
    pinch(80, 20);
    expect(image()).toHaveAttribute('data-scale', '1');
  });

  it('has Previous / Next / Close buttons', async () => {
    const { image, onClose } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(image()).toHaveAttribute('alt', items[1]!.alt);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  describe('video items', () => {
    const [photo, poster] = samplePhotos(2);
    const mixed = [
      photo!,
      { image: poster!.image, alt: 'Canyon ride', video_url: 'https://cdn.example/ride.mp4' },
      { image: '', video_url: 'https://youtu.be/dQw4w9WgXcQ' },
    ];
    const stage = () => screen.getByTestId('media-viewer-stage');

    it('plays a file in the VideoPlayer with the item image as its poster', () => {
      open({ items: mixed, startIndex: 1 });
      const video = stage().querySelector('video');
      expect(video).toHaveAttribute('src', 'https://cdn.example/ride.mp4');
      expect(video).toHaveAttribute('poster', poster!.image.replace('{{size}}', '1200x00'));
      expect(video).toHaveAttribute('aria-label', 'Canyon ride');
      expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
      expect(stage().querySelector('img')).toBeNull();
    });

    it('embeds a youtube link in an iframe named by videoLabel', () => {
      open({ items: mixed, startIndex: 2, videoLabel: 'Tour video' });
      const frame = stage().querySelector('iframe');
      expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
      expect(frame).toHaveAttribute('title', 'Tour video');
    });

    it('steps through photos and videos with wraparound', async () => {
      const { image } = open({ items: mixed });
      await userEvent.keyboard('{ArrowLeft}');
      expect(stage().querySelector('iframe')).toBeInTheDocument();
      await userEvent.keyboard('{ArrowLeft}');
      expect(stage().querySelector('video')).toBeInTheDocument();
      await userEvent.keyboard('{ArrowRight}{ArrowRight}');
      expect(image()).toHaveAttribute('alt', photo!.alt);
    });

    it('keeps the drag thresholds on a video', () => {
      const { onClose } = open({ items: mixed, startIndex: 1 });
      drag(-90, 0);
      expect(stage().querySelector('video')).toBeInTheDocument();
      drag(-120, 0);
      expect(stage().querySelector('iframe')).toBeInTheDocument();
      drag(0, 90);
      expect(onClose).not.toHaveBeenCalled();
      drag(0, 130);
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('does not zoom a video on double tap or pinch', () => {
      open({ items: mixed, startIndex: 1 });
      const player = () => stage().querySelector<HTMLElement>('.gk-media-viewer__video')!;
      for (const pointerId of [1, 1]) {
        fireEvent.pointerDown(stage(), { pointerId, clientX: 10, clientY: 10 });
        fireEvent.pointerUp(stage(), { pointerId, clientX: 10, clientY: 10 });
      }
      expect(player().style.transform).toContain('scale(1)');
      fireEvent.pointerDown(stage(), { pointerId: 1, clientX: 180, clientY: 300 });
      fireEvent.pointerDown(stage(), { pointerId: 2, clientX: 220, clientY: 300 });
      fireEvent.pointerMove(stage(), { pointerId: 1, clientX: 100, clientY: 300 });
      fireEvent.pointerMove(stage(), { pointerId: 2, clientX: 300, clientY: 300 });
      fireEvent.pointerUp(stage(), { pointerId: 1, clientX: 100, clientY: 300 });
      fireEvent.pointerUp(stage(), { pointerId: 2, clientX: 300, clientY: 300 });
      expect(player().style.transform).toContain('scale(1)');
    });

    it('lets a tap reach the player: Play starts the file', async () => {
      open({ items: mixed, startIndex: 1 });
      const video = stage().querySelector('video')!;
      const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
      await userEvent.click(screen.getByRole('button', { name: 'Play' }));
      expect(play).toHaveBeenCalledOnce();
    });
  });
});
