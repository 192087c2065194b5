import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundVideoCarousel } from './background-video-carousel';

const videos = [
  { small: '/v/1-small.mp4', large: '/v/1-large.mp4', placeholderColor: 'rgb(120, 90, 60)' },
  { small: '/v/2-small.mp4', large: '/v/2-large.mp4', placeholderColor: 'rgb(40, 80, 120)' },
];

describe('BackgroundVideoCarousel', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('offers the small and the large file, on the placeholder colour, with the poster', () => {
    const { container } = render(<BackgroundVideoCarousel videos={videos} poster="/poster.jpg" />);
    const sources = container.querySelectorAll('source');
    expect(sources[0]).toHaveAttribute('src', '/v/1-large.mp4');
    expect(sources[0]).toHaveAttribute('media', '(min-width: 992px)');
    expect(sources[1]).toHaveAttribute('src', '/v/1-small.mp4');
    expect(container.querySelector('video')).toHaveAttribute('poster', '/poster.jpg');
    expect(container.firstElementChild).toHaveStyle({ backgroundColor: 'rgb(120, 90, 60)' });
  });

  it('plays the next video when one ends, wrapping around', () => {
    const { container } = render(<BackgroundVideoCarousel videos={videos} poster="/poster.jpg" />);
    fireEvent.ended(container.querySelector('video')!);
    expect(container.querySelector('video')).toHaveAttribute('data-index', '1');
    expect(container.firstElementChild).toHaveStyle({ backgroundColor: 'rgb(40, 80, 120)' });
    fireEvent.ended(container.querySelector('video')!);
    expect(container.querySelector('video')).toHaveAttribute('data-index', '0');
  });

  it('can be paused and played again', async () => {
    render(<BackgroundVideoCarousel videos={videos} poster="/poster.jpg" />);
    await userEvent.click(screen.getByRole('button', { name: 'Pause background video' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play background video' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
