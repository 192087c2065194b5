import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { MapFrame } from './map-frame';
import type { MapStyleChoice } from './map-style';
import { addMarker, boundsOf, markerElement } from './markers';
import { searchAreaOf, type SearchArea } from './search-area';
import { useMapLibre, VIEW_PADDING, type MapView } from './use-maplibre';

/** A tour on a map: where it starts and the price its card shows. */
export interface MapTourPoint {
  id: number;
  name: string;
  lat: number;
  lng: number;
  /** The formatted price ('€1,240'). */
  priceText: string;
}

/** The place a page is about, marked with its name. */
export interface MapPlace {
  name: string;
  lat: number;
  lng: number;
}

export interface ToursMapViewProps {
  style: MapStyleChoice;
  points: readonly MapTourPoint[];
  label: string;
  place?: MapPlace;
  /** The view fits the points again whenever this changes (a new search), not on every answer. */
  fitKey?: string;
  highlightedId?: number | undefined;
  onHighlight?: (id: number | undefined) => void;
  onPick?: (id: number) => void;
  /** Offered once the traveller moves the map: searches the area in view. */
  onSearchArea?: (area: SearchArea) => void;
  /** What a cluster of `count` points is called on hover ('12 tours: zoom in' by default). */
  clusterTitle?: (count: number) => string;
}

const toursClusterTitle = (count: number) => `${count} tours: zoom in`;

const SEARCH_THIS_AREA = 'Search this area';

const SOURCE = 'tours';
/** Clusters break up from this zoom on; 250 markers stay readable at any zoom below it. */
const CLUSTER_MAX_ZOOM = 11;

function pointsCollection(points: readonly MapTourPoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map((point) => ({
      type: 'Feature',
      id: point.id,
      geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
      properties: { id: point.id, name: point.name, price: point.priceText },
    })),
  };
}

function openingView(points: readonly MapTourPoint[], place: MapPlace | undefined): MapView {
  const bounds = boundsOf(place ? [...points, place] : points);
  if (!bounds) return { center: [10, 30], zoom: 1 };
  return { bounds, maxZoom: 8 };
}

/**
 * Markers for what the clustered source shows at this zoom: a bubble with a count per cluster
 * (a click zooms into it), a price per tour. Markers are kept by key between updates, so a pan
 * moves them rather than making them anew.
 */
function syncMarkers(
  map: MapLibreMap,
  shown: Map<string, Marker>,
  handlers: {
    pick: (id: number) => void;
    hover: (id: number | undefined) => void;
    clusterTitle: (count: number) => string;
  },
) {
  const seen = new Set<string>();
  for (const feature of map.querySourceFeatures(SOURCE)) {
    const properties = feature.properties as Record<string, unknown>;
    const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
    const clusterId = properties['cluster_id'] as number | undefined;
    const key =
      clusterId === undefined ? `tour-${properties['id'] as number}` : `cluster-${clusterId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (shown.has(key)) continue;
    let element: HTMLElement;
    if (clusterId === undefined) {
      const id = properties['id'] as number;
      element = markerElement(
        'gallop-map__price',
        String(properties['price']),
        String(properties['name']),
      );
      element.dataset['tourId'] = String(id);
      element.addEventListener('click', () => handlers.pick(id));
      element.addEventListener('mouseenter', () => handlers.hover(id));
      element.addEventListener('mouseleave', () => handlers.hover(undefined));
    } else {
      const count = properties['point_count'] as number;
      element = markerElement('gallop-map__cluster', String(count), handlers.clusterTitle(count));
      element.addEventListener('click', () => {
        void (map.getSource(SOURCE) as GeoJSONSource)
          .getClusterExpansionZoom(clusterId)
          .then((zoom) => map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, 14) }));
      });
    }
    shown.set(key, addMarker(map, element, [lng, lat]));
  }
  for (const [key, marker] of shown) {
    if (!seen.has(key)) {
      marker.remove();
      shown.delete(key);
    }
  }
}

/**
 * Tours on a map, clustered, each with its price; optionally the place a page is about. (The
 * destinations page puts countries on it, each with its number of tours.)
 */
export function ToursMapView({
  style,
  points,
  label,
  place,
  fitKey,
  highlightedId,
  onHighlight,
  onPick,
  onSearchArea,
  clusterTitle = toursClusterTitle,
}: ToursMapViewProps) {
  const { containerRef, state } = useMapLibre(style, openingView(points, place));
  const [moved, setMoved] = useState(false);
  const markers = useRef(new Map<string, Marker>());
  const handlers = useRef({ pick: onPick, hover: onHighlight, clusterTitle });
  handlers.current = { pick: onPick, hover: onHighlight, clusterTitle };

  // The source, its markers and the traveller's moves.
  useEffect(() => {
    if (state.phase !== 'ready') return;
    const { map } = state;
    const shown = markers.current;
    map.addSource(SOURCE, {
      type: 'geojson',
      data: pointsCollection([]),
      cluster: true,
      clusterRadius: 60,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
    });
    // querySourceFeatures reads the tiles of a source some layer shows: this one draws nothing.
    map.addLayer({
      id: 'tours-anchor',
      type: 'circle',
      source: SOURCE,
      paint: { 'circle-radius': 0, 'circle-opacity': 0 },
    });
    const sync = () =>
      syncMarkers(map, shown, {
        pick: (id) => handlers.current.pick?.(id),
        hover: (id) => handlers.current.hover?.(id),
        clusterTitle: (count) => handlers.current.clusterTitle(count),
      });
    const onData = (event: { sourceId?: string; isSourceLoaded?: boolean }) => {
      if (event.sourceId === SOURCE && event.isSourceLoaded) sync();
    };
    // Only the traveller's own moves offer 'Search this area' (fitting to results does not).
    const onMoveEnd = (event: { originalEvent?: unknown }) => {
      sync();
      if (event.originalEvent) setMoved(true);
    };
    map.on('sourcedata', onData);
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('sourcedata', onData);
      map.off('moveend', onMoveEnd);
      for (const marker of shown.values()) marker.remove();
      shown.clear();
    };
  }, [state]);

  // Every new answer replaces the points; a new search also fits the view to them.
  const fitted = useRef<string | undefined>(fitKey);
  useEffect(() => {
    if (state.phase !== 'ready') return;
    const { map } = state;
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(pointsCollection(points));
    if (fitted.current === fitKey) return;
    fitted.current = fitKey;
    setMoved(false);
    const bounds = boundsOf(place ? [...points, place] : points);
    if (bounds) map.fitBounds(bounds, { padding: VIEW_PADDING, maxZoom: 8, duration: 600 });
  }, [state, points, place, fitKey]);

  // The place's own marker: a pin named on hover, drawn under the tours so it never hides them
  // (its name is the map's heading already).
  useEffect(() => {
    if (state.phase !== 'ready' || !place) return;
    const marker = addMarker(state.map, markerElement('gallop-map__place', '', place.name), [
      place.lng,
      place.lat,
    ]);
    return () => void marker.remove();
  }, [state, place]);

  // The highlighted tour's price stands out (and above its neighbours).
  useEffect(() => {
    for (const marker of markers.current.values()) {
      const element = marker.getElement();
      const active =
        highlightedId !== undefined && element.dataset['tourId'] === String(highlightedId);
      element.classList.toggle('gallop-map__price--active', active);
    }
  }, [highlightedId, points, state]);

  const searchArea = () => {
    if (state.phase !== 'ready' || !onSearchArea) return;
    const bounds = state.map.getBounds();
    setMoved(false);
    onSearchArea(
      searchAreaOf({
        west: bounds.getWest(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        north: bounds.getNorth(),
      }),
    );
  };

  return (
    <div className="gallop-map__stack">
      <MapFrame containerRef={containerRef} state={state} label={label} />
      {onSearchArea && moved && state.phase === 'ready' && (
        <button type="button" className="gallop-map__search-area" onClick={searchArea}>
          {SEARCH_THIS_AREA}
        </button>
      )}
    </div>
  );
}
