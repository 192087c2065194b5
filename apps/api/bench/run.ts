/**
 * `pnpm bench:api`: the issue 4 search benchmark. See bench/README.md.
 * It seeds the catalogue with the seed CLI, starts the API in its own process and loads it with
 * autocannon; timings live here, never in vitest tests.
 */
import os from 'node:os';
import { openDatabase } from '#src/db/client.ts';
import {
  describeDatabase,
  ensurePostgresDatabase,
  ensureSeeded,
  type BenchDatabase,
} from './database.ts';
import { explainSearches, formatExplained } from './explain.ts';
import { cpuPerRequest, cpuSnapshot } from './cpu.ts';
import { checkQueries, runLoad, type LoadResult } from './load.ts';
import { buildSearchTraffic, type SearchQuery, type SearchTraffic } from './mix.ts';
import { MAP_SIDE_BY_SIDE } from './map.ts';
import { PASSPORT_SIDE_BY_SIDE } from './passport.ts';
import { alternatingRounds, type SideBySide, type VariantMeasurement } from './side-by-side.ts';
import {
  modeEnv,
  modesOf,
  modeLabel,
  parseOptions,
  PGLITE_DIR,
  type BenchOptions,
  type SearchMode,
} from './options.ts';
import {
  checkRun,
  checkScale,
  checksTable,
  kindsTable,
  runsTable,
  scaleTable,
  sideBySideTable,
  writeReport,
  type DatabaseRun,
} from './report.ts';
import { scaleDatabaseUrl, scaleOrder, type ScaleMeasurement } from './scale.ts';
import { startServer, waitForIdlePostgres, type BenchServer } from './server.ts';

const HEALTH: SearchQuery[] = [{ kind: 'health', path: '/health', headers: {} }];

function databaseFor(kind: 'postgres' | 'pglite', options: BenchOptions): BenchDatabase {
  return kind === 'postgres' ? { kind, url: options.databaseUrl } : { kind, dataDir: PGLITE_DIR };
}

/** Reads the mix from the catalogue before the server opens it (PGlite allows one process). */
async function trafficFor(database: BenchDatabase, size: number): Promise<SearchTraffic> {
  const handle = await openDatabase(
    database.kind === 'postgres'
      ? { url: database.url, poolSize: 1 }
      : { dataDir: database.dataDir },
  );
  try {
    return await buildSearchTraffic(handle.db, size);
  } finally {
    await handle.close();
  }
}

async function withServer<T>(
  database: BenchDatabase,
  options: BenchOptions,
  cache: SearchMode,
  work: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const workers = database.kind === 'postgres' ? options.workers : 1;
  const server = await startServer(database, options.dist, {
    ...modeEnv(cache),
    API_WORKERS: String(workers),
  });
  console.info(
    `API (pid ${server.pid}, ${modeLabel(cache)}, ${workers === 1 ? 'one process' : `${workers} workers`}) on ${server.url} over ${describeDatabase(database)}`,
  );
  try {
    if (database.kind === 'postgres') await waitForIdlePostgres(database.url);
    return await work(server);
  } finally {
    await server.stop();
  }
}

/** Fresh searches drawn ahead per second of load at a 100% share (`FreshSearches.prepare`). */
const FRESH_DRAWN_PER_SECOND = 12_000;

/** Fresh searches checked before the load, as the mix is: each must answer 200. */
const FRESH_CHECKED = 50;

/** Every query of the mix, and some fresh searches when the load sends them, answer 200. */
async function checkTraffic(url: string, traffic: SearchTraffic, options: BenchOptions) {
  await checkQueries(url, traffic.mix);
  if (options.fresh > 0) {
    await checkQueries(
      url,
      Array.from({ length: FRESH_CHECKED }, () => traffic.fresh.next()),
    );
  }
}

/** Warm-up (thrown away), then the measured run. */
async function measure(
  server: BenchServer,
  queries: SearchQuery[],
  options: BenchOptions,
  label: string,
  traffic?: SearchTraffic,
): Promise<LoadResult> {
  const load = {
    url: server.url,
    connections: options.connections,
    decodeBodies: options.decodeBodies,
    plain: options.plain,
    fresh: traffic ? { searches: traffic.fresh, share: options.fresh } : undefined,
  };
  // More than the load can send: a faster machine only draws some on the fly.
  const freshPerSecond = FRESH_DRAWN_PER_SECOND * options.fresh;
  traffic?.fresh.prepare(Math.ceil(freshPerSecond * options.warmup));
  console.info(`  ${label}: warm-up ${options.warmup} s`);
  await runLoad({ ...load, duration: options.warmup }, queries);
  console.info(`  ${label}: measuring ${options.duration} s at ${options.connections} connections`);
  traffic?.fresh.prepare(Math.ceil(freshPerSecond * options.duration));
  const before = cpuSnapshot(server.pid);
  const measured = await runLoad({ ...load, duration: options.duration }, queries);
  const result = {
    ...measured,
    cpu: cpuPerRequest(before, cpuSnapshot(server.pid), measured.requests),
  };
  console.info(
    `  ${label}: ${result.throughput.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, ` +
      `p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.failures} failures` +
      (result.cpu
        ? `; CPU ms/request: API ${result.cpu.serverMs.toFixed(3)}, load generator ${result.cpu.generatorMs.toFixed(3)}`
        : ''),
  );
  return result;
}

async function benchDatabase(
  kind: 'postgres' | 'pglite',
  tours: number,
  options: BenchOptions,
): Promise<DatabaseRun> {
  const database = databaseFor(kind, options);
  await ensureSeeded(database, tours, options.reseed);
  const traffic = await trafficFor(database, options.queries);
  const queries = traffic.mix;
  const modes = modesOf(options.cache);
  const searches: DatabaseRun['searches'] = [];
  const sideBySide: NonNullable<DatabaseRun['sideBySide']> = [];
  let health: LoadResult | undefined;
  for (const cache of modes) {
    await withServer(database, options, cache, async (server) => {
      await checkTraffic(server.url, traffic, options);
      const result = await measure(
        server,
        queries,
        options,
        `${kind} /spa/tours mix (${queries.length} queries, ${modeLabel(cache, options.fresh)})`,
        traffic,
      );
      searches.push({ cache, result });
      // /health once, in the first server, right after its search run.
      health ??= await measure(server, HEALTH, options, `${kind} /health`);
      const compare = async <Variant extends string>(
        comparison: SideBySide<Variant>,
        rounds: number,
      ) => {
        if (rounds === 0) return;
        const measured = await measureSideBySide(
          server,
          queries,
          { options, cache, kind },
          {
            comparison,
            rounds,
          },
        );
        sideBySide.push({
          title: `${comparison.title} (${modeLabel(cache)})`,
          table: sideBySideTable(comparison, measured),
        });
      };
      await compare(PASSPORT_SIDE_BY_SIDE, options.passportRounds);
      await compare(MAP_SIDE_BY_SIDE, options.mapRounds);
    });
  }
  return {
    database: kind,
    tours,
    fresh: options.fresh,
    searches,
    health: health!,
    ...(sideBySide.length > 0 ? { sideBySide } : {}),
  };
}

/**
 * Variants of the mix side by side (bench/side-by-side.ts: `--passport`, `--map`): the same server
 * measures each variant, in rounds alternating the order; every variant's answers are checked
 * first.
 */
async function measureSideBySide<Variant extends string>(
  server: BenchServer,
  mix: SearchQuery[],
  { options, cache, kind }: { options: BenchOptions; cache: SearchMode; kind: string },
  { comparison, rounds }: { comparison: SideBySide<Variant>; rounds: number },
): Promise<VariantMeasurement<Variant>[]> {
  for (const variant of comparison.variants) {
    await checkQueries(server.url, comparison.mix(mix, variant));
  }
  const measured: VariantMeasurement<Variant>[] = [];
  for (const [at, variants] of alternatingRounds(comparison.variants, rounds).entries()) {
    for (const variant of variants) {
      const label = `${kind} ${comparison.title} round ${at + 1}, ${comparison.labels[variant]} (${modeLabel(cache)})`;
      const result = await measure(server, comparison.mix(mix, variant), options, label);
      measured.push({ cache, round: at + 1, variant, result });
    }
  }
  return measured;
}

/** How the load generator read the answers (bench/load.ts). */
function bodiesNote(options: BenchOptions): string {
  const read = options.decodeBodies
    ? 'autocannon decodes every answer as text (--decode-bodies)'
    : 'answers counted by the load generator, not decoded as text';
  const asked = options.plain
    ? 'uncompressed answers asked for (--plain)'
    : 'compressed answers accepted (gzip, deflate, br)';
  return `${read}; ${asked}`;
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
}

/** The 1, 5 and 15 minute load averages: other work on the machine skews every number. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

async function mainMode(options: BenchOptions): Promise<boolean> {
  const loadBefore = loadAverage();
  const runs: DatabaseRun[] = [];
  for (const kind of options.targets) {
    runs.push(
      await benchDatabase(kind, kind === 'postgres' ? options.tours : options.pgliteTours, options),
    );
  }
  const checks = runs.flatMap(checkRun);
  const markdown = [
    `# API search benchmark (${new Date().toISOString()})`,
    `${machine()}; ${options.connections} connections, ${options.warmup} s warm-up, ${options.duration} s measured per route; API processes on PostgreSQL: ${options.workers} (API_WORKERS); ${bodiesNote(options)}; load average before: ${loadBefore}.`,
    '',
    runsTable(runs),
    '',
    `Load average after: ${loadAverage()}.`,
    '',
    checksTable(checks),
    ...runs.flatMap((run) =>
      (run.sideBySide ?? []).flatMap(({ title, table }) => [
        '',
        `## ${run.database}, ${run.tours} tours: ${title}`,
        '',
        table,
      ]),
    ),
    ...runs.flatMap((run) =>
      run.searches.flatMap(({ cache, result }) => [
        '',
        `## ${run.database}, ${modeLabel(cache, run.fresh)}: latency per query kind`,
        '',
        kindsTable(result),
      ]),
    ),
  ].join('\n');
  const files = await writeReport(
    'search',
    { options, machine: machine(), runs, checks },
    markdown,
  );
  console.info(`\n${markdown}\n\nwritten to ${files.markdown} and ${files.json}`);
  return checks.every((check) => check.pass);
}

async function scaleMode(options: BenchOptions, sizes: number[]): Promise<boolean> {
  // Growth is a property of the uncached search unless `--cache on` (or `sql`) asks otherwise.
  const cache: SearchMode =
    options.cache === 'on' || options.cache === 'sql' ? options.cache : 'off';
  // Every size's database is seeded (when it holds another size) and its mix read first.
  const prepared = new Map<number, { database: BenchDatabase; traffic: SearchTraffic }>();
  for (const tours of [...new Set(sizes)].sort((a, b) => a - b)) {
    const database: BenchDatabase = {
      kind: 'postgres',
      url: scaleDatabaseUrl(options.databaseUrl, tours),
    };
    await ensureSeeded(database, tours, options.reseed);
    prepared.set(tours, { database, traffic: await trafficFor(database, options.queries) });
  }
  const loadBefore = loadAverage();
  const measured: ScaleMeasurement[] = [];
  const order = scaleOrder(sizes, options.rounds);
  for (const [at, sizesOfRound] of order.entries()) {
    for (const tours of sizesOfRound) {
      const { database, traffic } = prepared.get(tours)!;
      const search = await withServer(database, options, cache, async (server) => {
        await checkTraffic(server.url, traffic, options);
        return measure(
          server,
          traffic.mix,
          options,
          `round ${at + 1}/${order.length}, ${tours} tours`,
          traffic,
        );
      });
      measured.push({ round: at + 1, tours, search });
    }
  }
  const checks = checkScale(measured);
  const markdown = [
    `# API search scaling on PostgreSQL (${new Date().toISOString()})`,
    `${machine()}; ${options.connections} connections, ${options.warmup} s warm-up, ${options.duration} s measured per size and round; ${options.rounds} rounds (sizes ascending, then descending); API processes: ${options.workers}; ${bodiesNote(options)}; search mode ${cache} (on: response cache; off: computed by the in-process index; sql: the database alone); fresh searches: ${Math.round(options.fresh * 100)}% of the requests; load average before: ${loadBefore}, after: ${loadAverage()}.`,
    '',
    scaleTable(measured),
    '',
    'Growth: p95 of the larger size over the smaller one measured in the same round, median of the rounds.',
    '',
    checksTable(checks),
    ...measured
      .filter((point) => point.round === 1)
      .flatMap((point) => [
        '',
        `## ${point.tours} tours, round 1: latency per query kind`,
        '',
        kindsTable(point.search),
      ]),
  ].join('\n');
  const files = await writeReport(
    'scale',
    { options, machine: machine(), measured, checks },
    markdown,
  );
  console.info(`\n${markdown}\n\nwritten to ${files.markdown} and ${files.json}`);
  return checks.every((check) => check.pass);
}

/** One query per kind of the mix: the plans that matter, without fifty near-duplicates. */
function representative(queries: SearchQuery[]): SearchQuery[] {
  const byKind = new Map<string, SearchQuery>();
  for (const query of queries) if (!byKind.has(query.kind)) byKind.set(query.kind, query);
  return [...byKind.values()];
}

async function explainMode(options: BenchOptions): Promise<boolean> {
  const database = databaseFor('postgres', options);
  await ensurePostgresDatabase(options.databaseUrl);
  await ensureSeeded(database, options.tours, options.reseed);
  const queries = representative((await trafficFor(database, options.queries)).mix);
  const explained = await explainSearches(options.databaseUrl, queries, {
    index: options.cache !== 'sql',
  });
  const markdown = [
    `# EXPLAIN (ANALYZE, BUFFERS) of the tour search, ${options.tours} tours on ${describeDatabase(database)}`,
    formatExplained(explained),
  ].join('\n');
  const files = await writeReport('explain', explained, markdown);
  console.info(`${markdown}\n\nwritten to ${files.markdown}`);
  return true;
}

const options = parseOptions(process.argv.slice(2));
const passed = options.explain
  ? await explainMode(options)
  : options.scale
    ? await scaleMode(options, options.scale)
    : await mainMode(options);
console.info(passed ? '\nall targets met' : '\nsome targets missed (see FAIL above)');
process.exitCode = passed ? 0 : 1;
