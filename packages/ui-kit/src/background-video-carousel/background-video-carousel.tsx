import '../tokens/tokens.css';
import '../video-player/video-button.css';
import './background-video-carousel.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { breakpoints } from '../tokens/tokens';

/** A landing background video (spec section 2.2): two files and a placeholder colour. */
export interface BackgroundVideo {
  /** For narrow screens. */
  small: string;
  /** For screens from the `md` breakpoint (992 px). */
  large: string;
  /** Shown until the video has frames to show. */
  placeholderColor: string;
}

export const BACKGROUND_VIDEO_LARGE_FROM = breakpoints.md;

export interface BackgroundVideoCarouselProps {
  videos: readonly BackgroundVideo[];
  /** Shown behind the videos and instead of them when motion is reduced. */
  poster: string;
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
 * Muted background videos played one after another, with a pause button (WCAG 2.2.2). Each
 * shows its placeholder colour until it can play; with reduced motion only the poster shows.
 */
export function BackgroundVideoCarousel({
  videos,
  poster,
  children,
  pauseLabel = 'Pause background video',
  playLabel = 'Play background video',
}: BackgroundVideoCarouselProps) {
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reduced, setReduced] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const current = videos[index];

  useEffect(() => setReduced(prefersReducedMotion()), []);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (paused) element.pause();
    else element.play()?.catch(() => undefined);
  }, [paused, index, reduced]);

  const next = () => {
    setReady(false);
    setIndex((index + 1) % videos.length);
  };

  return (
    <div
      className="gk-bg-video"
      style={{
        backgroundColor: current?.placeholderColor,
        backgroundImage: reduced ? `url("${poster}")` : undefined,
      }}
      data-ready={ready || undefined}
    >
      {current && !reduced && (
        <video
          key={index}
          ref={video}
          className="gk-bg-video__video"
          poster={poster}
          muted
          autoPlay={!paused}
          playsInline
          preload="auto"
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
