import { describe, expect, it } from 'vitest';
import { routeDayText, tourRoute } from './route-stages';

const night = (name: string, lat: number, lng: number) => ({ name, lat, lng });
const ride = (km: number, overnight: ReturnType<typeof night> | null) => ({
  rest_day: false,
  hours: 4,
  distance_km: km,
  ascent_m: null,
  pace_mix: null,
  overnight,
});
const rest = (overnight: ReturnType<typeof night> | null) => ({
  rest_day: true,
  hours: null,
  distance_km: null,
  ascent_m: null,
  pace_mix: null,
  overnight,
});
const day = (n: number, riding: ReturnType<typeof ride> | ReturnType<typeof rest> | null) => ({
  day: n,
  title: `Day ${n}`,
  riding,
});

const start = { name: 'Ulaanbaatar', lat: 47.92, lng: 106.92 };
const campA = night('Ger camp A', 48.1, 106.9);
const campB = night('River camp B', 48.3, 107.2);

describe('tourRoute', () => {
  it('numbers the start and each new night, joins them in order and keeps a rest day in place', () => {
    const route = tourRoute(
      start,
      [
        day(1, ride(24, campA)),
        day(2, rest(campA)),
        day(3, ride(31.6, campB)),
        day(4, ride(18, null)),
      ],
      false,
    );
    expect(route.places.map((place) => [place.number, place.name, place.role])).toEqual([
      [1, 'Ulaanbaatar', 'start'],
      [2, 'Ger camp A', 'stop'],
      [3, 'River camp B', 'end'],
    ]);
    expect(route.path).toEqual([
      [106.92, 47.92],
      [106.9, 48.1],
      [107.2, 48.3],
    ]);
    expect(route.days.map((line) => routeDayText(line, start.name))).toEqual([
      'Day 1 · 24 km · to Ger camp A',
      'Day 2 · rest day · stays at Ger camp A',
      'Day 3 · 32 km · to River camp B',
      'Day 4 · 18 km',
    ]);
    expect(route.days[1]).toMatchObject({ staysPut: true, place: { number: 2 } });
  });

  it('closes a loop back to the start, which is then also the finish', () => {
    const route = tourRoute(start, [day(1, ride(20, campA)), day(2, ride(22, null))], true);
    expect(route.places.map((place) => place.role)).toEqual(['start-end', 'stop']);
    expect(route.path.at(-1)).toEqual([106.92, 47.92]);
    expect(routeDayText(route.days[1]!, start.name)).toBe('Day 2 · 22 km · back to Ulaanbaatar');
    // A visitor of the imperial units reads miles.
    expect(routeDayText(route.days[1]!, start.name, 'imperial')).toBe(
      'Day 2 · 14 mi · back to Ulaanbaatar',
    );
  });

  it('treats nights at one base as staying put, and a night a few hundred metres away as the same', () => {
    const base = night('Ranch base', 47.95, 106.95);
    const nextDoor = night('Ranch base', 47.952, 106.951);
    const route = tourRoute(start, [day(1, ride(15, base)), day(2, ride(18, nextDoor))], false);
    expect(route.places).toHaveLength(2);
    expect(route.days.map((line) => line.staysPut)).toEqual([false, true]);
  });

  it('places nothing for a start without coordinates, yet still lists the days', () => {
    const route = tourRoute({ name: 'Somewhere' }, [day(1, ride(10, null))], true);
    expect(route.places).toEqual([]);
    expect(route.days.map((line) => routeDayText(line, undefined))).toEqual(['Day 1 · 10 km']);
  });
});
