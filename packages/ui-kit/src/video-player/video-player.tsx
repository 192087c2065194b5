import '../tokens/tokens.css';
import './video-button.css';
import './video-player.css';
import { useRef, useState } from 'react';
import { videoEmbed } from './embed';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** The states of a video (docs/product.md, States). */
export type VideoState = 'loading' | 'playing' | 'paused';

export const VIDEO_PLAYER_TEXTS = {
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  loading: 'Loading video…',
} as const;

export type VideoPlayerTexts = { [Key in keyof typeof VIDEO_PLAYER_TEXTS]: string };

/** Native props, `className`, `style` and `ref` go to the root `<div>`. */
export interface VideoPlayerProps extends NativeProps<'div', 'title'> {
  /** A video file, or a youtube, rutube or vimeo link (embedded in an iframe). */
  src: string;
  /** Names the video (and the iframe) for screen readers. */
  title: string;
  poster?: string;
  /** Start muted (autoplay needs it in browsers). */
  defaultMuted?: boolean;
  texts?: Partial<VideoPlayerTexts>;
  onStateChange?: (state: VideoState) => void;
}

/**
 * Plays a file with play/pause and mute controls, or embeds a youtube/rutube/vimeo player.
 *
 * **Usage.** Do use it for a tour's or an organizer's own film, with a `title` that says what it
 * shows and a `poster` taken from the video. Don't start it with sound (use `defaultMuted` if it
 * plays by itself), and don't use it as a page backdrop (use BackgroundVideoCarousel).
 */
export function VideoPlayer({
  src,
  title,
  poster,
  defaultMuted = false,
  texts: custom,
  onStateChange,
  className,
  ...rest
}: VideoPlayerProps) {
  const texts = { ...VIDEO_PLAYER_TEXTS, ...custom };
  const video = useRef<HTMLVideoElement>(null);
  const [state, setStateValue] = useState<VideoState>('loading');
  const [muted, setMuted] = useState(defaultMuted);
  const embed = videoEmbed(src);

  const setState = (next: VideoState) => {
    setStateValue(next);
    onStateChange?.(next);
  };

  if (embed) {
    return (
      <div className="gk-video-player" data-source={embed.source}>
        <iframe
          className="gk-video-player__frame"
          src={embed.url}
          title={title}
          loading="lazy"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      // play() rejects when the file cannot play; the element's events keep the state right.
      element.play()?.catch(() => setState('paused'));
    } else {
      element.pause();
    }
  };

  return (
    <div
      {...rest}
      className={cx('gk-video-player', className)}
      data-state={state}
      data-muted={muted || undefined}
    >
      <video
        ref={video}
        className="gk-video-player__video"
        src={src}
        poster={poster}
        muted={muted}
        playsInline
        preload="metadata"
        aria-label={title}
        onLoadedData={() => setState(video.current?.paused === false ? 'playing' : 'paused')}
        onWaiting={() => setState('loading')}
        onPlaying={() => setState('playing')}
        onPause={() => setState('paused')}
        onEnded={() => setState('paused')}
        onClick={toggle}
      />
      {state === 'loading' && (
        <span className="gk-video-player__loading" role="status">
          <span className="gk-video-player__spinner" aria-hidden="true" />
          <span className="gk-video-player__sr">{texts.loading}</span>
        </span>
      )}
      <div className="gk-video-player__controls">
        <button
          type="button"
          className="gk-video-button"
          aria-label={state === 'playing' ? texts.pause : texts.play}
          onClick={toggle}
        >
          <span
            className={state === 'playing' ? 'gk-video-button__pause' : 'gk-video-button__play'}
            aria-hidden="true"
          />
        </button>
        <button
          type="button"
          className="gk-video-button"
          aria-label={muted ? texts.unmute : texts.mute}
          aria-pressed={muted}
          onClick={() => setMuted(!muted)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
            <path d="M3 7h3l4-3v12l-4-3H3z" />
            {muted ? (
              <path d="M13 7l5 6m0-6l-5 6" stroke="currentColor" strokeWidth="1.8" fill="none" />
            ) : (
              <path
                d="M13 6.5a5 5 0 0 1 0 7M15.5 4a8.5 8.5 0 0 1 0 12"
                stroke="currentColor"
                strokeWidth="1.6"
                fill="none"
              />
            )}
          </svg>
        </button>
      </div>
    </div>
  );
}
