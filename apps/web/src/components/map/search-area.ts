import { kmBetween } from './geo';

/** The most a "search this area" covers: the search's radius filter allows 1000 km. */
export const SEARCH_AREA_MAX_KM = 1000;

export interface SearchArea {
  lat: number;
  lng: number;
  /** Kilometres, whole, at least 1 and at most {@link SEARCH_AREA_MAX_KM}. */
  radius: number;
}

/**
 * The area a map shows as the search's place filter: its centre, and half its diagonal as the
 * radius (so the corners are in), capped at 1000 km. Coordinates keep 4 decimals (~11 m).
 */
export function searchAreaOf(bounds: {
  west: number;
  south: number;
  east: number;
  north: number;
}): SearchArea {
  const lat = (bounds.south + bounds.north) / 2;
  // A view across the antimeridian has east < west once wrapped: measure the short way round.
  const span = (((bounds.east - bounds.west) % 360) + 360) % 360;
  const rawLng = bounds.west + span / 2;
  const lng = ((((rawLng + 180) % 360) + 360) % 360) - 180;
  const halfDiagonal =
    kmBetween({ lat: bounds.south, lng: bounds.west }, { lat: bounds.north, lng: bounds.east }) / 2;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    lat: round(Math.max(-90, Math.min(90, lat))),
    lng: round(lng),
    radius: Math.max(1, Math.min(SEARCH_AREA_MAX_KM, Math.ceil(halfDiagonal))),
  };
}
