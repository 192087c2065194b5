import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';

/** apps/api, where the seed CLI and the server run from. */
export const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Results and the PGlite data folder live under `.data/` (ignored by git). */
export const RESULTS_DIR = fileURLToPath(new URL('../.data/bench', import.meta.url));
export const PGLITE_DIR = fileURLToPath(new URL('../.data/bench-pglite', import.meta.url));

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/gallop_bench';

/** How the server answers searches: response cache on, off (index + SQL), or SQL alone. */
export type SearchMode = 'on' | 'off' | 'sql';

/** The server environment of a mode. */
export function modeEnv(mode: SearchMode): Record<string, string> {
  if (mode === 'sql') return { CATALOG_CACHE: 'off', SEARCH_INDEX: 'off' };
  return { CATALOG_CACHE: mode, SEARCH_INDEX: 'on' };
}

/** How reports name a mode, with the share of fresh searches when there are any. */
export function modeLabel(mode: SearchMode, fresh = 0): string {
  const label = { on: 'cache on', off: 'cache off, index', sql: 'cache off, SQL only' }[mode];
  return fresh > 0 ? `${label}, ${Math.round(fresh * 100)}% fresh` : label;
}

/** The modes a `--cache` value measures, in order. */
export function modesOf(cache: BenchOptions['cache']): SearchMode[] {
  if (cache === 'both') return ['on', 'off'];
  if (cache === 'all') return ['on', 'off', 'sql'];
  return [cache];
}

export interface BenchOptions {
  /** PostgreSQL database for the benchmark (never the tests' `test` database). */
  databaseUrl: string;
  /** Catalogue size on PostgreSQL for the main run. */
  tours: number;
  /** Catalogue size on PGlite. */
  pgliteTours: number;
  /** Seconds measured per load run, after `warmup` seconds that are thrown away. */
  duration: number;
  warmup: number;
  connections: number;
  /**
   * API processes on PostgreSQL (`API_WORKERS`, decision 045): one per core by default, as an
   * operator would run it; PGlite always runs one.
   */
  workers: number;
  /** Distinct search query strings in the mix (a response cache would hit them all). */
  queries: number;
  /**
   * Share of the requests (0 to 1) sent as searches never sent before, beside the mix: no
   * response cache holds them (`--fresh`, bench/mix.ts `FreshSearches`).
   */
  fresh: number;
  /** Sizes for the scaling mode (`--scale 10000,100000,1000000`). */
  scale: number[] | undefined;
  /** Rounds of the scaling mode: every size measured once per round (bench/scale.ts). */
  rounds: number;
  explain: boolean;
  /** Which databases the main run measures. */
  targets: ('postgres' | 'pglite')[];
  /** Seed again even when the database already holds the requested number of tours. */
  reseed: boolean;
  /** Run the built server (`dist/main.js`) instead of the sources through tsx. */
  dist: boolean;
  /**
   * Response cache runs: `on` (the realistic repeated mix, answered mostly from the cache),
   * `off` (`CATALOG_CACHE=off`: every search is computed, by the in-process index and the
   * database), `sql` (`off` and `SEARCH_INDEX=off`: the database alone), `both` (on and off) or
   * `all` (on, off and sql), side by side.
   */
  cache: SearchMode | 'both' | 'all';
  /**
   * Let autocannon decode every answer as text, as it does by default; the harness otherwise
   * only counts answer bytes, so the load generator's decoding does not take the API's CPU
   * (bench/load.ts).
   */
  decodeBodies: boolean;
  /**
   * Ask for uncompressed answers (`Accept-Encoding: identity`), as a client that does not
   * compress would: shows what the kept answers' compression (decision 066) is worth.
   */
  plain: boolean;
  /**
   * Rounds of "fits me first" side by side (`--passport`, bench/passport.ts): the mix without a
   * passport, sorted `fit` with one, and with the header sent and its own sorts, by the same
   * server; 0 for none.
   */
  passportRounds: number;
  /**
   * Rounds of the search map beside the list (`--map`, bench/map.ts): the mix on `/spa/tours`
   * and the same searches on `/spa/tours-map`, by the same server; 0 for none.
   */
  mapRounds: number;
}

const HELP = `pnpm bench:api [options]
  --tours N            tours seeded into PostgreSQL for the main run (default 100000)
  --pglite-tours N     tours seeded into PGlite (default 10000)
  --duration S         measured seconds per load run (default 20)
  --warmup S           warm-up seconds before each measured run (default 5)
  --connections C      concurrent connections (default 20)
  --workers N          API processes on PostgreSQL (API_WORKERS; default one per core, as
                       docs/operations.md advises; PGlite always runs one)
  --queries N          distinct searches in the mix (default 50)
  --fresh PCT          send PCT% of the requests as searches never sent before (a traveller's own
                       dates, prices, radius), which no cache holds (default 0)
  --only postgres|pglite   measure one database only
  --scale A,B,C        scaling mode: each size in a database of its own (DATABASE_URL's name
                       + _<size>, seeded when it holds another size), p95 per size and round
  --rounds N           scaling mode: rounds, sizes ascending then descending (default 3); the
                       growth is the median of the rounds' ratios
  --explain            print EXPLAIN (ANALYZE, BUFFERS) of the search's SQL
  --reseed             seed again even if the size already matches
  --dist               run dist/main.js (pnpm --filter @gallop/api build) instead of tsx
  --cache MODE         on (response cache, warm), off (CATALOG_CACHE=off: cold, in-process index),
                       sql (cold, SEARCH_INDEX=off too: the database alone), both (on + off,
                       default) or all (on + off + sql)
  --decode-bodies      let autocannon decode every answer as text, as it does by default (the
                       harness otherwise only counts answer bytes: see bench/load.ts)
  --plain              ask for uncompressed answers (Accept-Encoding: identity; by default the
                       load asks for gzip, deflate and br, as browsers do)
  --passport           "fits me first" side by side: the mix without a rider passport, sorted
                       fit with one (X-Rider-Passport), and with the header sent and its own
                       sorts, by the same server, the order alternating per round
  --passport-rounds N  rounds of --passport (default 2)
  --map                the search map beside the list: the mix on /spa/tours and the same
                       searches on /spa/tours-map (up to 500 points each), by the same server,
                       the order alternating per round
  --map-rounds N       rounds of --map (default 2)
Environment: DATABASE_URL (default ${DEFAULT_DATABASE_URL})`;

function positiveInteger(name: string, value: string): number {
  const number = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`--${name} must be a positive whole number (got ${value})`);
  }
  return number;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      tours: { type: 'string', default: '100000' },
      'pglite-tours': { type: 'string', default: '10000' },
      duration: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '20' },
      workers: { type: 'string', default: String(availableParallelism()) },
      queries: { type: 'string', default: '50' },
      fresh: { type: 'string', default: '0' },
      only: { type: 'string' },
      scale: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      explain: { type: 'boolean', default: false },
      reseed: { type: 'boolean', default: false },
      dist: { type: 'boolean', default: false },
      cache: { type: 'string', default: 'both' },
      'decode-bodies': { type: 'boolean', default: false },
      plain: { type: 'boolean', default: false },
      passport: { type: 'boolean', default: false },
      'passport-rounds': { type: 'string', default: '2' },
      map: { type: 'boolean', default: false },
      'map-rounds': { type: 'string', default: '2' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(HELP);
    process.exit(0);
  }
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (new URL(databaseUrl).pathname.replace('/', '') === 'test') {
    throw new Error(
      'The benchmark resets its database: never point it at `test` (the tests use it).',
    );
  }
  if (values.only !== undefined && values.only !== 'postgres' && values.only !== 'pglite') {
    throw new Error(`--only must be postgres or pglite (got ${values.only})`);
  }
  if (!['on', 'off', 'sql', 'both', 'all'].includes(values.cache)) {
    throw new Error(`--cache must be on, off, sql, both or all (got ${values.cache})`);
  }
  const fresh = Number(values.fresh);
  if (!Number.isFinite(fresh) || fresh < 0 || fresh > 90) {
    throw new Error(`--fresh must be a percentage from 0 to 90 (got ${values.fresh})`);
  }
  return {
    databaseUrl,
    tours: positiveInteger('tours', values.tours),
    pgliteTours: positiveInteger('pglite-tours', values['pglite-tours']),
    duration: positiveInteger('duration', values.duration),
    warmup: positiveInteger('warmup', values.warmup),
    connections: positiveInteger('connections', values.connections),
    workers: positiveInteger('workers', values.workers),
    queries: positiveInteger('queries', values.queries),
    fresh: fresh / 100,
    scale: values.scale?.split(',').map((size) => positiveInteger('scale', size.trim())),
    rounds: positiveInteger('rounds', values.rounds),
    explain: values.explain,
    targets: values.only ? [values.only as 'postgres' | 'pglite'] : ['postgres', 'pglite'],
    reseed: values.reseed,
    dist: values.dist,
    cache: values.cache as BenchOptions['cache'],
    decodeBodies: values['decode-bodies'],
    plain: values.plain,
    passportRounds: values.passport
      ? positiveInteger('passport-rounds', values['passport-rounds'])
      : 0,
    mapRounds: values.map ? positiveInteger('map-rounds', values['map-rounds']) : 0,
  };
}
