/**
 * `pnpm --filter @gallop/api bench:writes`: search under catalogue writes (issue 45, decision
 * 110). On PostgreSQL at `--tours` tours (100k by default), the API (cache on, one worker per
 * core) is loaded with the search mix twice, side by side in one run: without writes, then with
 * one catalogue write per second (a tour's price dropping and coming back, a review's new rating,
 * a booked seat, an organizer's new name). During the second run a probe measures how long each
 * price drop takes to show in search (a search never sent before, polled until the tour leads
 * it) and which implementation answered every probe (`x-search-source`: a fallback to SQL would
 * say `sql`). It ends with each API process's resident memory. See bench/README.md.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '#src/db/client.ts';
import { ensureSeeded, type BenchDatabase } from './database.ts';
import { runLoad, type LoadResult } from './load.ts';
import { buildSearchTraffic } from './mix.ts';
import { RESULTS_DIR } from './options.ts';
import { startServer, waitForIdlePostgres } from './server.ts';

const { values: args } = parseArgs({
  options: {
    tours: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '40' },
    connections: { type: 'string', default: '20' },
    workers: { type: 'string', default: '2' },
    /** Requests per second over all connections; unset, as fast as the API answers. */
    rate: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    /** Run `dist/main.js` (build first): under tsx the index's builds run several times slower. */
    dist: { type: 'boolean', default: false },
    /**
     * Run this built entry instead (a path from apps/api): an earlier build kept aside, to
     * measure a change before and after in one session.
     */
    entry: { type: 'string' },
    /**
     * Before each run, send this many searches never sent before (each country in turn, a
     * price bound of their own, facets on half), so the workers' response caches keep that many
     * filters between them, each checked at every takeover (decision 150). Default 0: the mix's
     * own.
     */
    cached: { type: 'string', default: '0' },
  },
});
const tours = Number(args.tours);
const duration = Number(args.duration);
const connections = Number(args.connections);
const overallRate = args.rate ? Number(args.rate) : undefined;
const databaseUrl =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gallop_bench_writes';
if (new URL(databaseUrl).pathname === '/test') throw new Error('refusing the tests` database');
const database: BenchDatabase = { kind: 'postgres', url: databaseUrl };

/** A tour the writes change: listed, with bookable dates, in a country to probe. */
interface Target {
  id: number;
  organizerId: number;
  countryId: number;
}

async function pickTargets(client: pg.Client, count: number): Promise<Target[]> {
  const { rows } = await client.query<Target>(
    `select tours.id, tours.organizer_id as "organizerId", tours.country_ids[1] as "countryId"
     from tours join organizers on organizers.id = tours.organizer_id
     where tours.is_published and organizers.is_published_on_site and tours.type = 1
       and not tours.is_cruise and tours.from_price_usd is not null
     order by md5(tours.id::text) limit $1`,
    [count],
  );
  return rows;
}

/** Resident memory (MB) of `root` and each process under it, from /proc. */
function residentMemory(root: number): { pid: number; mb: number }[] {
  const parentOf = (pid: string) =>
    Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const pid of pids) {
      try {
        if (!tree.has(Number(pid)) && tree.has(parentOf(pid))) {
          tree.add(Number(pid));
          grew = true;
        }
      } catch {
        // The process ended meanwhile.
      }
    }
  }
  return [...tree].map((pid) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { pid, mb: Math.round(kb / 1024) };
  });
}

/** One catalogue write per second, in turn: a price drop (probed), its undoing, a review, a seat. */
function startWriter(client: pg.Client, url: string, targets: Target[]) {
  const visibleMs: number[] = [];
  const sources = new Map<string, number>();
  let writes = 0;
  /** Price drops not seen in search before they were undone (four seconds later). */
  let notSeen = 0;
  let stopped = false;
  let probeSeq = 0;

  /** A search never sent before (a unique price bound), so the index answers it, never a cache. */
  async function leadsSearch(target: Target): Promise<boolean> {
    probeSeq += 1;
    // Unique bounds under the filter's limit (200,000): the probe never repeats a search.
    const search = `/spa/tours?sort=price&countries=${target.countryId}&priceMax=${100_000 + probeSeq}`;
    const response = await fetch(new URL(search, url));
    if (!response.ok) throw new Error(`${search}: ${response.status} ${await response.text()}`);
    const source = response.headers.get('x-search-source') ?? 'cached';
    sources.set(source, (sources.get(source) ?? 0) + 1);
    const body = (await response.json()) as { items: { id: number }[] };
    return body.items[0]?.id === target.id;
  }

  /** The probe of the price drop under way: stopped when the drop is undone. */
  let probing: { stop: boolean; done: Promise<void> } | undefined;

  async function priceDrop(target: Target): Promise<void> {
    const started = performance.now();
    await client.query('begin');
    await client.query(
      `update tour_dates set price_usd = 1, price_per_day_usd = 1 where tour_id = $1`,
      [target.id],
    );
    await client.query(`update tours set from_price_usd = 1 where id = $1`, [target.id]);
    await client.query('commit');
    // Probed beside the writes, which go on once a second.
    const probe = { stop: false, done: Promise.resolve() };
    probe.done = (async () => {
      while (!probe.stop && !stopped) {
        if (await leadsSearch(target)) {
          visibleMs.push(performance.now() - started);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      notSeen += 1;
    })();
    probing = probe;
  }

  async function priceBack(target: Target): Promise<void> {
    if (probing) {
      probing.stop = true;
      await probing.done;
      probing = undefined;
    }
    await client.query('begin');
    await client.query(
      `update tour_dates set price_usd = price_usd_was, price_per_day_usd = per_day_was
       from (select id, price_usd as price_usd_was, price_per_day_usd as per_day_was
             from tour_dates_saved where tour_id = $1) saved
       where tour_dates.id = saved.id`,
      [target.id],
    );
    await client.query(
      `update tours set from_price_usd = (select min(price_usd) from tour_dates_saved where tour_id = $1)
       where id = $1`,
      [target.id],
    );
    await client.query('commit');
  }

  async function review(target: Target): Promise<void> {
    await client.query(
      `update tours set reviews_count = reviews_count + 1, rating = 3 + random() * 2 where id = $1`,
      [target.id],
    );
  }

  async function seat(target: Target): Promise<void> {
    await client.query(
      `update tour_dates set number_of_free_seats = number_of_free_seats - 1
       where id = (select id from tour_dates where tour_id = $1 and number_of_free_seats > 1
                   and start_date >= current_date order by start_date limit 1)`,
      [target.id],
    );
  }

  async function rename(target: Target): Promise<void> {
    await client.query(
      `update organizers set name = case when name like '% ·' then left(name, -2) else name || ' ·' end
       where id = $1`,
      [target.organizerId],
    );
  }

  // A drop is undone four writes later: it has four seconds to show.
  const steps = [priceDrop, review, seat, rename, priceBack];
  const done = (async () => {
    for (let second = 0; !stopped; second += 1) {
      const started = performance.now();
      const target = targets[Math.floor(second / steps.length) % targets.length]!;
      await steps[second % steps.length]!(target);
      writes += 1;
      const wait = 1_000 - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      await probing?.done;
      return { writes, visibleMs, notSeen, sources: Object.fromEntries(sources) };
    },
  };
}

/** Unique price bounds of the cached searches (below the probes' 100,000 + n). */
let cachedSeq = 0;

/**
 * Sends `count` searches never sent before, eight at a time: each is answered by the index and
 * kept by the worker that answered it, with its filter (`--cached`).
 */
async function cacheSearches(url: string, countries: number[], count: number): Promise<void> {
  const started = performance.now();
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent += 1;
      cachedSeq += 1;
      const country = countries[cachedSeq % countries.length]!;
      const facets = cachedSeq % 2 === 0 ? '&expand=filters' : '';
      const search = `/spa/tours?countries=${country}&priceMax=${20_000 + cachedSeq}${facets}`;
      const response = await fetch(new URL(search, url));
      if (!response.ok) throw new Error(`${search}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.info(`cached ${count} searches never sent before in ${seconds} s`);
}

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
};

const row = (label: string, result: LoadResult) =>
  `| ${label} | ${result.requests} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.throughput.toFixed(0)} | ${result.failures} |`;

async function main() {
  await ensureSeeded(database, tours, args.reseed);
  const handle = await openDatabase({ url: databaseUrl, poolSize: 1 });
  const traffic = await buildSearchTraffic(handle.db, 50).finally(() => handle.close());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const targets = await pickTargets(client, 40);
  // The cached searches' countries: every one a listed tour is in (a write touches one of them).
  const { rows: countryRows } = await client.query<{ id: number }>(
    `select distinct country_ids[1] as id from tours where is_published and country_ids[1] is not null`,
  );
  const countries = countryRows.map((row) => row.id);
  // What the price drops undo: the targets' dates as seeded. A run stopped mid-way left its copy:
  // its prices are put back first.
  await client
    .query(
      `update tour_dates set price_usd = saved.price_usd, price_per_day_usd = saved.price_per_day_usd
     from tour_dates_saved saved where tour_dates.id = saved.id`,
    )
    .catch(() => undefined);
  await client.query(`drop table if exists tour_dates_saved`);
  await client.query(
    `create table tour_dates_saved as select id, tour_id, price_usd, price_per_day_usd
     from tour_dates where tour_id = any($1)`,
    [targets.map((target) => target.id)],
  );
  const server = await startServer(database, args.entry ?? args.dist, {
    CATALOG_CACHE: 'on',
    API_WORKERS: args.workers,
  });
  console.info(`API (pid ${server.pid}, ${args.workers} workers) on ${server.url}, ${tours} tours`);
  try {
    await waitForIdlePostgres(databaseUrl);
    const load = () =>
      runLoad({ url: server.url, connections, duration, overallRate }, traffic.mix);
    console.info('warm-up');
    await runLoad({ url: server.url, connections, duration: 5 }, traffic.mix);
    const cached = Number(args.cached);
    if (cached > 0) await cacheSearches(server.url, countries, cached);
    console.info(`without writes (${duration} s)`);
    const quiet = await load();
    // Filters unused for longer than an entry lives are forgotten: cached again, as many.
    if (cached > 0) await cacheSearches(server.url, countries, cached);
    console.info(`with one write per second (${duration} s)`);
    const writer = startWriter(client, server.url, targets);
    const busy = await load();
    const written = await writer.stop();
    const memory = residentMemory(server.pid);
    const lines = [
      `# Search under catalogue writes: ${tours} tours, PostgreSQL, ${args.workers} workers`,
      '',
      `${new Date().toISOString()}, ${args.entry ?? (args.dist ? 'dist' : 'tsx')}, ${connections} connections, ${overallRate ? `${overallRate} req/s` : 'as fast as answered'}, ${duration} s each, cache on${cached > 0 ? `, ${cached} searches cached before each run` : ''}`,
      '',
      '| run | requests | p50 ms | p95 ms | p99 ms | req/s | failures |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      row('no writes', quiet),
      row('1 write/s', busy),
      '',
      `p99 with writes / without: ${(busy.p99 / quiet.p99).toFixed(2)}× (target ≤ 2×)`,
      `writes: ${written.writes}; probes by source: ${JSON.stringify(written.sources)} (target: no sql)`,
      `price drop visible in search: p50 ${percentile(written.visibleMs, 0.5).toFixed(0)} ms, max ${Math.max(...written.visibleMs).toFixed(0)} ms over ${written.visibleMs.length} drops; ${written.notSeen} not seen within 4 s (target ≤ 2000 ms)`,
      `resident memory per process (MB): ${memory.map(({ pid, mb }) => `${pid === server.pid ? 'primary' : pid} ${mb}`).join(', ')}`,
    ];
    const report = lines.join('\n');
    console.info(`\n${report}`);
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(path.join(RESULTS_DIR, `writes-${Date.now()}.md`), `${report}\n`);
  } finally {
    await server.stop();
    await client.end();
  }
}

await main();
