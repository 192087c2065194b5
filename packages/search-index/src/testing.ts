/** Fixtures for the in-process index's tests: tour rows, dates and labels built by hand. */
import { Random } from './random';
import type { EffectiveWelfare } from './rules';
import { buildTourIndex, type IndexLabels, type IndexTourRow } from './tour-index';

export const today = '2027-01-01';
export const day = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
/** Prices given in USD: major units to minor. */
export const prices = { toUsdMinor: (amount: number) => amount * 100 };

/** A multi-day tour of organizer 1 in country 1 with a date on day 10; `fields` vary it. */
export function tourRow(id: number, fields: Partial<IndexTourRow> = {}): IndexTourRow {
  return {
    id,
    popularity: 0,
    fromPriceUsd: 10_000,
    type: 1,
    isCruise: false,
    lastStartDate: day(60),
    maxGroupSize: 10,
    minAge: 0,
    countryIds: [1],
    regionIds: [],
    cityIds: [],
    restKindIds: [],
    collectionIds: [],
    languageCodes: ['en'],
    showplaceIds: [],
    comfort: 'base',
    accommodation: 'hotel',
    difficulty: 1,
    organizerId: 1,
    operatorType: 'organization',
    cruiseType: null,
    startCityId: null,
    cabinsCapacity: null,
    isReturningCruise: false,
    shipId: null,
    waterObjectId: null,
    lat: 0,
    lng: 0,
    riderLevel: 1,
    tack: 'english',
    otherTackOnRequest: false,
    hoursLongestDay: 5,
    maxRiderWeightKg: 95,
    heavyRiderWeightKg: 95,
    minRidingAge: 0,
    maxRidingAge: null,
    nonRidersWelcome: false,
    welfare: null,
    ...fields,
  };
}

/** A bookable date of a tour, `heavyPlacesFree` heavier-horse places free (none by default). */
export const date = (
  tourId: number,
  offset: number,
  duration: number,
  priceUsd: number,
  heavyPlacesFree = 0,
) => ({
  tourId,
  startDate: day(offset),
  duration,
  priceUsd,
  pricePerDayUsd: Math.round(priceUsd / duration),
  heavyPlacesFree,
});

/** 0–4 dates per tour: days 1–200, 1–14 days long, 25–200 USD (a random catalogue's dates). */
export const randomDates = (random: Random, rows: readonly IndexTourRow[]) =>
  rows.flatMap((row) =>
    Array.from({ length: random.int(0, 4) }, () =>
      date(row.id, random.int(1, 200), random.int(1, 14), random.int(5, 40) * 500),
    ),
  );

/** Index labels: what `named` gives, nothing else. */
export const labels = (named: Partial<IndexLabels>): IndexLabels => ({
  countries: new Map(),
  regions: new Map(),
  cities: new Map(),
  restKinds: new Map(),
  collections: new Map(),
  languages: new Map(),
  organizers: new Map(),
  worldParts: new Map(),
  showplaces: new Map(),
  waterObjects: new Map(),
  ships: new Map(),
  worldPartOfCountry: new Map(),
  ...named,
});

/** Labels `Name 1` … `Name count` for ids 1 … count. */
export const named = (count: number, name: string) =>
  new Map(Array.from({ length: count }, (_, n) => [n + 1, `${name} ${n + 1}`] as const));

/** A fixture index of `rows` and `dates`, its labels what `named` gives. */
export const indexOf = (
  rows: IndexTourRow[],
  dates: ReturnType<typeof date>[],
  named: Partial<IndexLabels> = {},
) => buildTourIndex({ version: 1, today, tours: rows, dates, labels: labels(named) });

export interface Catalogue {
  tours: IndexTourRow[];
  dates: ReturnType<typeof date>[];
}

/**
 * A tour's riding requirements drawn from `random`: every level, tack and the half hours from 2
 * to 8 (quarter hours now and then), a third saddling another tack on request, and half of the
 * tours with heavier horses (a limit above the standard one).
 */
export function randomRiding(random: Random) {
  const maxRiderWeightKg = random.int(17, 22) * 5;
  return {
    riderLevel: random.int(0, 4),
    tack: random.pick(['english', 'western', 'other']),
    otherTackOnRequest: random.chance(0.3),
    hoursLongestDay: random.chance(0.2) ? random.int(8, 32) / 4 : random.int(4, 16) / 2,
    maxRiderWeightKg,
    heavyRiderWeightKg: random.chance(0.5)
      ? maxRiderWeightKg + random.int(1, 4) * 5
      : maxRiderWeightKg,
  };
}

/**
 * A tour's ages drawn from `random` (decision 149): minimum ages 0–16, riding ages from 0 to 16
 * with an upper one on a quarter (a pony ride for children up to 12), non-riders welcome on a
 * third; minimum ages below the riding ages too, as an organizer may enter them.
 */
export function randomAges(random: Random) {
  const minRidingAge = random.int(0, 8) * 2;
  return {
    minAge: random.pick([0, 0, 4, 6, 8, 10, 12, 14, 16]),
    minRidingAge,
    maxRidingAge: random.chance(0.25) ? minRidingAge + random.int(0, 10) : null,
    nonRidersWelcome: random.chance(0.35),
  };
}

/**
 * A tour's effective welfare statement drawn from `random`: a fifth of the organizers have not
 * stated one; rest days 0–3, working hours 4–9 (half hours now and then), every turnout and
 * retirement, a vet on call for most.
 */
export function randomWelfare(random: Random): EffectiveWelfare | null {
  if (random.chance(0.2)) return null;
  return {
    restDaysPerWeek: random.int(0, 3),
    maxWorkHours: random.chance(0.2) ? random.int(9, 17) / 2 : random.int(4, 9),
    turnout: random.pick(['herd_pasture', 'herd_daytime', 'paddocks', 'stables']),
    vetOnCall: random.chance(0.7),
    retirement: random.pick(['kept_for_life', 'rehomed', 'sold']),
  };
}

/**
 * A random catalogue of `size` tours: tours, excursions and cruises, 0–4 dates each (days 1–280,
 * 1–24 days long), countries, regions, rest kinds, collections, comfort, difficulty, organizers
 * and coordinates drawn from `seed`; riding requirements and heavier-horse places free (0–2 on
 * the dates of tours with heavier horses), welfare statements and ages, from streams of their
 * own, so the rest is drawn as it always was.
 */
export function randomCatalogue(seed: number, size: number): Catalogue {
  const random = new Random(seed);
  const riding = new Random(seed + 46);
  const welfare = new Random(seed + 47);
  const ages = new Random(seed + 149);
  const tours: IndexTourRow[] = [];
  const dates: ReturnType<typeof date>[] = [];
  for (let id = 1; id <= size; id += 1) {
    const own = Array.from({ length: random.int(0, 4) }, () =>
      date(id, random.int(1, 280), random.int(1, 24), random.int(50, 400) * 100),
    );
    dates.push(...own);
    tours.push(
      tourRow(id, {
        popularity: random.int(0, 50),
        // The cheapest bookable date: what marks a tour bookable.
        fromPriceUsd: own.length > 0 ? Math.min(...own.map(({ priceUsd }) => priceUsd)) : null,
        type: random.chance(0.3) ? 2 : 1,
        isCruise: random.chance(0.2),
        lastStartDate: day(300),
        countryIds: [random.int(1, 6)],
        regionIds: [random.int(10, 20)],
        restKindIds: [random.int(1, 4)],
        collectionIds: random.chance(0.5) ? [random.int(1, 3)] : [],
        comfort: random.chance(0.5) ? 'base' : 'comfort',
        difficulty: random.int(1, 4),
        organizerId: random.int(1, 12),
        operatorType: random.chance(0.5) ? 'organization' : 'author',
        lat: random.int(-60, 60),
        lng: random.int(-170, 170),
        ...randomRiding(riding),
        welfare: randomWelfare(welfare),
        ...randomAges(ages),
      }),
    );
    const { maxRiderWeightKg, heavyRiderWeightKg } = tours.at(-1)!;
    if (heavyRiderWeightKg > maxRiderWeightKg) {
      for (const ownDate of own) ownDate.heavyPlacesFree = riding.int(0, 2);
    }
  }
  return { tours, dates };
}

/** The index of a `randomCatalogue`, its countries and organizers named (or `names`). */
export const indexOfCatalogue = (
  { tours, dates }: Catalogue,
  names: Partial<IndexLabels> = {
    countries: named(6, 'Country'),
    languages: new Map([['en', 'English']]),
    organizers: named(12, 'Organizer'),
  },
) => indexOf(tours, dates, names);
export { Random } from './random';
