import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { videoEmbed } from './embed';
import { VideoPlayer } from './video-player';

describe('videoEmbed', () => {
  it('embeds youtube links in their forms', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
      'https://m.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoEmbed(link)).toEqual({
        source: 'youtube',
        url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      });
    }
  });
  it('embeds rutube and vimeo links', () => {
    expect(videoEmbed('https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/')).toEqual({
      source: 'rutube',
      url: 'https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4',
    });
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({
      source: 'vimeo',
      url: 'https://player.vimeo.com/video/76979871',
    });
  });
  it('leaves files and other sites alone', () => {
    expect(videoEmbed('/media/ride.mp4')).toBeUndefined();
    expect(videoEmbed('https://cdn.gallop.travel/ride.mp4')).toBeUndefined();
    expect(videoEmbed('https://youtube.com/about')).toBeUndefined();
  });
});

describe('VideoPlayer', () => {
  it('puts provider links in a titled iframe', () => {
    render(<VideoPlayer src="https://youtu.be/dQw4w9WgXcQ" title="Ride through the steppe" />);
    expect(screen.getByTitle('Ride through the steppe')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
  });

  it('moves through loading, playing and paused with the media events', async () => {
    const onStateChange = vi.fn();
    const { container } = render(
      <VideoPlayer src="/ride.mp4" title="Ride" onStateChange={onStateChange} />,
    );
    const root = container.firstElementChild!;
    const video = container.querySelector('video')!;
    expect(root).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');
    const play = vi.spyOn(video, 'play').mockImplementation(() => {
      fireEvent.playing(video);
      return Promise.resolve();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalled();
    expect(root).toHaveAttribute('data-state', 'playing');
    Object.defineProperty(video, 'paused', { value: false, configurable: true });
    vi.spyOn(video, 'pause').mockImplementation(() => fireEvent.pause(video));
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(root).toHaveAttribute('data-state', 'paused');
    expect(onStateChange.mock.calls.map(([state]) => state)).toEqual(['playing', 'paused']);
  });

  it('mutes and unmutes', async () => {
    const { container } = render(<VideoPlayer src="/ride.mp4" title="Ride" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(container.querySelector('video')!.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  });
});
