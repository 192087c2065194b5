/**
 * The index pass alone, per query kind of the load mix: each search of the mix run one after
 * another through `searchIndex` (no HTTP, no cards), `--rounds` times, median per query. Shows
 * which searches grow with the catalogue (`pnpm --filter @gallop/api bench:index`).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  compileIndexQuery,
  prepareIndex,
  searchIndex,
  SHORTCUT_PATHS,
  type ShortcutPath,
} from '@gallop/search-index';
import { openDatabase } from '#src/db/client.ts';
import {
  loadTourIndex,
  mergeFilters,
  PAGE_SIZE,
  resolvePlace,
  usdMinorIn,
} from '#src/modules/catalog/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import { passOrder, pathWorth, pathWorthTable, percentile, type PathSample } from './each-path.ts';
import { median } from './scale.ts';
import { buildSearchTraffic } from './mix.ts';
import { BENCH_PASSPORTS } from './passport.ts';
import { passportFromCookie } from '@gallop/rider-fit';

/** Query fields the contract reads as arrays (the mix repeats them, as the web does). */
const LIST_FIELDS = new Set([
  'countries',
  'regions',
  'cities',
  'restKinds',
  'collections',
  'languages',
  'difficulty',
  'comfort',
  'ships',
]);

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.DATABASE_URL },
    rounds: { type: 'string', default: '15' },
    queries: { type: 'string', default: '50' },
    /** Only the searches whose path holds this text (to profile one). */
    only: { type: 'string' },
    /** How many of the preparation's slowest structures to print. */
    slowest: { type: 'string', default: '6' },
    /** Skip the preparation the server runs (decision 054): searches build on first use. */
    lazy: { type: 'boolean', default: false },
    /**
     * Run this many fresh searches (bench/mix.ts `FreshSearches`) once each instead of the mix:
     * what searches no one sent before cost, after the mix has run.
     */
    fresh: { type: 'string', default: '0' },
    /**
     * Run this many other fresh searches first, untimed: the structures fresh traffic shares (a
     * country's answers, decision 052) are then built, as in a server that has served a while,
     * and the timed fresh searches show their steady cost rather than first builds.
     */
    warm: { type: 'string', default: '0' },
    /**
     * Run every search sorted "fits me first" with a rider passport (bench/passport.ts, one per
     * search in turn): what the order costs the pass (decision 109).
     */
    passport: { type: 'boolean', default: false },
    /** Shortcut paths to turn off (`SHORTCUT_PATHS`, comma-separated): the mix without them. */
    without: { type: 'string' },
    /**
     * Each shortcut path (or those of `--paths`) side by side with the mix without it, in ABBA
     * passes over the mix and its fresh searches (bench/each-path.ts).
     */
    'each-path': { type: 'boolean', default: false },
    paths: { type: 'string' },
    /** ABBA blocks per path (`--each-path`). */
    repeats: { type: 'string', default: '2' },
    /** The whole search's p95 (ms) a path's worth is read against; default the pass's own. */
    'reference-p95': { type: 'string' },
  },
});

function shortcutPaths(names: string | undefined): ShortcutPath[] {
  if (names === undefined) return [...SHORTCUT_PATHS];
  return names.split(',').map((name) => {
    const path = SHORTCUT_PATHS.find((known) => known === name.trim());
    if (!path) throw new Error(`Unknown path ${name}: one of ${SHORTCUT_PATHS.join(', ')}`);
    return path;
  });
}
const withoutPaths =
  values.without === undefined ? undefined : new Set(shortcutPaths(values.without));

const handle = await openDatabase({ url: values.url });
const db = handle.db;
const today = todayIso();
// How long the event loop waited at worst while the index was read, laid out and prepared: what a
// request reaching an API worker during a rebuild waits for (decision 064).
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const started = performance.now();
let layout = '';
const index = await loadTourIndex(
  db,
  { version: 1, today },
  {
    onLaidOut: ({ ms, longestSliceMs }) =>
      (layout = `laid out in ${Math.round(ms)} ms, longest slice ${longestSliceMs.toFixed(1)} ms`),
  },
);
const loaded = Math.round(performance.now() - started);
console.info(`index of ${index.size} tours built in ${loaded} ms (${layout})`);
const delayMs = (ns: number) => (ns / 1e6).toFixed(1);
const reportDelay = (what: string) => {
  console.info(
    `event loop delay while ${what}: max ${delayMs(loopDelay.max)} ms, ` +
      `p99 ${delayMs(loopDelay.percentile(99))} ms`,
  );
  loopDelay.reset();
};
reportDelay('reading and laying out');
if (!values.lazy) {
  const preparing = performance.now();
  const timings = await prepareIndex(index);
  const total = Math.round(performance.now() - preparing);
  const busy = timings.reduce((sum, { ms }) => sum + ms, 0);
  const longest = Math.max(...timings.map(({ longestSliceMs }) => longestSliceMs));
  console.info(
    `prepared ${timings.length} structures in ${total} ms (${Math.round(busy)} ms of work); ` +
      `longest slice ${longest.toFixed(1)} ms; slowest (work, longest slice):`,
  );
  timings.sort((a, b) => b.ms - a.ms);
  for (const { label, tours, ms, longestSliceMs } of timings.slice(0, Number(values.slowest))) {
    console.info(
      `${ms.toFixed(0).padStart(6)} ms ${longestSliceMs.toFixed(1).padStart(6)} ms  ${label} (${tours} tours)`,
    );
  }
}
if (!values.lazy) reportDelay('preparing');
loopDelay.disable();
// What the collector walks (the JS heap) against the typed arrays' memory it does not walk: a
// large heap makes every full collection of a serving worker longer.
(globalThis as { gc?: () => void }).gc?.();
const memory = process.memoryUsage();
const megabytes = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
console.info(
  `memory: JS heap ${megabytes(memory.heapUsed)}, array buffers ${megabytes(memory.arrayBuffers)}` +
    ((globalThis as { gc?: () => void }).gc ? '' : ' (run with --expose-gc for the live heap)'),
);
if (process.env['BENCH_HEAP_SNAPSHOT']) {
  const { writeHeapSnapshot } = await import('node:v8');
  console.info(`heap snapshot: ${writeHeapSnapshot(process.env['BENCH_HEAP_SNAPSHOT'])}`);
}
const rates = await createRatesCache(db).get();
const traffic = await buildSearchTraffic(db, Number(values.queries));
const freshCount = Number(values.fresh);
const warmCount = Number(values.warm);
traffic.fresh.prepare(warmCount + freshCount);
const warming = Array.from({ length: warmCount }, () => traffic.fresh.next());
const fresh = Array.from({ length: freshCount }, () => traffic.fresh.next());
// Fresh searches run once each, after the mix has warmed what repeated searches keep.
const mix = [...traffic.mix, ...warming, ...fresh];
const isFresh = new Set(fresh);
const isWarming = new Set(warming);
const byKind = new Map<string, number[]>();
let searched = 0;
const slowest: { path: string; ms: number }[] = [];
/** Each search's first run: it also builds the per-segment structures it is the first to need. */
const firstRuns: { path: string; ms: number }[] = [];
/** Each search of the mix, ready to run (its place resolved), with or without some paths. */
const runs: { search: (typeof mix)[number]; run: (without?: ReadonlySet<ShortcutPath>) => void }[] =
  [];
for (const search of mix) {
  if (values.only !== undefined && !search.path.includes(values.only)) continue;
  const params = new URL(search.path, 'http://x').searchParams;
  const query: Record<string, unknown> = {};
  for (const [name, value] of params) {
    if (LIST_FIELDS.has(name)) ((query[name] ??= []) as unknown[]).push(value);
    else query[name] = value;
  }
  const passport = values.passport
    ? passportFromCookie(BENCH_PASSPORTS[searched % BENCH_PASSPORTS.length])
    : undefined;
  searched += 1;
  const filter = mergeFilters(undefined, values.passport ? { ...query, sort: 'fit' } : query);
  const currency = search.headers['x-currency'] ?? 'USD';
  const place = await resolvePlace(db, filter);
  const toUsdMinor = usdMinorIn({ currency, rates });
  const run = (without: ReadonlySet<ShortcutPath> | undefined = withoutPaths) => {
    const compiled = compileIndexQuery(index, filter, { toUsdMinor, place });
    return searchIndex(
      index,
      { ...compiled, withoutPaths: without },
      {
        sort: filter.sort,
        offset: (filter.page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
        withFacets: params.get('expand') === 'filters',
        passport,
      },
    );
  };
  runs.push({ search, run });
}
/**
 * An event-loop turn between two searches, as a server has between requests: builds queued in the
 * background (a large list value's answers, decision 086) go on meanwhile.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
if (values['each-path']) {
  for (const { search, run } of runs) {
    if (!isWarming.has(search)) continue;
    run();
    await turn();
  }
  const timed = runs.filter(({ search }) => !isWarming.has(search));
  // One untimed pass first: the first path's passes would otherwise also pay for compiling the
  // code and the structures built on first use.
  for (const { run } of timed) {
    run();
    await turn();
  }
  const kindOf = (search: (typeof mix)[number]) =>
    isFresh.has(search) ? `fresh: ${search.kind}` : search.kind;
  const worth: ReturnType<typeof pathWorth>[] = [];
  const givenReference =
    values['reference-p95'] === undefined ? undefined : Number(values['reference-p95']);
  // The p95 over the searches of each one's median time.
  const withP95Of = (times: number[][]) => percentile(times.map(median), 0.95);
  const allWith: number[][] = timed.map(() => []);
  const paths = shortcutPaths(values.paths);
  for (const path of paths) {
    const without = new Set([path]);
    const samples: PathSample[] = timed.map(({ search }) => ({
      kind: kindOf(search),
      with: [],
      without: [],
    }));
    for (const withPath of passOrder(Number(values.repeats))) {
      for (const [n, { run }] of timed.entries()) {
        const start = performance.now();
        run(withPath ? undefined : without);
        const ms = performance.now() - start;
        samples[n]![withPath ? 'with' : 'without'].push(ms);
        if (withPath) allWith[n]!.push(ms);
        await turn();
      }
    }
    const row = pathWorth(path, samples, givenReference ?? withP95Of(samples.map((x) => x.with)));
    worth.push(row);
    console.info(pathWorthTable([row], row.withP95).split('\n').at(-1));
  }
  // The reference: the whole search's p95 when given, else the pass's own with every path.
  const reference = givenReference ?? withP95Of(allWith);
  console.info(
    `\n${timed.length} searches (${fresh.length} fresh), ${values.repeats} ABBA blocks per path; ` +
      (givenReference
        ? "reference: the whole search's p95 (--reference-p95)"
        : "reference: the index pass's own p95 with every path (all paths' passes)"),
  );
  console.info(
    pathWorthTable(
      worth.map((row) => ({ ...row, worthShare: row.worthMs / reference })),
      reference,
    ),
  );
  await handle.close();
  process.exit(0);
}
for (const { search, run } of runs) {
  await turn();
  if (isWarming.has(search)) {
    run();
    continue;
  }
  const times: number[] = [];
  const rounds = isFresh.has(search) ? 1 : Number(values.rounds);
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  firstRuns.push({ path: `${search.headers['x-currency'] ?? ''} ${search.path}`, ms: times[0]! });
  times.sort((a, b) => a - b);
  const middle = times[Math.floor(times.length / 2)]!;
  const kind = isFresh.has(search) ? `fresh: ${search.kind}` : search.kind;
  byKind.set(kind, [...(byKind.get(kind) ?? []), middle]);
  slowest.push({ path: `${search.headers['x-currency'] ?? ''} ${search.path}`, ms: middle });
}
const rows = [...byKind].map(([kind, medians]) => ({
  kind,
  n: medians.length,
  meanMs: medians.reduce((a, b) => a + b, 0) / medians.length,
  maxMs: Math.max(...medians),
}));
rows.sort((a, b) => b.meanMs - a.meanMs);
const all = [...byKind.values()].flat();
console.info(
  `mix mean ${(all.reduce((a, b) => a + b, 0) / all.length).toFixed(2)} ms over ${all.length} searches`,
);
const freshMedians = [...byKind].flatMap(([kind, medians]) =>
  kind.startsWith('fresh: ') ? medians : [],
);
if (freshMedians.length > 0) {
  const freshMean = freshMedians.reduce((a, b) => a + b, 0) / freshMedians.length;
  console.info(
    `fresh mean ${freshMean.toFixed(2)} ms over ${freshMedians.length} searches` +
      (warmCount > 0 ? ` (after ${warmCount} untimed)` : ''),
  );
}
console.info('| kind | searches | mean ms | max ms |\n| --- | --- | --- | --- |');
for (const row of rows)
  console.info(`| ${row.kind} | ${row.n} | ${row.meanMs.toFixed(2)} | ${row.maxMs.toFixed(2)} |`);
slowest.sort((a, b) => b.ms - a.ms);
console.info('\nslowest searches:');
for (const { path, ms } of slowest.slice(0, 8)) console.info(`${ms.toFixed(2)} ms  ${path}`);
firstRuns.sort((a, b) => b.ms - a.ms);
console.info(
  values.lazy
    ? '\nslowest first runs (structures built on first use included):'
    : '\nslowest first runs (after the preparation):',
);
for (const { path, ms } of firstRuns.slice(0, 5)) console.info(`${ms.toFixed(2)} ms  ${path}`);
await handle.close();
