import { Marker, type Map as MapLibreMap } from 'maplibre-gl';

/**
 * HTML markers: labels without glyph downloads. They are hidden from assistive technology and
 * the tab order, because every map comes with a list of the same places beside it.
 */
export function markerElement(className: string, text: string, title: string): HTMLElement {
  const element = document.createElement('div');
  element.className = `gallop-map__marker ${className}`;
  element.textContent = text;
  element.title = title;
  element.setAttribute('aria-hidden', 'true');
  return element;
}

export function addMarker(
  map: MapLibreMap,
  element: HTMLElement,
  lngLat: [number, number],
  anchor: 'center' | 'bottom' = 'center',
): Marker {
  return new Marker({ element, anchor }).setLngLat(lngLat).addTo(map);
}

/** The smallest box around some points, as MapLibre bounds (`[[west, south], [east, north]]`). */
export function boundsOf(
  points: readonly { lng: number; lat: number }[],
): [[number, number], [number, number]] | undefined {
  if (points.length === 0) return undefined;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { lng, lat } of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
