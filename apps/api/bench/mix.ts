import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { Random } from '#src/shared/random.ts';

/** One request of the load mix: a `/spa/tours` search as the web sends it. */
export interface SearchQuery {
  /** What it exercises (latencies are reported per kind). */
  kind: string;
  path: string;
  headers: Record<string, string>;
}

interface Catalogue {
  countries: number[];
  restKinds: number[];
  regions: number[];
  collections: number[];
  languages: string[];
  /** Cities that tours start from, with coordinates, for radius searches. */
  places: { lat: number; lng: number }[];
  cruiseTypes: number[];
  waterObjects: number[];
  today: string;
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The values tours actually carry, most frequent first, so searches find something. */
async function popular(db: Database, column: string, limit: number): Promise<string[]> {
  const found = await rows<{ value: string }>(
    db,
    sql`select value::text as value from (
      select unnest(${sql.identifier(column)}) as value from tours where is_published
    ) t group by value order by count(*) desc, value limit ${limit}`,
  );
  return found.map((row) => row.value);
}

async function readCatalogue(db: Database): Promise<Catalogue> {
  const places = await rows<{ lat: number; lng: number }>(
    db,
    sql`select cities.lat, cities.lng from cities
      where cities.id in (select start_city_id from tours where start_city_id is not null)
      order by cities.id limit 40`,
  );
  const cruises = await rows<{ cruise_type: number | null; water_object_id: number | null }>(
    db,
    sql`select cruise_type, water_object_id from tours where is_cruise
      group by 1, 2 order by count(*) desc limit 20`,
  );
  return {
    countries: (await popular(db, 'country_ids', 30)).map(Number),
    restKinds: (await popular(db, 'rest_kind_ids', 15)).map(Number),
    regions: (await popular(db, 'region_ids', 30)).map(Number),
    collections: (await popular(db, 'collection_ids', 10)).map(Number),
    languages: await popular(db, 'language_codes', 6),
    places: places.map((place) => ({ lat: Number(place.lat), lng: Number(place.lng) })),
    cruiseTypes: [...new Set(cruises.map((row) => row.cruise_type).filter((v) => v !== null))],
    waterObjects: [...new Set(cruises.map((row) => row.water_object_id).filter((v) => v !== null))],
    today: new Date().toISOString().slice(0, 10),
  };
}

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

type Params = [string, string | number][];

/** The contract's cap on price bounds, in any currency's major units. */
const PRICE_CAP = 200_000;

/** Price bounds per currency, in the currency's major units (under `PRICE_CAP`). */
const PRICE_RANGES: Record<string, [number, number][]> = {
  USD: [
    [300, 1200],
    [1000, 2500],
    [0, 800],
  ],
  EUR: [
    [250, 1000],
    [900, 2200],
  ],
  RUB: [
    [20_000, 90_000],
    [60_000, 180_000],
  ],
};

type Builder = [kind: string, weight: number, build: () => { params: Params; currency?: string }];

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The kinds of search a search page sends, with their weights. `varied` widens the values a
 * traveller types or drags (dates to the day, price bounds, radii) for fresh searches, whose
 * combinations must not repeat; the mix itself keeps the popular round values.
 */
function searchBuilders(catalogue: Catalogue, random: Random, varied: boolean): Builder[] {
  const sort = (): Params => [['sort', random.pick(['price', '-price'])]];
  const page = (): Params => (random.chance(0.3) ? [['page', random.int(2, 5)]] : []);
  const country = (): Params =>
    catalogue.countries.length > 0 ? [['countries', random.pick(catalogue.countries)]] : [];
  const dates = (): Params => {
    if (varied) {
      const from = addDays(catalogue.today, random.int(0, 270));
      return [
        ['dateFrom', from],
        ['dateTo', addDays(from, random.int(3, 90))],
      ];
    }
    const from = addMonths(catalogue.today, random.int(0, 8));
    return [
      ['dateFrom', from],
      ['dateTo', addMonths(from, random.int(1, 3))],
    ];
  };
  const priceRange = (currency: string): [number, number] => {
    const [min, max] = random.pick(PRICE_RANGES[currency]!);
    if (!varied) return [min, max];
    // A slider dragged by hand: bounds moved by up to four tenths of the range, in round steps.
    const step = Math.max(1, Math.round((max - min) / 10));
    const low = Math.max(0, min + random.int(-4, 4) * step);
    const high = Math.max(low + step, max + random.int(-4, 4) * step);
    return [low, Math.min(PRICE_CAP, high)];
  };
  return [
    ['listing', 6, () => ({ params: [...page()] })],
    ['listing page 2-5', 3, () => ({ params: [['page', random.int(2, 5)]] })],
    [
      'country',
      8,
      () => ({ params: [...country(), ...page(), ...(random.chance(0.3) ? sort() : [])] }),
    ],
    [
      'region',
      2,
      () => ({
        params: catalogue.regions.length > 0 ? [['regions', random.pick(catalogue.regions)]] : [],
      }),
    ],
    [
      'country + rest kind',
      5,
      () => ({
        params: [
          ...country(),
          ...random
            .sample(catalogue.restKinds, random.int(1, 2))
            .map((id): [string, number] => ['restKinds', id]),
        ],
      }),
    ],
    ['dates', 5, () => ({ params: [...dates(), ...(random.chance(0.5) ? country() : [])] })],
    ['dates sorted by price', 3, () => ({ params: [...dates(), ...sort()] })],
    [
      'price range',
      5,
      () => {
        const currency = random.pick(Object.keys(PRICE_RANGES));
        const [min, max] = priceRange(currency);
        const params: Params = [
          ['priceMin', min],
          ['priceMax', max],
          ...(random.chance(0.5) ? country() : []),
          ...(random.chance(0.4) ? sort() : []),
        ];
        return { params, currency };
      },
    ],
    [
      'duration',
      3,
      () => {
        const daysMin = random.int(1, 8);
        return {
          params: [['daysMin', daysMin], ['daysMax', daysMin + random.int(2, 6)], ...page()],
        };
      },
    ],
    ['sorted by price', 3, () => ({ params: [...sort(), ...page()] })],
    [
      'radius',
      3,
      () => {
        const place = random.pick(catalogue.places);
        const radii = varied ? [25, 50, 75, 100, 150, 200, 250, 300] : [50, 100, 300];
        return {
          params: [
            ['lat', place.lat],
            ['lng', place.lng],
            ['radius', random.pick(radii)],
          ],
        };
      },
    ],
    [
      'cruises',
      3,
      () => ({
        params: [
          ['isCruisesSearch', 1],
          ...(random.chance(0.5) && catalogue.cruiseTypes.length > 0
            ? ([['cruisesType', random.pick(catalogue.cruiseTypes)]] as Params)
            : []),
          ...(random.chance(0.5) && catalogue.waterObjects.length > 0
            ? ([['waterObject', random.pick(catalogue.waterObjects)]] as Params)
            : []),
        ],
      }),
    ],
    ['excursions', 2, () => ({ params: [['type', 2], ...(random.chance(0.5) ? country() : [])] })],
    [
      'many filters',
      2,
      () => ({
        params: [
          ...country(),
          ...dates(),
          ['daysMin', 3],
          ['difficulty', random.int(1, 3)],
          ...(catalogue.languages.length > 0
            ? ([['languages', random.pick(catalogue.languages)]] as Params)
            : []),
          ...(catalogue.collections.length > 0 && random.chance(0.5)
            ? ([['collections', random.pick(catalogue.collections)]] as Params)
            : []),
        ],
      }),
    ],
  ];
}

/** Draws searches from the builders, about one in five with the filter facets, none twice. */
class SearchDrawer {
  private readonly weighted: (readonly [{ kind: string; build: Builder[2] }, number])[];

  constructor(
    builders: Builder[],
    private readonly random: Random,
    /** Every search drawn so far (by currency and path), shared so no two drawers repeat. */
    private readonly seen: Set<string>,
  ) {
    this.weighted = builders.map(([kind, weight, build]) => [{ kind, build }, weight] as const);
  }

  /** Searches built so far, repeats included. */
  attempts = 0;

  /** A search not drawn before, or undefined after `attempts` repeats in a row. */
  draw(attempts: number): SearchQuery | undefined {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      this.attempts += 1;
      const { kind, build } = this.random.weighted(this.weighted);
      const { params, currency } = build();
      const withFacets = this.random.chance(0.2);
      if (withFacets) params.push(['expand', 'filters']);
      const query = new URLSearchParams(
        params.map(([name, value]): [string, string] => [name, String(value)]),
      );
      const path = query.size > 0 ? `/spa/tours?${query}` : '/spa/tours';
      const key = `${currency ?? ''} ${path}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      return {
        kind: withFacets ? `${kind} + facets` : kind,
        path,
        headers: currency ? { 'x-currency': currency } : {},
      };
    }
    return undefined;
  }
}

/**
 * Searches no one sent before: a traveller's own dates, price bounds and radius. No response
 * cache holds their answers, so a share of them in the load (`--fresh`) measures what the cache
 * gives when part of the traffic is new to it, as it always is on a live site.
 */
export class FreshSearches {
  private readonly drawer: SearchDrawer;
  /** Drawn ahead of the load (`prepare`), so the load generator only hands them out. */
  private ready: SearchQuery[] = [];
  private readyAt = 0;

  constructor(catalogue: Catalogue, seen: Set<string>, seed: number) {
    const random = new Random(seed);
    this.drawer = new SearchDrawer(searchBuilders(catalogue, random, true), random, seen);
  }

  /**
   * Draws `count` searches now: drawing one takes the load generator's CPU, which it shares
   * with the API, and more of it as the simple kinds run out and draws repeat.
   */
  prepare(count: number): void {
    this.ready = [...this.ready.slice(this.readyAt), ...this.take(count)];
    this.readyAt = 0;
  }

  /** The next search, never handed out before. */
  next(): SearchQuery {
    if (this.readyAt < this.ready.length) return this.ready[this.readyAt++]!;
    return this.take(1)[0]!;
  }

  private take(count: number): SearchQuery[] {
    return Array.from({ length: count }, () => {
      const query = this.drawer.draw(10_000);
      if (!query) throw new Error('No fresh search left: widen searchBuilders');
      return query;
    });
  }
}

export interface SearchTraffic {
  /** The repeated mix: what most visitors search, over and over. */
  mix: SearchQuery[];
  /** Searches outside the mix, never repeated. */
  fresh: FreshSearches;
}

/**
 * The mix: `size` searches (about 50 by default) in the proportions a search page sees them:
 * plain listings and pages 2-5, countries and rest kinds, date windows, price ranges in
 * EUR/USD/RUB, durations, sorts by price, radius searches, cruises and excursions; about one in
 * five asks for the filter facets. Beside it, a source of fresh searches that never repeat one
 * of its queries.
 */
export async function buildSearchTraffic(
  db: Database,
  size = 50,
  seed = 4_2025,
): Promise<SearchTraffic> {
  const catalogue = await readCatalogue(db);
  const random = new Random(seed);
  const seen = new Set<string>();
  const drawer = new SearchDrawer(searchBuilders(catalogue, random, false), random, seen);
  const mix: SearchQuery[] = [];
  // The same attempts budget as before fresh searches existed, so the mix comes out unchanged.
  const budget = size * 10;
  while (mix.length < size && drawer.attempts < budget) {
    const query = drawer.draw(budget - drawer.attempts);
    if (!query) break;
    mix.push(query);
  }
  return { mix, fresh: new FreshSearches(catalogue, seen, seed ^ 0x5eed) };
}
