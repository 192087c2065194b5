import type { TERRAINS, tours } from '@gallop/api/src/db/schema/index.ts';
import { addDays } from './dates.ts';

/**
 * A demo tour's riding requirements (decision 106), derived from facts the texts already speak of
 * (difficulty, kind, country, landscape, duration, minimum age) and the tour's id, never from the
 * random stream: drawing here would shift every tour generated after it.
 */
type Kind = 'tour' | 'excursion' | 'cruise';

type Terrain = (typeof TERRAINS)[number];

export interface SeedRidingFacts {
  id: number;
  kind: Kind;
  difficulty: 1 | 2 | 3 | 4;
  duration: number;
  countryIso: string;
  landscape: string;
  coast: boolean;
  minAge: number;
}

/** The tour columns of the riding requirements (decision 106), as the schema types them. */
export type SeedRiding = Required<
  Pick<
    typeof tours.$inferInsert,
    | 'riderLevel'
    | 'paceWalk'
    | 'paceTrot'
    | 'paceCanter'
    | 'paceGallop'
    | 'hoursTypicalDay'
    | 'hoursLongestDay'
    | 'tack'
    | 'otherTackOnRequest'
    | 'horseBreed'
    | 'herdSize'
    | 'maxRiderWeightKg'
    | 'heavyRiderWeightKg'
    | 'minRidingAge'
    | 'maxRidingAge'
    | 'nonRidersWelcome'
  >
> & { terrain: Terrain[] };

/** Pace mix and saddle hours by difficulty: a beginner ride never asks for a canter. */
const BY_DIFFICULTY = {
  1: { level: 0, pace: [80, 20, 0, 0], hours: [2.5, 3] },
  2: { level: 1, pace: [60, 30, 10, 0], hours: [4, 5] },
  3: { level: 2, pace: [45, 30, 20, 5], hours: [5, 6] },
  4: { level: 3, pace: [35, 25, 25, 15], hours: [6, 7] },
} as const;

/** Horses by country: breed, their standard weight limit, and heavier horses' limit (if any). */
const HORSES: Record<string, { breed: string; limit: number; heavy: number | null }> = {
  MN: { breed: 'Mongolian horses', limit: 85, heavy: null },
  KZ: { breed: 'Kazakh steppe horses', limit: 85, heavy: null },
  KG: { breed: 'Kyrgyz mountain horses', limit: 85, heavy: 95 },
  IS: { breed: 'Icelandic horses', limit: 85, heavy: 100 },
  US: { breed: 'Quarter Horses', limit: 105, heavy: 125 },
  CA: { breed: 'Quarter Horses and Appaloosas', limit: 100, heavy: 120 },
  MX: { breed: 'Criollo horses', limit: 95, heavy: 110 },
  AR: { breed: 'Criollo horses', limit: 95, heavy: 110 },
  UY: { breed: 'Criollo horses', limit: 95, heavy: 110 },
  CL: { breed: 'Chilean horses', limit: 90, heavy: 105 },
  ES: { breed: 'Andalusians and Spanish crosses', limit: 95, heavy: 110 },
  PT: { breed: 'Lusitanos', limit: 95, heavy: 110 },
  IE: { breed: 'Irish Cobs and Irish Draughts', limit: 100, heavy: 120 },
  GB: { breed: 'Cobs and hunters', limit: 100, heavy: 115 },
  ZA: { breed: 'Boerperd and Thoroughbred crosses', limit: 95, heavy: 110 },
  BW: { breed: 'Boerperd and Thoroughbred crosses', limit: 90, heavy: 100 },
  KE: { breed: 'Thoroughbred crosses', limit: 90, heavy: 100 },
  NA: { breed: 'Namibian Warmbloods', limit: 90, heavy: 100 },
  MA: { breed: 'Barb and Arab horses', limit: 90, heavy: 100 },
  JO: { breed: 'Arab horses', limit: 85, heavy: 95 },
  EG: { breed: 'Arab horses', limit: 85, heavy: 95 },
  AU: { breed: 'Australian Stock Horses', limit: 100, heavy: 115 },
  NZ: { breed: 'Station hacks', limit: 95, heavy: 110 },
};
const DEFAULT_HORSES = { breed: 'Trail horses of mixed breeds', limit: 95, heavy: 105 };

/** Western saddles where the trade rides them; local saddles on the steppe. */
const WESTERN = new Set(['US', 'CA', 'MX', 'AR', 'UY', 'CL', 'AU', 'BR']);
const LOCAL_TACK = new Set(['MN', 'KZ', 'KG']);

const TERRAIN_BY_LANDSCAPE: Record<string, Terrain[]> = {
  mediterranean: ['hills', 'farmland'],
  highland: ['mountains', 'river-crossings'],
  alpine: ['mountains', 'forest'],
  tropical: ['forest', 'river-crossings'],
  forest: ['forest', 'hills'],
  desert: ['desert'],
  'cactus-desert': ['desert', 'hills'],
  steppe: ['steppe', 'river-crossings'],
  savannah: ['hills', 'river-crossings'],
  moorland: ['hills'],
  tundra: ['tundra', 'river-crossings'],
  wetland: ['river-crossings', 'farmland'],
  oasis: ['desert'],
  bush: ['hills', 'forest'],
};

export function seedRiding(facts: SeedRidingFacts): SeedRiding {
  const base = BY_DIFFICULTY[facts.difficulty];
  const steppeCrossing =
    facts.kind === 'tour' && facts.landscape === 'steppe' && facts.difficulty >= 3;
  // A long steppe crossing asks for strong intermediate riders and six hours a day; a long
  // extreme ride elsewhere asks for advanced ones.
  const level = steppeCrossing
    ? Math.max(3, base.level)
    : facts.difficulty === 4 && facts.duration >= 8
      ? 4
      : base.level;
  const [typical, longest] =
    facts.kind === 'excursion'
      ? [Math.min(base.hours[0], 3), Math.min(base.hours[1], 3)]
      : steppeCrossing
        ? [6, 7]
        : base.hours;
  const horses = HORSES[facts.countryIso] ?? DEFAULT_HORSES;
  const terrain = [...(TERRAIN_BY_LANDSCAPE[facts.landscape] ?? ['hills'])];
  if (facts.coast && !terrain.includes('beach')) terrain.push('beach');
  const tack = LOCAL_TACK.has(facts.countryIso)
    ? 'other'
    : WESTERN.has(facts.countryIso)
      ? 'western'
      : 'english';
  const [walk, trot, canter, gallop] = base.pace;
  return {
    riderLevel: level,
    paceWalk: walk,
    paceTrot: trot,
    paceCanter: canter,
    paceGallop: gallop,
    terrain,
    hoursTypicalDay: typical,
    hoursLongestDay: longest,
    tack,
    // Larger ranches keep a few saddles of the other kind; the steppe does not.
    otherTackOnRequest: tack !== 'other' && facts.id % 3 === 0,
    horseBreed: horses.breed,
    herdSize: facts.kind === 'excursion' ? null : 20 + (facts.id % 9) * 10,
    maxRiderWeightKg: horses.limit,
    heavyRiderWeightKg: horses.heavy ?? horses.limit,
    minRidingAge: Math.max(facts.minAge, facts.difficulty >= 3 ? 14 : 8),
    maxRidingAge: facts.difficulty === 4 ? 70 : null,
    // A third of the easier rides take companions who do not ride (decision 118), and cruises.
    nonRidersWelcome: facts.kind === 'cruise' || (facts.difficulty <= 2 && facts.id % 3 === 0),
  };
}

/**
 * A tour's minimum age as its riding ages and non-rider policy allow (decision 149): a tour that
 * takes no companions who do not ride takes nobody younger than its youngest rider, so a search
 * "with a child of N" never finds a tour the child could neither ride on nor come along on.
 * Welcoming non-riders, it keeps the age drawn (younger children come along without riding).
 */
export function seedMinAge(
  drawn: number,
  riding: Pick<SeedRiding, 'minRidingAge' | 'nonRidersWelcome'>,
): number {
  return riding.nonRidersWelcome ? drawn : Math.max(drawn, riding.minRidingAge);
}

/**
 * Heavier-horse places on a date: two (never more than the seats) when the tour has heavier
 * horses. Some departures have already given theirs away, as a real season does.
 */
export function seedHeavyPlaces(
  riding: SeedRiding,
  date: { numberOfSeats: number; numberOfFreeSeats: number },
  tourId: number,
  index: number,
): { heavyPlaces: number; heavyPlacesFree: number } {
  if (riding.heavyRiderWeightKg <= riding.maxRiderWeightKg) {
    return { heavyPlaces: 0, heavyPlacesFree: 0 };
  }
  const heavyPlaces = Math.min(2, date.numberOfSeats);
  const taken = (tourId + index) % 5 === 0 ? heavyPlaces : (tourId + index) % 3 === 0 ? 1 : 0;
  return {
    heavyPlaces,
    heavyPlacesFree: Math.max(0, Math.min(heavyPlaces - taken, date.numberOfFreeSeats)),
  };
}

/**
 * Beds for companions who come along without riding (decision 118), on the dates of a tour
 * that welcomes them: two to four a date, at about 40 % of the rider's price (no horse, no
 * guide in the saddle) rounded to whole units; some departures have given one away already.
 * Derived from the tour's id and the date's index, never the random stream.
 */
export function seedNonRiderPlaces(
  riding: Pick<SeedRiding, 'nonRidersWelcome'>,
  date: { price: number },
  tourId: number,
  index: number,
): { nonRiderPrice: number | null; nonRiderPlaces: number; nonRiderPlacesFree: number } {
  if (!riding.nonRidersWelcome) {
    return { nonRiderPrice: null, nonRiderPlaces: 0, nonRiderPlacesFree: 0 };
  }
  const nonRiderPlaces = 2 + ((tourId + index) % 3);
  const taken = (tourId + index) % 4 === 0 ? 1 : 0;
  return {
    nonRiderPrice: Math.max(100, Math.round((date.price * 0.4) / 100) * 100),
    nonRiderPlaces,
    nonRiderPlacesFree: nonRiderPlaces - taken,
  };
}

/**
 * The minimum group of a not-guaranteed date (decision 111): 2–6 riders, above those booked so
 * the date still waits; every fourth is one rider short; half of them name the day the organizer
 * decides: three weeks before the start, or for a date sooner than that a few days after `today`
 * (the seed's day), since an undecided date whose day has passed is called off by the booking
 * job (decision 148) and a fresh demo would lose its near departures; a date too near for that
 * names none. A date already past six riders, sold out, or drawn so, has no minimum: the
 * organizer decides. Derived from the tour's id and the date's index, never the random stream,
 * so every other seeded value stays the same. A guaranteed date has neither.
 */
export function seedGroupMinimum(
  date: {
    notGuaranteed?: boolean | undefined;
    startDate: string;
    numberOfSeats: number;
    numberOfFreeSeats: number;
  },
  tourId: number,
  index: number,
  today: string,
): { minRiders: number | null; decisionDate: string | null } {
  if (!date.notGuaranteed) return { minRiders: null, decisionDate: null };
  const key = tourId * 7 + index;
  const booked = date.numberOfSeats - date.numberOfFreeSeats;
  const decisionDate = key % 2 === 0 ? decisionDayOf(date.startDate, today) : null;
  if (key % 5 === 4 || booked >= 6 || date.numberOfFreeSeats === 0) {
    return { minRiders: null, decisionDate };
  }
  const wanted = key % 4 === 0 ? booked + 1 : booked + 2 + (key % 3);
  const minRiders = Math.min(date.numberOfSeats, 6, Math.max(2, wanted));
  // Never already reached: a date at its minimum would be guaranteed.
  return minRiders > booked ? { minRiders, decisionDate } : { minRiders: null, decisionDate };
}

/** Days the seed leaves an organizer to decide a date sooner than three weeks away. */
const DAYS_LEFT_TO_DECIDE = 3;

/** The decision day of a date starting on `start`, still ahead of `today`; null when none fits. */
function decisionDayOf(start: string, today: string): string | null {
  const threeWeeksBefore = addDays(start, -21);
  if (threeWeeksBefore > today) return threeWeeksBefore;
  const soon = addDays(today, DAYS_LEFT_TO_DECIDE);
  return soon < start ? soon : null;
}
