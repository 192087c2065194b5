import type { components } from '@gallop/api-client';

type TourMapPoint = components['schemas']['TourMapPoint'];

/** How far around a place its map looks for tours: a few days' ride, a short transfer. */
export const AROUND_PLACE_KM = 300;

/**
 * Where a place's map centres: the middle of its tours' starts (the catalogue keeps no
 * coordinates of countries and regions, and a place is where its rides are).
 */
export function placeCentre(points: readonly Pick<TourMapPoint, 'lat' | 'lng'>[]) {
  if (points.length === 0) return undefined;
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const middle = (values: number[]) => (Math.min(...values) + Math.max(...values)) / 2;
  return { lat: middle(lats), lng: middle(lngs) };
}

/** The place's own tours first, then the others around it, each once. */
export function mergeTours(
  own: readonly TourMapPoint[],
  around: readonly TourMapPoint[],
): TourMapPoint[] {
  const seen = new Set(own.map((point) => point.id));
  return [...own, ...around.filter((point) => !seen.has(point.id))];
}
