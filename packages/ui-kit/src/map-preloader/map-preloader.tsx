import '../tokens/tokens.css';
import './map-preloader.css';
import { useState, type ReactNode } from 'react';
import { cx } from '../internal/class-names';
import { mergeStyle, type NativeProps } from '../internal/root-props';

/** Default static map image size (docs/product.md, Constants). */
export const MAP_PREVIEW_SIZE = { width: 600, height: 350 } as const;
export const MAP_PRELOADER_TEXTS = {
  show: 'Show on map',
  loading: 'Loading the map…',
  error: 'The map could not be loaded.',
  retry: 'Try again',
} as const;

export type MapPreloaderTexts = { [Key in keyof typeof MAP_PRELOADER_TEXTS]: string };

/** Native props, `className`, `style` and `ref` go to the root `<div>` (its aspect ratio stays). */
export interface MapPreloaderProps extends NativeProps<'div'> {
  /** A static picture of the place (e.g. the provider's static map at 600x350). */
  previewUrl: string;
  previewAlt: string;
  /** Loads and returns the interactive map; called on the first 'Show on map' only. */
  loadMap: () => Promise<ReactNode>;
  texts?: Partial<MapPreloaderTexts>;
  width?: number;
  height?: number;
}

type State = { phase: 'preview' | 'loading' | 'error' } | { phase: 'map'; map: ReactNode };

/**
 * A static preview with a 'Show on map' button; the map (and its script) loads only then.
 *
 * **Usage.** Do use it for every map below the fold (a tour's route, the meeting point), with a
 * `previewAlt` that names the place. Don't use it for a page whose main content is the map (the
 * search results map), and don't leave the route only on the map: name the start and the end in the
 * text too.
 */
export function MapPreloader({
  previewUrl,
  previewAlt,
  loadMap,
  texts: custom,
  width = MAP_PREVIEW_SIZE.width,
  height = MAP_PREVIEW_SIZE.height,
  className,
  style,
  ...rest
}: MapPreloaderProps) {
  const texts = { ...MAP_PRELOADER_TEXTS, ...custom };
  const [state, setState] = useState<State>({ phase: 'preview' });

  const show = () => {
    setState({ phase: 'loading' });
    loadMap().then(
      (map) => setState({ phase: 'map', map }),
      (error: unknown) => {
        console.error('[@gallop/ui-kit] MapPreloader: the map failed to load.', error);
        setState({ phase: 'error' });
      },
    );
  };

  return (
    <div
      {...rest}
      className={cx('gk-map-preloader', className)}
      style={mergeStyle(style, { aspectRatio: `${width} / ${height}` })}
      aria-busy={state.phase === 'loading' || undefined}
    >
      {state.phase === 'map' ? (
        <div className="gk-map-preloader__map">{state.map}</div>
      ) : (
        <>
          <img
            className="gk-map-preloader__preview"
            src={previewUrl}
            alt={previewAlt}
            width={width}
            height={height}
            loading="lazy"
          />
          <div className="gk-map-preloader__actions">
            {state.phase === 'error' && (
              <p className="gk-map-preloader__error" role="alert">
                {texts.error}
              </p>
            )}
            <button
              type="button"
              className="gk-map-preloader__button"
              onClick={show}
              disabled={state.phase === 'loading'}
            >
              {state.phase === 'loading'
                ? texts.loading
                : state.phase === 'error'
                  ? texts.retry
                  : texts.show}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
