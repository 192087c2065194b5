/** Fixtures for the in-process index's tests: tour rows, dates and labels built by hand. */
import { Random } from './random';
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
    ...fields,
  };
}

export const date = (tourId: number, offset: number, duration: number, priceUsd: number) => ({
  tourId,
  startDate: day(offset),
  duration,
  priceUsd,
  pricePerDayUsd: Math.round(priceUsd / duration),
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
 * A random catalogue of `size` tours: tours, excursions and cruises, 0–4 dates each (days 1–280,
 * 1–24 days long), countries, regions, rest kinds, collections, comfort, difficulty, organizers
 * and coordinates drawn from `seed`.
 */
export function randomCatalogue(seed: number, size: number): Catalogue {
  const random = new Random(seed);
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
      }),
    );
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
