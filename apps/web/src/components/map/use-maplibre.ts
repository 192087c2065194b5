// Inlined and added to the page with the map: the app's one stylesheet (decision 022) is on
// every page's critical path, and MapLibre's 70 kB of CSS has no business there.
import maplibreCss from 'maplibre-gl/dist/maplibre-gl.css?inline';
import {
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import type { LngLatBoundsLike } from 'maplibre-gl';
// The worker is served from this origin like any asset (CSP `worker-src 'self'`).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { refineAtlasWhenZoomed } from './base-style';
import mapCss from './map.css?inline';
import { styleOf, type MapStyleChoice } from './map-style';

setWorkerUrl(workerUrl);

/** Where a map opens: the bounds of what it shows, or a point at a zoom. */
export type MapView =
  | { bounds: LngLatBoundsLike; maxZoom?: number }
  | { center: [lng: number, lat: number]; zoom: number };

export type MapState =
  | { phase: 'loading' | 'no-webgl' | 'failed'; map?: undefined }
  | { phase: 'ready'; map: MapLibreMap };

/** Whether this browser can draw WebGL at all (some locked-down or very old ones cannot). */
function webGlAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

const STYLES_ID = 'gallop-map-styles';

/** The maps' CSS, added once, when the first map opens. */
function addMapStyles() {
  if (document.getElementById(STYLES_ID)) return;
  const style = document.createElement('style');
  style.id = STYLES_ID;
  style.textContent = `${maplibreCss}\n${mapCss}`;
  document.head.append(style);
}

/** Room kept around what a map shows, so edge markers are not cut. */
export const VIEW_PADDING = 48;

/**
 * One MapLibre map in the returned container, made once (the view is only where it opens). The
 * state says when it is ready for sources and markers, or why it cannot be drawn.
 */
export function useMapLibre(choice: MapStyleChoice, view: MapView) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>({ phase: 'loading' });
  const initialView = useRef(view);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    addMapStyles();
    if (!webGlAvailable()) {
      setState({ phase: 'no-webgl' });
      return;
    }
    const opening = initialView.current;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: styleOf(choice),
        ...('bounds' in opening
          ? {
              bounds: opening.bounds,
              fitBoundsOptions: { padding: VIEW_PADDING, maxZoom: opening.maxZoom ?? 9 },
            }
          : { center: opening.center, zoom: opening.zoom }),
        attributionControl: false,
        cooperativeGestures: false,
        dragRotate: false,
        pitchWithRotate: false,
        renderWorldCopies: true,
      });
    } catch (error) {
      console.error('[map] MapLibre could not start.', error);
      setState({ phase: 'failed' });
      return;
    }
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
    const stopRefining = choice.kind === 'base' ? refineAtlasWhenZoomed(map) : () => undefined;
    map.once('load', () => setState({ phase: 'ready', map }));
    map.on('error', (event) => console.error('[map]', event.error));
    return () => {
      stopRefining();
      map.remove();
      setState({ phase: 'loading' });
    };
  }, [choice]);

  return { containerRef, state };
}
