import type { MeasurementSystem } from '@gallop/i18n';
import { formatDistance } from '@gallop/ui-kit';
import { kmBetween } from '../../../../components/map/geo';
import type { RoutePlace } from '../../../../components/map/route-map';
import type { Tour } from '../../api';

type ProgramDay = NonNullable<Tour['program']>[number];

/** Where a tour starts: its start city, placed when the catalogue knows where that is. */
export interface RouteStart {
  name: string;
  lat?: number;
  lng?: number;
}

/** One programme day under the map: how far it rides and where its night is (by number). */
export interface RouteDay {
  day: number;
  title: string;
  restDay: boolean;
  distanceKm: number | null;
  /** The numbered place the night is spent at; undefined when the programme names none. */
  place?: Pick<RoutePlace, 'number' | 'name'>;
  /** The night is where the last one was (a rest day, or a ride out from a base). */
  staysPut: boolean;
  /** The last day rides back to the start (a loop). */
  backToStart: boolean;
}

export interface TourRoute {
  places: RoutePlace[];
  path: [number, number][];
  days: RouteDay[];
}

/** Nights less than this far apart are the same place (a camp a few hundred metres away). */
const SAME_PLACE_KM = 1;

/**
 * The route the map draws and the legend lists: the start (1), then each new place a night is
 * spent at, numbered in riding order; a night where the last one was stays put. When the tour
 * ends where it began (`endsAtStart`, from its cities), the line closes back to the start and the
 * start is also the end; otherwise the last place is the end.
 */
export function tourRoute(
  start: RouteStart | undefined,
  programme: readonly ProgramDay[],
  endsAtStart: boolean,
): TourRoute {
  const places: RoutePlace[] = [];
  const path: [number, number][] = [];
  const startPlace =
    start && start.lat !== undefined && start.lng !== undefined
      ? {
          number: 1,
          name: start.name,
          lat: start.lat,
          lng: start.lng,
          role: 'start' as RoutePlace['role'],
        }
      : undefined;
  if (startPlace) {
    places.push(startPlace);
    path.push([startPlace.lng, startPlace.lat]);
  }
  let current: RoutePlace | undefined = startPlace;
  const days = programme.map((day, index): RouteDay => {
    const riding = day.riding;
    const overnight = riding?.overnight;
    const isLast = index === programme.length - 1;
    let staysPut = false;
    if (overnight) {
      if (current && kmBetween(current, overnight) < SAME_PLACE_KM) staysPut = true;
      else {
        current = { number: places.length + 1, ...overnight, role: 'stop' };
        places.push(current);
        path.push([current.lng, current.lat]);
      }
    }
    return {
      day: day.day,
      title: day.title,
      restDay: riding?.rest_day ?? false,
      distanceKm: riding?.distance_km ?? null,
      ...(overnight && current ? { place: { number: current.number, name: current.name } } : {}),
      staysPut,
      backToStart: isLast && !overnight && endsAtStart && startPlace !== undefined,
    };
  });
  const last = places.at(-1);
  if (startPlace && endsAtStart) {
    startPlace.role = 'start-end';
    if (last !== startPlace) path.push([startPlace.lng, startPlace.lat]);
  } else if (last && last !== startPlace) last.role = 'end';
  return { places, path, days };
}

/** A day as the legend reads it: 'Day 2 · 24 km · to Forest camp' ('15 mi' in imperial). */
export function routeDayText(
  day: RouteDay,
  startName: string | undefined,
  units: MeasurementSystem = 'metric',
): string {
  const parts = [`Day ${day.day}`];
  if (day.restDay) parts.push('rest day');
  else if (day.distanceKm !== null) {
    // Whole units: the legend is a glance, the programme gives the tenths.
    parts.push(formatDistance(day.distanceKm, units, { whole: true }));
  }
  if (day.place) parts.push(day.staysPut ? `stays at ${day.place.name}` : `to ${day.place.name}`);
  else if (day.backToStart && startName) parts.push(`back to ${startName}`);
  return parts.join(' · ');
}
