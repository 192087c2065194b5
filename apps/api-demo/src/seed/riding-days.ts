import type { StoredPaceMix, StoredRidingDay } from '@gallop/api/src/db/schema/index.ts';
import { parseLandscape, type LandscapeName } from '@gallop/api/src/modules/media/index.ts';
import type { CityRides } from './data/world.ts';
import type { ProgrammeDay } from './tour-texts.ts';

/**
 * A demo programme's days in numbers (decision 113): hours, distance, ascent, pace mix and the
 * night's place, from the day's kind and text, the ride's difficulty and landscape, and the tour's
 * start city. Derived from the tour's id and the day's number, never the random stream, so every
 * other seeded value stays the same. The tour's saddle hours are then derived from these days
 * (`saddleHours`), so the rider-fit filter reads the numbers the page shows.
 */
type Kind = 'tour' | 'excursion' | 'cruise';

export interface SeedRouteFacts {
  id: number;
  kind: Kind;
  difficulty: 1 | 2 | 3 | 4;
  landscape: LandscapeName;
  /** The tour's terrains (decision 106): mountains and hills make ascent matter. */
  terrain: readonly string[];
  accommodation: string;
  /** The tour's pace mix; each day varies around it, never adding a pace the tour lacks. */
  pace: StoredPaceMix;
  startCity: { name: string; lat: number; lng: number };
  /** Where inland lies (the middle of the region's other towns): a moving route heads there. */
  inland: { lat: number; lng: number };
  /** How far a loop may stray from the start city where coast or border is near (km). */
  maxLoopRadiusKm?: number | undefined;
  /** The ship a cruise sleeps on. */
  ship?: string | undefined;
}

type Point = { lat: number; lng: number };

/**
 * Where a ride from `city` heads to stay on land: where the city's data say (a town whose other
 * towns lie along the coast or over a border, `CitySeed.rides`), else the middle of its region's
 * other towns, or of the country's when the region has no other, or the country's centre.
 */
export function inlandOf(
  city: Point & { rides?: CityRides | undefined },
  others: { region: readonly Point[]; country: readonly Point[]; centre: Point },
): Point {
  if (city.rides?.toward) return city.rides.toward;
  const towns = others.region.length > 0 ? others.region : others.country;
  if (towns.length === 0) return { lat: others.centre.lat, lng: others.centre.lng };
  const sum = towns.reduce(
    (total, town) => ({ lat: total.lat + town.lat, lng: total.lng + town.lng }),
    { lat: 0, lng: 0 },
  );
  return { lat: sum.lat / towns.length, lng: sum.lng / towns.length };
}

/** Hours of a full riding day by difficulty: the ranges the pace texts state. */
const FULL_DAY_HOURS: Record<1 | 2 | 3 | 4, readonly [number, number]> = {
  1: [2.5, 3],
  2: [4, 5],
  3: [5, 6],
  4: [6, 7.5],
};

/** A day whose pace sentence names its hours rides exactly those (the text and numbers agree). */
const HOURS_IN_TEXT: readonly (readonly [phrase: string, hours: readonly [number, number]])[] = [
  ['seven hours in the saddle', [7, 7]],
  ['Six hours of riding', [6, 6]],
  ['Five to six hours', [5, 6]],
  ['About four hours', [4, 4]],
  ['Four to five hours', [4, 5]],
  ['Two to three hours in the saddle', [2.5, 3]],
  ['an hour and a half', [1.5, 1.5]],
  ['Two to three hours at walk', [2, 3]],
  ['About three hours', [3, 3]],
  ['Three hours at a brisk pace', [3, 3]],
];

/** Average speed over a day, stops included, in km/h (the trade's 4–8): open ground is faster. */
const SPEED_BY_TERRAIN: Record<string, readonly [number, number]> = {
  steppe: [5, 5.5],
  desert: [5, 6],
  'cactus-desert': [4.5, 5.5],
  savannah: [5, 6],
  oasis: [5, 6],
  wetland: [5, 6],
  tundra: [4.5, 5.5],
  mediterranean: [4.5, 5.5],
  moorland: [4.5, 5.5],
  bush: [4.5, 5.5],
  forest: [4.5, 5],
  tropical: [4, 5],
  highland: [4, 5],
  alpine: [4, 4.5],
};

/** What a moving route sleeps in, by landscape. */
const CAMP_BY_TERRAIN: Record<string, string> = {
  steppe: 'Ger camp',
  desert: 'Desert camp',
  'cactus-desert': 'Desert camp',
  oasis: 'Oasis camp',
  highland: 'Mountain camp',
  alpine: 'Mountain camp',
  forest: 'Forest camp',
  tundra: 'Tundra camp',
  savannah: 'Bush camp',
  bush: 'Bush camp',
};

const MOVING = new Set(['tent', 'camp-site', 'guest-house']);

/** A number in [0, 1) from the tour, the day and a purpose: the same on every run. */
function unit(id: number, day: number, salt: number): number {
  let hash = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(day + 1, 0xc2b2ae35) ^ salt;
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  hash = Math.imul(hash ^ (hash >>> 13), 0x45d9f3b);
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32;
}

/** A value in [low, high] on a grid of `step`. */
function between(low: number, high: number, step: number, draw: number): number {
  const steps = Math.round((high - low) / step);
  return low + Math.min(steps, Math.floor(draw * (steps + 1))) * step;
}

/**
 * Moves `points` from the faster paces to the walk (negative: from the walk to the trot and the
 * canter the tour already rides), so the four still sum to 100 and no pace the tour lacks appears.
 */
function shiftToWalk(pace: StoredPaceMix, points: number): StoredPaceMix {
  const mix = { ...pace };
  if (points >= 0) {
    let left = points;
    for (const faster of ['gallop', 'canter', 'trot'] as const) {
      const taken = Math.min(left, mix[faster]);
      mix[faster] -= taken;
      mix.walk += taken;
      left -= taken;
    }
    return mix;
  }
  const target = mix.canter > 0 ? 'canter' : mix.trot > 0 ? 'trot' : null;
  if (!target) return mix;
  const moved = Math.min(-points, Math.max(0, mix.walk - 20));
  mix.walk -= moved;
  mix[target] += moved;
  return mix;
}

/** A long steppe crossing rides six to seven hours a day (as `seedRiding` says of it). */
const STEPPE_CROSSING_HOURS = [6, 7] as const;

function fullDayHours(facts: SeedRouteFacts, day: ProgrammeDay): readonly [number, number] {
  const steppeCrossing =
    facts.kind === 'tour' &&
    parseLandscape(facts.landscape).terrain === 'steppe' &&
    facts.difficulty >= 3;
  const usual =
    facts.kind === 'excursion'
      ? ([1.5, 3] as const)
      : steppeCrossing
        ? STEPPE_CROSSING_HOURS
        : FULL_DAY_HOURS[facts.difficulty];
  const stated = HOURS_IN_TEXT.find(([phrase]) => day.description.includes(phrase))?.[1];
  if (!stated) return usual;
  // What the text says, narrowed to the usual range where the two overlap.
  const low = Math.max(stated[0], usual[0]);
  const high = Math.min(stated[1], usual[1]);
  return low <= high ? [low, high] : stated;
}

function dayHours(facts: SeedRouteFacts, day: ProgrammeDay, index: number): number {
  const draw = unit(facts.id, index, 1);
  switch (day.kind) {
    case 'rest':
      return 0;
    case 'arrival':
      // "a short first ride to check the tack"
      return between(1, 1.5, 0.5, draw);
    case 'departure':
      // "a last morning ride if time allows"
      return between(1.5, 2, 0.5, draw);
    default: {
      const [low, high] = fullDayHours(facts, day);
      return between(low, high, 0.5, draw);
    }
  }
}

/** Kilometres and a compass point from one place to another (equirectangular: tens of km). */
export function offset(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
): { km: number; direction: string } {
  const north = (to.lat - from.lat) * 111.32;
  const east = (to.lng - from.lng) * 111.32 * Math.cos((from.lat * Math.PI) / 180);
  const bearing = (Math.atan2(east, north) * 180) / Math.PI;
  const points = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west'];
  const direction = [...points, 'north-west'][Math.round((bearing + 360) / 45) % 8]!;
  return { km: Math.hypot(north, east), direction };
}

function moveBy(
  from: { lat: number; lng: number },
  northKm: number,
  eastKm: number,
): { lat: number; lng: number } {
  const lat = from.lat + northKm / 111.32;
  const lng = from.lng + eastKm / (111.32 * Math.cos((from.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 10_000) / 10_000, lng: Math.round(lng * 10_000) / 10_000 };
}

/** The part of a ridden distance a day's camp lies from the last one, as the crow flies. */
const STRAIGHTNESS = 0.5;
/** A loop never strays further than twice this from the start city. */
const MAX_LOOP_RADIUS_KM = 45;

/**
 * Where each night is spent. A moving ride (tents, camps, guest houses) rides a loop from the
 * start city that heads inland (toward the region's other towns) and comes back, each camp as far
 * from the last as half the day's distance; a ride from a base sleeps at the base; a cruise on
 * board at its port; the last day's night is at home.
 */
function overnights(
  facts: SeedRouteFacts,
  days: readonly { kind: ProgrammeDay['kind']; distanceKm: number }[],
): (StoredRidingDay['overnight'] | null)[] {
  const { startCity } = facts;
  const { terrain } = parseLandscape(facts.landscape);
  if (facts.kind === 'excursion') return days.map(() => null);
  const last = days.length - 1;
  if (facts.kind === 'cruise') {
    const name = `On board${facts.ship ? ` the ${facts.ship}` : ''}, ${startCity.name}`;
    return days.map((_, index) =>
      index === last ? null : { name, lat: startCity.lat, lng: startCity.lng },
    );
  }
  // The bearing toward inland (radians from north): a base lies that way, a loop's centre too.
  const toInland =
    offset(startCity, facts.inland).km < 1
      ? unit(facts.id, 0, 9) * 2 * Math.PI
      : Math.atan2(
          (facts.inland.lng - startCity.lng) * Math.cos((startCity.lat * Math.PI) / 180),
          facts.inland.lat - startCity.lat,
        );
  if (!MOVING.has(facts.accommodation)) {
    const base =
      facts.accommodation === 'hotel'
        ? `Hotel in ${startCity.name}`
        : facts.accommodation === 'cabin'
          ? `Cabins outside ${startCity.name}`
          : facts.accommodation === 'flat'
            ? `Holiday flat in ${startCity.name}`
            : `Ranch base near ${startCity.name}`;
    // Up to 2 km from the start, on the landward side (a coastal town's base is not at sea).
    const away = 2 * unit(facts.id, 0, 7);
    const bearing = toInland + (unit(facts.id, 0, 8) - 0.5) * (Math.PI / 2);
    const place = moveBy(startCity, away * Math.cos(bearing), away * Math.sin(bearing));
    return days.map((_, index) => (index === last ? null : { name: base, ...place }));
  }
  // The loop: a circle through the start city whose centre lies toward the country's middle.
  const total = days.reduce((sum, day) => sum + day.distanceKm, 0);
  const radius = Math.min(
    facts.maxLoopRadiusKm ?? MAX_LOOP_RADIUS_KM,
    (total * STRAIGHTNESS) / (2 * Math.PI),
  );
  const centre = moveBy(startCity, radius * Math.cos(toInland), radius * Math.sin(toInland));
  const camp =
    facts.accommodation === 'guest-house'
      ? 'Village guest house'
      : (CAMP_BY_TERRAIN[terrain] ?? 'Trail camp');
  let ridden = 0;
  return days.map((day, index) => {
    if (index === last) return null;
    ridden += day.distanceKm;
    // The angle around the loop, starting at the start city (opposite the centre's bearing).
    const angle = toInland + Math.PI + (2 * Math.PI * ridden) / Math.max(1, total);
    const place = moveBy(centre, radius * Math.cos(angle), radius * Math.sin(angle));
    const from = offset(startCity, place);
    const name =
      from.km < 3
        ? `${camp} near ${startCity.name}`
        : `${camp}, ${Math.round(from.km)} km ${from.direction} of ${startCity.name}`;
    return { name, ...place };
  });
}

export function seedRidingDays(
  facts: SeedRouteFacts,
  programme: readonly ProgrammeDay[],
): StoredRidingDay[] {
  const { terrain } = parseLandscape(facts.landscape);
  const [slow, fast] = SPEED_BY_TERRAIN[terrain] ?? [4.5, 5.5];
  const mountains = facts.terrain.includes('mountains');
  const hills = facts.terrain.includes('hills');
  const numbers = programme.map((day, index) => {
    const hours = dayHours(facts, day, index);
    if (hours === 0) return { kind: day.kind, hours, distanceKm: 0, ascentM: null, pace: null };
    // A fast ride covers more ground; a beginners' walk less.
    const bonus = facts.difficulty === 4 ? 0.5 : facts.difficulty === 1 ? -0.5 : 0;
    const speed = Math.min(8, Math.max(4, slow + (fast - slow) * unit(facts.id, index, 2) + bonus));
    const distanceKm = Math.max(1, Math.round(hours * speed));
    const climbPerHour = mountains
      ? 120 + 100 * unit(facts.id, index, 3)
      : hills
        ? 30 + 40 * unit(facts.id, index, 3)
        : 0;
    const ascentM = climbPerHour > 0 ? Math.round((hours * climbPerHour) / 10) * 10 : null;
    // Short first and last rides stay at the walk; a climbing day walks more; the rest vary.
    const jitter = [-10, -5, 0, 5, 10][Math.floor(unit(facts.id, index, 4) * 5)]!;
    const toWalk =
      day.kind === 'arrival' || day.kind === 'departure' ? 25 : (ascentM ?? 0) > 600 ? 10 : jitter;
    return { kind: day.kind, hours, distanceKm, ascentM, pace: shiftToWalk(facts.pace, toWalk) };
  });
  const nights = overnights(facts, numbers);
  return numbers.map((day, index) => {
    const overnight = nights[index] ?? null;
    return day.hours === 0
      ? { restDay: true, hours: null, distanceKm: null, ascentM: null, pace: null, overnight }
      : {
          restDay: false,
          hours: day.hours,
          distanceKm: day.distanceKm,
          ascentM: day.ascentM,
          pace: day.pace,
          overnight,
        };
  });
}
