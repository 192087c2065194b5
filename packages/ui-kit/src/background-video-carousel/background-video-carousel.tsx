import '../tokens/tokens.css';
import '../video-player/video-button.css';
import './background-video-carousel.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { breakpoints } from '../tokens/tokens';
import { cx } from '../internal/class-names';
import { mergeStyle, type NativeProps } from '../internal/root-props';

/** A landing background video (docs/product.md, Screens): two files and a placeholder colour. */
export interface BackgroundVideo {
  /** For narrow screens. */
  small: string;
  /** For screens from the `md` breakpoint (992 px). */
  large: string;
  /** Shown until the video has frames to show. */
  placeholderColor: string;
}

export const BACKGROUND_VIDEO_LARGE_FROM = breakpoints.md;

/** Native props, `className`, `style` and `ref` go to the root `<div>` (its background colour stays). */
export interface BackgroundVideoCarouselProps extends NativeProps<'div'> {
  videos: readonly BackgroundVideo[];
  /**
   * Shown behind the videos and instead of them when motion is reduced. Omit it when the page
   * paints its own backdrop behind the carousel (a responsive picture in CSS, say): a `<video>`
   * poster has no media queries, so a phone would also fetch the large one.
   */
  poster?: string;
  /**
   * Something more the videos wait for after the page's load event, such as the page's largest
   * paint: whatever is fetched before that paint counts against it on a slow network.
   */
  startAfter?: () => Promise<unknown>;
  /** Content over the videos (headline, search). */
  children?: ReactNode;
  pauseLabel?: string;
  playLabel?: string;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * Runs `start` once the page has loaded (at once when it already has); answers a cleanup.
 * The videos wait for it so their bytes never compete with the poster, the page's largest paint.
 */
function afterPageLoad(start: () => void): () => void {
  if (document.readyState === 'complete') {
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }
  window.addEventListener('load', start, { once: true });
  return () => window.removeEventListener('load', start);
}

/**
 * Muted background videos played one after another, with a pause button (WCAG 2.2.2). Each
 * shows its placeholder colour until it can play; with reduced motion only the poster shows.
 * Nothing of a video is fetched before the page's load event: until then the poster shows.
 *
 * **Usage.** Do use it once, behind the home page's headline and search, with short and calm riding
 * clips and a `poster` (or a backdrop the page paints) that works as the picture on its own. Don't
 * put information only in the videos: with reduced motion or on a slow network they never play.
 * Don't use it for a tour's own film either (use VideoPlayer, which has sound and controls).
 */
export function BackgroundVideoCarousel({
  videos,
  poster,
  startAfter,
  children,
  pauseLabel = 'Pause background video',
  playLabel = 'Play background video',
  className,
  style,
  ...rest
}: BackgroundVideoCarouselProps) {
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reduced, setReduced] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  // Read once, at mount: the wait starts then and a new function later changes nothing.
  const startAfterAtMount = useRef(startAfter);
  const current = videos[index];

  useEffect(() => setReduced(prefersReducedMotion()), []);
  useEffect(() => {
    let unmounted = false;
    const stop = afterPageLoad(() => {
      const more = startAfterAtMount.current?.() ?? Promise.resolve();
      void more.then(() => {
        if (!unmounted) setLoaded(true);
      });
    });
    return () => {
      unmounted = true;
      stop();
    };
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element || !loaded) return;
    if (paused) element.pause();
    else element.play()?.catch(() => undefined);
  }, [paused, index, reduced, loaded]);

  const next = () => {
    setReady(false);
    setIndex((index + 1) % videos.length);
  };

  return (
    <div
      {...rest}
      className={cx('gk-bg-video', className)}
      style={mergeStyle(style, {
        backgroundColor: current?.placeholderColor,
        backgroundImage: reduced && poster ? `url("${poster}")` : undefined,
      })}
      data-ready={ready || undefined}
    >
      {current && !reduced && (
        <video
          key={index}
          ref={video}
          className="gk-bg-video__video"
          poster={poster}
          muted
          autoPlay={loaded && !paused}
          playsInline
          preload={loaded ? 'auto' : 'none'}
          aria-hidden="true"
          data-index={index}
          onPlaying={() => setReady(true)}
          onEnded={next}
          onError={next}
        >
          <source src={current.large} media={`(min-width: ${BACKGROUND_VIDEO_LARGE_FROM}px)`} />
          <source src={current.small} />
        </video>
      )}
      <div className="gk-bg-video__content">{children}</div>
      {!reduced && videos.length > 0 && (
        <button
          type="button"
          className="gk-video-button gk-bg-video__toggle"
          aria-pressed={paused}
          aria-label={paused ? playLabel : pauseLabel}
          onClick={() => setPaused(!paused)}
        >
          <span
            className={paused ? 'gk-video-button__play' : 'gk-video-button__pause'}
            aria-hidden="true"
          />
        </button>
      )}
    </div>
  );
}
