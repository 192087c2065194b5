/** Fixtures for the in-process index's tests: tour rows, dates and labels built by hand. */
import type { Random } from '#src/seed/random.ts';
import { buildTourIndex, type IndexLabels, type IndexTourRow } from './tour-index.ts';

export const today = '2027-01-01';
export const day = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
export const rates = new Map([['USD', 1]]);

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
