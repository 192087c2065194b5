import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  afterEach(() => vi.restoreAllMocks());

  it('fetches and plays nothing before the page has loaded, so the poster paints first', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { container } = render(<BackgroundVideoCarousel videos={videos} poster="/poster.jpg" />);
    const element = container.querySelector('video')!;
    expect(element).toHaveAttribute('preload', 'none');
    expect(element).not.toHaveAttribute('autoplay');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();

    await act(async () => {
      window.dispatchEvent(new Event('load'));
    });
    expect(element).toHaveAttribute('preload', 'auto');
    expect(element).toHaveAttribute('autoplay');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
  });

  it('waits for startAfter too once the page has loaded', async () => {
    let paint: () => void = () => undefined;
    const largestPaint = new Promise<void>((resolve) => (paint = resolve));
    const { container } = render(
      <BackgroundVideoCarousel videos={videos} startAfter={() => largestPaint} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container.querySelector('video')).toHaveAttribute('preload', 'none');
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    await act(async () => paint());
    expect(container.querySelector('video')).toHaveAttribute('preload', 'auto');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the page has already loaded (a client-side navigation)', async () => {
    const { container } = render(<BackgroundVideoCarousel videos={videos} poster="/poster.jpg" />);
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    expect(container.querySelector('video')).toHaveAttribute('preload', 'auto');
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

  it('leaves the backdrop to the page when it has no poster', () => {
    const { container } = render(<BackgroundVideoCarousel videos={videos} />);
    expect(container.querySelector('video')).not.toHaveAttribute('poster');
    expect((container.firstElementChild as HTMLElement).style.backgroundImage).toBe('');
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
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Pause background video' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play background video' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
