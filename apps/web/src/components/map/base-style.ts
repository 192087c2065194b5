import type { FeatureCollection, MultiLineString } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
// The coarse world ships inside the map's chunk (39 kB gzip); the finer one loads when a
// traveller zooms in (docs/decisions/121-offline-maps.md).
import coarseAtlas from 'world-atlas/countries-110m.json';
import { designColour } from './design-colours';

/** world-atlas's countries file: a topology whose `countries` object is a geometry collection. */
type CountriesTopology = Parameters<typeof mesh>[0];
type Countries = Extract<NonNullable<Parameters<typeof mesh>[1]>, { type: 'GeometryCollection' }>;

/** Land shapes and the lines between countries, as GeoJSON for two map sources. */
export interface AtlasGeometry {
  land: FeatureCollection;
  borders: MultiLineString;
}

type Ring = GeoJSON.Position[];

/**
 * A line or ring that crosses the antimeridian (Russia's east, Fiji) jumps from 180° to -180°,
 * which a flat map draws as a line across the world: its longitudes are made continuous instead
 * (MapLibre draws 190° where 180° + 10° is). A ring around the pole (Antarctica) cannot be, and
 * stays as it is.
 */
export function unwrapLongitudes(ring: Ring): Ring {
  let shift = 0;
  const unwrapped = ring.map((position, index) => {
    if (index > 0) {
      const step = position[0]! - ring[index - 1]![0]!;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return shift === 0 ? position : [position[0]! + shift, ...position.slice(1)];
  });
  const first = unwrapped[0]?.[0] ?? 0;
  const last = unwrapped.at(-1)?.[0] ?? 0;
  const closed = ring.length > 1 && ring[0]![0] === ring.at(-1)![0];
  return closed && Math.abs(last - first) > 180 ? ring : unwrapped;
}

function unwrapGeometry(geometry: GeoJSON.Geometry): GeoJSON.Geometry {
  switch (geometry.type) {
    case 'Polygon':
    case 'MultiLineString':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapLongitudes) };
    case 'MultiPolygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapLongitudes)),
      };
    default:
      return geometry;
  }
}

export function atlasGeometry(topology: CountriesTopology): AtlasGeometry {
  const countries = topology.objects.countries as Countries;
  const land = feature(topology, countries);
  // Arcs shared by two countries are borders; an arc of one country alone is coast.
  const borders = mesh(topology, countries, (a, b) => a !== b);
  return {
    land: {
      ...land,
      features: land.features.map((country) => ({
        ...country,
        geometry: unwrapGeometry(country.geometry),
      })),
    },
    borders: unwrapGeometry(borders) as MultiLineString,
  };
}

/** From this zoom on, the 1:50m atlas replaces the 1:110m one (coasts at city scale). */
const FINE_ATLAS_ZOOM = 3;

/**
 * The offline base map: sea, land and borders drawn from Natural Earth's countries
 * (`world-atlas`), coloured from the design tokens. It has no glyphs or sprites, so nothing is
 * fetched: every label on Gallop's maps is an HTML marker.
 */
export function baseMapStyle(
  geometry: AtlasGeometry = atlasGeometry(coarseAtlas as never),
): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: geometry.land, attribution: 'Natural Earth' },
      borders: {
        type: 'geojson',
        data: { type: 'Feature', geometry: geometry.borders, properties: {} },
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': designColour('sea') } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': designColour('sand') } },
      {
        id: 'coast',
        type: 'line',
        source: 'land',
        paint: { 'line-color': designColour('info'), 'line-opacity': 0.25, 'line-width': 0.8 },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': designColour('ink-muted'),
          'line-opacity': 0.45,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.2],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}

/** Swaps in the 1:50m atlas once the view is close enough for the coarse coasts to show. */
export function refineAtlasWhenZoomed(map: MapLibreMap): () => void {
  let loading = false;
  const check = () => {
    if (loading || map.getZoom() < FINE_ATLAS_ZOOM) return;
    loading = true;
    map.off('zoomend', check);
    void import('world-atlas/countries-50m.json').then(({ default: fine }) => {
      const geometry = atlasGeometry(fine as never);
      // The provider's style has no such sources: nothing to refine there.
      (map.getSource('land') as GeoJSONSource | undefined)?.setData(geometry.land);
      (map.getSource('borders') as GeoJSONSource | undefined)?.setData({
        type: 'Feature',
        geometry: geometry.borders,
        properties: {},
      });
    });
  };
  map.on('zoomend', check);
  check();
  return () => map.off('zoomend', check);
}
