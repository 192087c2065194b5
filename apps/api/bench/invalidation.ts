/**
 * What following the index costs the response cache (decision 150): a 100k-tour index (a random
 * catalogue, as the search index's tests draw them; no database), `--filters` cached filters of
 * every kind (lists, one-of values, date windows, prices, durations, half with facets), and a
 * takeover after `--changed` tours changed (their prices halved). Prints the takeover's time
 * (median of `--rounds`) as the provider and the cache run it (the changed tours read out of both
 * indexes, then tested against the filters of their segments), split into its fixed part (a
 * takeover with no tour changed) and its part per changed tour, and how many filters it dropped.
 *
 * pnpm --filter @gallop/api bench:invalidation --tours 100000 --filters 5000
 */
import { parseArgs } from 'node:util';
import { normalizeFilters } from '@gallop/search-filters';
import { applyChangedTours, countedToursOf, type TourIndex } from '@gallop/search-index';
import {
  day,
  indexOfCatalogue,
  prices,
  randomCatalogue,
  Random,
  today,
} from '@gallop/search-index/testing';
import { createFilterRegistry, indexAnswerFilter } from '#src/modules/catalog/index.ts';

const { values } = parseArgs({
  options: {
    tours: { type: 'string', default: '100000' },
    filters: { type: 'string', default: '5000' },
    changed: { type: 'string', default: '1,10,100' },
    rounds: { type: 'string', default: '7' },
  },
});
const tourCount = Number(values.tours);
const filterCount = Number(values.filters);
const rounds = Number(values.rounds);

/** A random search of the kinds the mix sends: a few filters, sometimes a window or a price. */
function randomQuery(random: Random): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (random.chance(0.3)) query.type = 2;
  if (random.chance(0.6)) query.countries = [random.int(1, 6)];
  if (random.chance(0.4)) query.regions = [random.int(10, 20)];
  if (random.chance(0.3)) query.restKinds = [random.int(1, 4)];
  if (random.chance(0.3)) query.difficulty = [random.int(1, 4)];
  if (random.chance(0.2)) query.organizer = random.int(1, 12);
  if (random.chance(0.4)) {
    const from = random.int(1, 250);
    query.dateFrom = day(from);
    query.dateTo = day(from + random.int(0, 60));
  }
  if (random.chance(0.4)) query.priceMax = random.int(80, 400);
  if (random.chance(0.2)) query.priceMin = random.int(50, 200);
  if (random.chance(0.2)) query.daysMin = random.int(1, 10);
  if (random.chance(0.2)) query.maxGroupSize = random.int(4, 20);
  if (random.chance(0.1)) query.riderWeight = random.int(70, 120);
  return query;
}

/**
 * With `node --expose-gc`, collects the garbage of the rounds' index builds before a timed
 * takeover: a collection of it would land in the takeover's time otherwise.
 */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1]!;

async function main() {
  const started = performance.now();
  const catalogue = randomCatalogue(45, tourCount);
  const index = indexOfCatalogue(catalogue);
  console.info(`index of ${index.size} tours in ${Math.round(performance.now() - started)} ms`);
  // The serving index was prepared: its id → position table is built.
  countedToursOf(index, [index.ids[0]!]);
  const random = new Random(150);
  const filters = Array.from({ length: filterCount }, (_, n) =>
    indexAnswerFilter(normalizeFilters({ ...randomQuery(random), page: (n % 3) + 1 }), {
      place: undefined,
      toUsdMinor: prices.toUsdMinor,
      today,
      withFacets: random.chance(0.5),
    }),
  );

  /** A registry following `index`, every filter kept (each answer's record taken). */
  const registryOn = () => {
    const registry = createFilterRegistry(() => 0, 1);
    registry.takeOver(takeover(undefined, index, 'all'));
    for (const filter of filters) registry.recordFor(filter, index);
    return registry;
  };

  // A server's check code is optimised after a few takeovers (V8 compiles it in the background,
  // slowly on a loaded machine): 30 untimed takeovers of 100 tours first.
  const warmIds = random.sample(catalogue.tours, 100).map((tour) => tour.id);
  const warmSet = new Set(warmIds);
  const warmNext = await applyChangedTours(index, {
    tours: catalogue.tours.filter((tour) => warmSet.has(tour.id)),
    dates: catalogue.dates.filter((date) => warmSet.has(date.tourId)),
    removedIds: [],
  });
  for (let round = 0; round < 30; round += 1) {
    registryOn().takeOver(takeover(index, warmNext, warmIds));
  }

  for (const changedCount of String(values.changed).split(',').map(Number)) {
    const times: number[] = [];
    const fixed: number[] = [];
    let kept = 0;
    let dropped = 0;
    for (let round = 0; round < rounds; round += 1) {
      // The tours an organizer's edit or a booking changes: prices halved, a date moved.
      const changedIds = random.sample(catalogue.tours, changedCount).map((tour) => tour.id);
      const changedSet = new Set(changedIds);
      const next: TourIndex = await applyChangedTours(index, {
        tours: catalogue.tours.filter((tour) => changedSet.has(tour.id)),
        dates: catalogue.dates
          .filter((date) => changedSet.has(date.tourId))
          .map((date) => ({ ...date, priceUsd: Math.round(date.priceUsd / 2) })),
        removedIds: [],
      });
      // Its id → position table, as `prepareIndex` builds it before the index serves.
      countedToursOf(next, [next.ids[0]!]);
      const registry = registryOn();
      const records = registry.size;
      // Timed as the provider and the cache run it: the changed tours read out, then checked.
      collectGarbage();
      const at = performance.now();
      const gone = registry.takeOver(takeover(index, next, changedIds));
      times.push(performance.now() - at);
      // The same takeover with no tour changed: what it costs whatever changed.
      const again = registryOn();
      const other = await applyChangedTours(index, { tours: [], dates: [], removedIds: [] });
      countedToursOf(other, [other.ids[0]!]);
      collectGarbage();
      const fixedAt = performance.now();
      again.takeOver(takeover(index, other, []));
      fixed.push(performance.now() - fixedAt);
      kept = records - gone;
      dropped = gone;
    }
    const total = median(times);
    const base = median(fixed);
    console.info(
      `${changedCount} changed tours, ${filters.length} filters: takeover ${total.toFixed(2)} ms ` +
        `(fixed ${base.toFixed(3)} ms, ${((total - base) / changedCount).toFixed(3)} ms per changed tour), ` +
        `dropped ${dropped}, kept ${kept}`,
    );
  }
}

/** What the registry takes at a takeover (the module's index exports the registry, not its type). */
type IndexTakeover = Parameters<ReturnType<typeof createFilterRegistry>['takeOver']>[0];

/** A takeover as the index provider announces it, its changed tours read out on demand. */
function takeover(
  previous: TourIndex | undefined,
  next: TourIndex,
  changed: readonly number[] | 'all',
): IndexTakeover {
  const changedTours = () =>
    changed === 'all' || !previous
      ? []
      : [...countedToursOf(previous, changed), ...countedToursOf(next, changed)];
  return { previous, next, changed, changedTours, changesUpTo: 1 };
}

await main();
