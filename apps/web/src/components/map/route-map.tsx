import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { MapFrame } from './map-frame';
import type { MapStyleChoice } from './map-style';
import { addMarker, boundsOf, markerElement } from './markers';
import { useMapLibre } from './use-maplibre';
import { designColour } from './design-colours';

/** A numbered place of a route: the start, an overnight stop, the end. */
export interface RoutePlace {
  number: number;
  name: string;
  lng: number;
  lat: number;
  role: 'start' | 'stop' | 'end' | 'start-end';
}

export interface RouteMapViewProps {
  style: MapStyleChoice;
  places: readonly RoutePlace[];
  /** The ride in order, from the start through each night's place (and back, on a loop). */
  path: readonly [number, number][];
  label: string;
}

const ROUTE_SOURCE = 'route';

/** A tour's route: a line through its places, each a numbered marker the legend repeats. */
export function RouteMapView({ style, places, path, label }: RouteMapViewProps) {
  const { containerRef, state } = useMapLibre(style, {
    bounds: boundsOf(places) ?? [
      [-20, -50],
      [50, 70],
    ],
    maxZoom: 10,
  });

  useEffect(() => {
    if (state.phase !== 'ready') return;
    const { map } = state;
    const line = {
      type: 'Feature' as const,
      geometry: { type: 'LineString' as const, coordinates: path.map(([lng, lat]) => [lng, lat]) },
      properties: {},
    };
    const source = map.getSource(ROUTE_SOURCE) as GeoJSONSource | undefined;
    if (source) source.setData(line);
    else {
      map.addSource(ROUTE_SOURCE, { type: 'geojson', data: line });
      map.addLayer({
        id: 'route-casing',
        type: 'line',
        source: ROUTE_SOURCE,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': designColour('surface'), 'line-width': 7 },
      });
      map.addLayer({
        id: 'route-line',
        type: 'line',
        source: ROUTE_SOURCE,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': designColour('brand'), 'line-width': 3.5 },
      });
    }
    const markers = places.map((place) =>
      addMarker(
        map,
        markerElement(
          `gallop-map__stage gallop-map__stage--${place.role}`,
          String(place.number),
          place.name,
        ),
        [place.lng, place.lat],
      ),
    );
    return () => markers.forEach((marker) => marker.remove());
  }, [state, places, path]);

  return <MapFrame containerRef={containerRef} state={state} label={label} />;
}
