/**
 * The demo routes are geographically plausible (issue 47, where the search map shows them): every
 * tour starts (`tours.lat/lng`, its map marker) and spends every night inside its country, by the
 * country's shape in Natural Earth's 1:50m atlas (`world-atlas`), rides no further from one stage
 * to the next than the day says (as the crow flies), at a riding pace.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { geoContains, geoDistance } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import isoCountries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@gallop/api/src/db/client.ts';
import type { StoredRidingDay } from '@gallop/api/src/db/schema/index.ts';
import { landscapeName } from '@gallop/api/src/modules/media/index.ts';
import { openTestDatabase, TEST_SEED_TOURS } from '@gallop/api/src/testing/database.ts';
import { COUNTRIES } from './data/world.ts';
import { inlandOf, seedRidingDays } from './riding-days.ts';
import type { ProgrammeDay } from './tour-texts.ts';

const require = createRequire(import.meta.url);

/** The mean earth radius (IUGG), km: `geoDistance` answers radians. */
const EARTH_RADIUS_KM = 6371.0088;

/** A riding day covers this many km per hour in the saddle, stops included (the trade's 4–8). */
const PACE_KM_PER_HOUR = [3, 10] as const;

/**
 * Points may lie this far outside their country's 1:50m outline, in km, and only in these
 * countries: none of the demo's needs it today. (Fiji's islands, the smallest country here, are
 * each drawn at 1:50m; were one of its coastal towns to fall a few hundred metres into the sea,
 * its tolerance would belong here, with the reason.)
 */
const BORDER_TOLERANCE_KM: Record<string, number> = {};

interface TourRow {
  id: number;
  iso: string;
  lat: number;
  lng: number;
  days: { day: number; riding?: StoredRidingDay | null }[];
}

/** A country's outlines: the atlas gives some territories their country's id too (Australia's). */
type CountryShape = Feature<Geometry>[];

let database: DatabaseHandle;
let tours: TourRow[];
let shapes: Map<string, CountryShape>;

beforeAll(async () => {
  const atlas = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  ) as Parameters<typeof feature>[0];
  const countries = feature(atlas, atlas.objects.countries!) as FeatureCollection<Geometry>;
  shapes = new Map();
  for (const country of countries.features) {
    if (country.id === undefined) continue;
    const id = String(country.id);
    shapes.set(id, [...(shapes.get(id) ?? []), country]);
  }
  database = await openTestDatabase();
  const result = await database.db.execute<TourRow & Record<string, unknown>>(sql`
    SELECT t.id, c.iso_code AS iso, t.lat, t.lng, p.days
    FROM tours t
    JOIN countries c ON c.id = t.country_ids[1]
    JOIN tour_programs p ON p.tour_id = t.id
    WHERE t.id <= ${TEST_SEED_TOURS}
    ORDER BY t.id`);
  tours = (result.rows as TourRow[]).map((tour) => ({
    ...tour,
    lat: Number(tour.lat),
    lng: Number(tour.lng),
  }));
});
afterAll(() => database.close());

/** The country's outline: its ISO 3166-1 numeric code is the atlas's feature id. */
function shapeOf(iso: string): CountryShape {
  const numeric = isoCountries.alpha2ToNumeric(iso);
  const shape = numeric === undefined ? undefined : shapes.get(numeric);
  if (!shape?.length) throw new Error(`No outline for ${iso} (${numeric}) in world-atlas`);
  return shape;
}

const kmBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  geoDistance([a.lng, a.lat], [b.lng, b.lat]) * EARTH_RADIUS_KM;

/**
 * How far a point lies from an outline's nearest edge, km: each edge measured in a plane tangent
 * at the point (equirectangular), exact enough within the tens of km that matter here.
 */
function kmToOutline(shape: CountryShape, point: { lat: number; lng: number }): number {
  const rings: Position[][] = shape.flatMap(({ geometry }) =>
    geometry.type === 'Polygon'
      ? geometry.coordinates
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates.flat()
        : [],
  );
  const kmPerDegree = (Math.PI / 180) * EARTH_RADIUS_KM;
  const scale = Math.cos((point.lat * Math.PI) / 180);
  // A vertex in km east and north of the point (longitudes wrapped to the nearest side).
  const plane = ([lng, lat]: Position): [number, number] => [
    (((lng! - point.lng + 540) % 360) - 180) * scale * kmPerDegree,
    (lat! - point.lat) * kmPerDegree,
  ];
  let nearest = Infinity;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i += 1) {
      const [ax, ay] = plane(ring[i - 1]!);
      const [bx, by] = plane(ring[i]!);
      const length = (bx - ax) ** 2 + (by - ay) ** 2;
      const along =
        length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * (bx - ax) + ay * (by - ay)) / length));
      nearest = Math.min(nearest, Math.hypot(ax + along * (bx - ax), ay + along * (by - ay)));
    }
  }
  return nearest;
}

/** Where a point lies outside its country, or undefined when inside (or within the tolerance). */
function outside(iso: string, point: { lat: number; lng: number }): string | undefined {
  const shape = shapeOf(iso);
  if (shape.some((part) => geoContains(part, [point.lng, point.lat]))) return undefined;
  const km = kmToOutline(shape, point);
  if (km <= (BORDER_TOLERANCE_KM[iso] ?? 0)) return undefined;
  return `${point.lat},${point.lng} is ${km.toFixed(1)} km outside ${iso}`;
}

/** The tour's stages: where it starts, then each night's place (the last day ends at home). */
function stages(tour: TourRow) {
  return tour.days.flatMap(({ day, riding }) =>
    riding?.overnight ? [{ day, riding, night: riding.overnight }] : [],
  );
}

describe('the demo routes on the map', () => {
  it('maps every demo country to an atlas outline', () => {
    expect(tours.length).toBeGreaterThan(300);
    for (const iso of new Set(tours.map((tour) => tour.iso))) expect(shapeOf(iso)).toBeTruthy();
  });

  it('start every tour inside its country', () => {
    const misplaced = tours.flatMap((tour) => {
      const where = outside(tour.iso, tour);
      return where ? [`tour ${tour.id} starts at ${where}`] : [];
    });
    expect(misplaced).toEqual([]);
  });

  it('spend every night inside the tour’s country', () => {
    const misplaced = tours.flatMap((tour) =>
      stages(tour).flatMap(({ day, night }) => {
        const where = outside(tour.iso, night);
        return where ? [`tour ${tour.id} day ${day} (${night.name}): ${where}`] : [];
      }),
    );
    expect(stages(tours.find((tour) => stages(tour).length > 3)!).length).toBeGreaterThan(3);
    expect(misplaced).toEqual([]);
  });

  it('ride no further from one stage to the next than the day says', () => {
    const tooFar: string[] = [];
    for (const tour of tours) {
      let previous: { lat: number; lng: number } = tour;
      for (const { day, riding, night } of stages(tour)) {
        // A rest day rides nowhere: its night is the last one's.
        const stated = riding.restDay ? 0 : riding.distanceKm!;
        // Coordinates are kept to 4 decimals (about 11 m): a rest day's night may round so.
        const km = kmBetween(previous, night);
        if (km > stated + 0.05) {
          tooFar.push(`tour ${tour.id} day ${day}: ${km.toFixed(1)} km, ${stated} km stated`);
        }
        previous = night;
      }
    }
    expect(tooFar).toEqual([]);
  });

  it('ride at a riding pace, and not at all on rest days', () => {
    let days = 0;
    for (const tour of tours) {
      for (const { day, riding } of tour.days) {
        const where = `tour ${tour.id} day ${day}`;
        expect(riding, where).toBeTruthy();
        if (riding!.restDay) {
          expect(riding!.distanceKm ?? 0, where).toBe(0);
          continue;
        }
        days += 1;
        const pace = riding!.distanceKm! / riding!.hours!;
        expect(pace, where).toBeGreaterThanOrEqual(PACE_KM_PER_HOUR[0]);
        expect(pace, where).toBeLessThanOrEqual(PACE_KM_PER_HOUR[1]);
      }
    }
    expect(days).toBeGreaterThan(1000);
  });

  it('keep the longest loop and every base any tour could make from each town in its country', () => {
    // The demo's 400 tours start from some towns only, and the benchmark catalogues (10k to 1M
    // tours) from every one: a fortnight's loop is the widest a route strays (45 km, or the
    // town's `rides.withinKm`), a five-day one a narrower circle the same way, and a base lies up
    // to 2 km landward; where on each, the tour's id draws.
    const day = (kind: ProgrammeDay['kind']): ProgrammeDay => ({
      kind,
      title: '',
      description: '',
    });
    const fortnight = [
      day('arrival'),
      ...Array.from({ length: 12 }, () => day('ride')),
      day('departure'),
    ];
    const fiveDays = [day('arrival'), day('ride'), day('ride'), day('ride'), day('departure')];
    const drafts = [fortnight, fiveDays].flatMap((programme) =>
      Array.from({ length: 12 }, (_, index) => ({ id: index + 1, programme })),
    );
    const misplaced: string[] = [];
    for (const country of COUNTRIES) {
      for (const region of country.regions) {
        for (const city of region.cities) {
          const inland = inlandOf(city, {
            region: region.cities.filter((other) => other !== city),
            country: country.regions.flatMap((r) => r.cities).filter((other) => other !== city),
            centre: country,
          });
          for (const accommodation of ['tent', 'hotel']) {
            for (const { id, programme } of drafts) {
              const days = seedRidingDays(
                {
                  id,
                  kind: 'tour',
                  difficulty: 4,
                  landscape: landscapeName(region.landscape, region.coast ?? false),
                  terrain: [],
                  accommodation,
                  pace: { walk: 40, trot: 30, canter: 20, gallop: 10 },
                  startCity: city,
                  inland,
                  maxLoopRadiusKm: city.rides?.withinKm,
                },
                programme,
              );
              for (const { overnight } of days) {
                const where = overnight && outside(country.iso, overnight);
                if (where)
                  misplaced.push(`${city.name} (${accommodation}, ${overnight!.name}): ${where}`);
              }
            }
          }
        }
      }
    }
    expect([...new Set(misplaced)]).toEqual([]);
  });
});
