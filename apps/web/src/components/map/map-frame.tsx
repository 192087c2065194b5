import type { RefObject } from 'react';
import type { MapState } from './use-maplibre';

const MAP_FALLBACK_TEXTS = {
  'no-webgl':
    'This browser cannot draw the map (WebGL is switched off or missing). Every place is in the list below.',
  failed: 'The map could not be drawn. Every place is in the list below.',
} as const;

interface MapFrameProps {
  containerRef: RefObject<HTMLDivElement | null>;
  state: MapState;
  /** What the map shows, for screen readers (its markers are in the list beside it). */
  label: string;
}

/** The map's box: the MapLibre canvas, or a readable message when it cannot be drawn. */
export function MapFrame({ containerRef, state, label }: MapFrameProps) {
  const fallback =
    state.phase === 'no-webgl' || state.phase === 'failed'
      ? MAP_FALLBACK_TEXTS[state.phase]
      : undefined;
  return (
    <div
      className="gallop-map"
      role="region"
      aria-label={label}
      aria-busy={state.phase === 'loading'}
    >
      <div ref={containerRef} className="gallop-map__canvas" hidden={fallback !== undefined} />
      {fallback && (
        <p className="gallop-map__fallback" role="status">
          {fallback}
        </p>
      )}
    </div>
  );
}
