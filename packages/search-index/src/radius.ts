/**
 * A search whose only filter is a radius around a place (decision 052), answered from a grid of
 * one-degree cells instead of walking its segment: only the tours of the cells that the circle's
 * bounding box touches are measured (the seeded catalogue, like the real one, clusters tours around
 * their start cities, so a 300 km circle touches a few percent of a segment). The test of each
 * tour is the walk's own (`radiusTest`), so both answer the same tours.
 */
import { firstKeys } from './first-keys';
import { segmentStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import { NONE, PACKED_ID_LIMIT, type TourIndex } from './tour-index';

/** earthdistance's `earth()` radius in metres: the SQL radius search measures with it. */
export const EARTH_RADIUS_M = 6_378_168;

const DEGREES = 180 / Math.PI;
const LAT_CELLS = 180;
const LNG_CELLS = 360;

/** A radius search: the place's unit vector and the least dot product of a tour inside. */
export interface RadiusQuery {
  lat: number;
  lng: number;
  /** The radius as an angle at the earth's centre (radians). */
  angle: number;
  x: number;
  y: number;
  z: number;
  minDot: number;
}

/** Whether the tour at `x, y, z` (unit vector) lies within the radius (the walk's test). */
export function insideRadius(query: RadiusQuery, x: number, y: number, z: number): boolean {
  return x * query.x + y * query.y + z * query.z >= query.minDot - 1e-12;
}

interface RadiusGrid {
  /** Cell `c` (`latCell * LNG_CELLS + lngCell`) owns `tours[offsets[c]..offsets[c + 1])`. */
  offsets: Int32Array;
  /** The segment's tours with bookable dates, by cell, in the default order within a cell. */
  tours: Int32Array;
  /**
   * Each entry's unit vector (`x, y, z` of `tours[n]` at `3n`), the index's own numbers in the
   * grid's order: a search reads them front to back instead of three scattered reads per tour.
   */
  xyz: Float64Array;
  /** A buffer for a search's keys (a search runs synchronously to its end). */
  keys: Float64Array;
}

function cellOf(index: TourIndex, tour: number): number {
  const lat = Math.asin(Math.max(-1, Math.min(1, index.z[tour]!))) * DEGREES;
  const lng = Math.atan2(index.y[tour]!, index.x[tour]!) * DEGREES;
  const latCell = Math.min(LAT_CELLS - 1, Math.floor(lat + 90));
  const lngCell = (Math.floor(lng + 180) + LNG_CELLS) % LNG_CELLS;
  return latCell * LNG_CELLS + lngCell;
}

const radiusGridOf = segmentStructure(
  'radius grid',
  function* (index: TourIndex, segment: Int32Array): Steps<RadiusGrid> {
    const bookable = segment.filter((tour) => index.fromPrice[tour] !== NONE);
    const cells = new Int32Array(bookable.length);
    yield* chunked(bookable.length, (from, to) => {
      for (let n = from; n < to; n += 1) {
        cells[n] = cellOf(index, bookable[n]!);
      }
    });
    const offsets = new Int32Array(LAT_CELLS * LNG_CELLS + 1);
    for (const cell of cells) offsets[cell + 1]! += 1;
    for (let c = 0; c < LAT_CELLS * LNG_CELLS; c += 1) offsets[c + 1]! += offsets[c]!;
    const next = offsets.slice(0, LAT_CELLS * LNG_CELLS);
    const tours = new Int32Array(bookable.length);
    yield* chunked(bookable.length, (from, to) => {
      for (let n = from; n < to; n += 1) {
        tours[next[cells[n]!]!++] = bookable[n]!;
      }
    });
    const xyz = new Float64Array(3 * tours.length);
    yield* chunked(tours.length, (from, to) => {
      for (let n = from; n < to; n += 1) {
        const tour = tours[n]!;
        xyz[3 * n] = index.x[tour]!;
        xyz[3 * n + 1] = index.y[tour]!;
        xyz[3 * n + 2] = index.z[tour]!;
      }
    });
    return { offsets, tours, xyz, keys: new Float64Array(tours.length) };
  },
);

/** Margin around the bounding box, in degrees: rounding never loses a tour on a cell edge. */
const MARGIN = 0.01;

/**
 * The cells the circle's bounding box touches (every longitude near a pole or for a circle wider
 * than a hemisphere), or undefined when the box is that wide: then the walk is no slower.
 */
function cellsOf(query: RadiusQuery): number[] | undefined {
  const reach = query.angle * DEGREES + MARGIN;
  const south = query.lat - reach;
  const north = query.lat + reach;
  if (south <= -90 || north >= 90 || query.angle >= Math.PI / 2) return undefined;
  // The widest longitude span of a circle on a sphere (its tangent meridians).
  const ratio = Math.sin(query.angle) / Math.cos((query.lat * Math.PI) / 180);
  if (ratio >= 1) return undefined;
  const halfWidth = Math.asin(ratio) * DEGREES + MARGIN;
  const cells: number[] = [];
  const firstLng = Math.floor(query.lng - halfWidth + 180);
  const lastLng = Math.floor(query.lng + halfWidth + 180);
  if (lastLng - firstLng + 1 >= LNG_CELLS) return undefined;
  for (let latCell = Math.floor(south + 90); latCell <= Math.floor(north + 90); latCell += 1) {
    for (let lng = firstLng; lng <= lastLng; lng += 1) {
      cells.push(latCell * LNG_CELLS + (((lng % LNG_CELLS) + LNG_CELLS) % LNG_CELLS));
    }
  }
  return cells;
}

/**
 * The total and one page of a search over `segment` whose one filter is `query`, or undefined
 * when the circle is too wide for the grid to help. Ids below `PACKED_ID_LIMIT`.
 */
export function searchRadius(
  index: TourIndex,
  segment: Int32Array,
  query: RadiusQuery,
  page: { sort: 'default' | 'price' | '-price'; offset: number; limit: number },
): { total: number; ids: number[] } | undefined {
  const cells = cellsOf(query);
  if (!cells) return undefined;
  const grid = radiusGridOf(index, segment);
  const { offsets, tours, xyz, keys } = grid;
  const { ids, fromPrice } = index;
  const byPosition = page.sort === 'default';
  // Keys of the page's order: the position (the default order) or price and id packed.
  let found = 0;
  for (const cell of cells) {
    for (let at = offsets[cell]!; at < offsets[cell + 1]!; at += 1) {
      if (!insideRadius(query, xyz[3 * at]!, xyz[3 * at + 1]!, xyz[3 * at + 2]!)) continue;
      const tour = tours[at]!;
      keys[found++] = byPosition ? tour : fromPrice[tour]! * PACKED_ID_LIMIT + ids[tour]!;
    }
  }
  const wanted = Math.min(page.offset + page.limit, found);
  const first = firstKeys(keys.subarray(0, found), wanted, page.sort === '-price');
  const pageKeys = Array.from(first.subarray(page.offset));
  return {
    total: found,
    ids: pageKeys.map((key) => (byPosition ? ids[key]! : key % PACKED_ID_LIMIT)),
  };
}
