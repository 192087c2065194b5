import { createRequire } from 'node:module';
import autocannon, { type Request } from 'autocannon';
import { Random } from '#src/shared/random.ts';
import type { FreshSearches, SearchQuery } from './mix.ts';

/** autocannon's per-connection queue of requests awaiting their answers. */
interface PipelinedRequestsQueue {
  prototype: { addBody(this: unknown, data: Buffer): void };
}

/**
 * autocannon (9.0.0) appends every chunk of every answer to a string (`req.body += data` in
 * `lib/pipelinedRequestsQueue.js`), for `expectBody`/`verifyBody`, which this harness does not
 * use: it checks every query's answer before the load (`checkQueries`) and counts statuses
 * during it. That decode runs on the load generator's thread, which shares this machine's cores
 * with the API: 64 µs per 4.6 kB Brotli answer (compressed bytes are invalid UTF-8, V8's slow
 * path), about a third of the generator's time per search and more than the API spends sending
 * the answer. Unless `decodeBodies` is set, the body is counted (autocannon counts its bytes
 * anyway) and not decoded, for `/health` and the searches alike. See docs/benchmarks/rounds.md,
 * "API search, sixteenth round".
 */
function withBodiesDecoded<T>(decodeBodies: boolean, run: () => PromiseLike<T>): Promise<T> {
  if (decodeBodies) return Promise.resolve(run());
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as PipelinedRequestsQueue;
  const decode = queue.prototype.addBody;
  // A later autocannon that renames it would decode again unnoticed: stop instead.
  if (typeof decode !== 'function') {
    throw new Error('autocannon has no PipelinedRequestsQueue#addBody: see bench/load.ts');
  }
  queue.prototype.addBody = () => {};
  // autocannon answers a thenable, not a Promise.
  return Promise.resolve(run()).finally(() => {
    queue.prototype.addBody = decode;
  });
}

interface LatencySummary {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface LoadResult extends LatencySummary {
  /** Answered requests per second over the measured window. */
  throughput: number;
  /** Answers other than 2xx, plus connection errors and timeouts: a valid run has none. */
  failures: number;
  statuses: Record<string, number>;
  /** Per query kind (search mix only); approximate if there were timeouts. */
  byKind: Record<string, LatencySummary>;
  /**
   * CPU milliseconds per request in the API process, in PostgreSQL and in the load generator
   * (Linux only).
   */
  cpu?: { serverMs: number; postgresMs: number; generatorMs: number } | undefined;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Let autocannon decode every answer as text, as it does unless told otherwise (above). */
  decodeBodies?: boolean;
  /** Ask for uncompressed answers (`--plain`) instead of what browsers accept. */
  plain?: boolean;
  /** Send this share of the requests as searches never sent before (`--fresh`). */
  fresh?: { searches: FreshSearches; share: number };
  /** At most this many requests per second over all connections (default: as fast as answered). */
  overallRate?: number;
}

/** One place in a connection's cycle: a query of the mix, or a fresh search each time round. */
interface Slot {
  query: SearchQuery;
  fresh: boolean;
}

/**
 * The mix from `offset`, with fresh slots spread among it so that `share` of the slots are fresh
 * on average (geometric gaps). The first slot is always from the mix: autocannon builds it once
 * before the load starts.
 */
export function cycleOf(
  queries: SearchQuery[],
  offset: number,
  share: number,
  seed: number,
): Slot[] {
  const order = [...queries.slice(offset), ...queries.slice(0, offset)];
  const random = new Random(seed);
  const slots: Slot[] = [];
  for (const query of order) {
    if (slots.length > 0) while (random.chance(share)) slots.push({ query, fresh: true });
    slots.push({ query, fresh: false });
  }
  return slots;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

function summarize(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
  };
}

/**
 * What every browser and Node's fetch send: the API answers kept searches compressed to them
 * (decision 066), and a load without it would measure bytes no client receives.
 */
const ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };
const PLAIN = { 'accept-encoding': 'identity' };

const requestOf = (plain: boolean) => (query: SearchQuery) => ({
  method: 'GET' as const,
  path: query.path,
  headers: { ...(plain ? PLAIN : ACCEPT_ENCODING), ...query.headers },
});

/**
 * Runs autocannon against `queries` (cycled): each connection walks the whole list from its own
 * offset, so the connections do not send the same search at the same moment. autocannon's own
 * histogram has no p95, so the harness keeps every response time (from its `response` events)
 * and computes the percentiles itself.
 */
export async function runLoad(options: LoadOptions, queries: SearchQuery[]): Promise<LoadResult> {
  const latencies: number[] = [];
  const kinds = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  let clients = 0;
  const fresh = options.fresh && options.fresh.share > 0 ? options.fresh : undefined;
  const toRequest = requestOf(options.plain ?? false);
  const instance = () =>
    autocannon({
      url: options.url,
      connections: options.connections,
      duration: options.duration,
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      timeout: 10,
      requests: queries.map(toRequest),
      setupClient(client) {
        const offset = (clients * 7) % queries.length;
        const slots = cycleOf(queries, offset, fresh?.share ?? 0, 9_001 + clients);
        clients += 1;
        // The kinds of the fresh searches sent and not answered yet, oldest first.
        const freshSent: string[] = [];
        client.setRequests(
          slots.map((slot) => {
            const request = toRequest(slot.query);
            if (!slot.fresh || !fresh) return request;
            return {
              ...request,
              // autocannon builds a slot with a setupRequest again on every visit.
              setupRequest(built: Request): Request {
                const query = fresh.searches.next();
                freshSent.push(query.kind);
                return {
                  ...built,
                  path: query.path,
                  headers: { ...built.headers, ...query.headers },
                };
              },
            };
          }),
        );
        let answered = 0;
        client.on('response', (statusCode, _bytes, responseTime) => {
          const slot = slots[answered % slots.length]!;
          answered += 1;
          const kind = slot.fresh ? `fresh: ${freshSent.shift() ?? 'unknown'}` : slot.query.kind;
          latencies.push(responseTime);
          statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
          const samples = kinds.get(kind) ?? [];
          samples.push(responseTime);
          kinds.set(kind, samples);
        });
      },
    });
  const result = await withBodiesDecoded(options.decodeBodies ?? false, instance);
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const bad = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    ...summarize(latencies),
    throughput: answered / options.duration,
    failures: bad + result.errors + result.timeouts,
    statuses,
    byKind: Object.fromEntries(
      [...kinds.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, samples]) => [kind, summarize(samples)]),
    ),
  };
}

/** Every query of the mix once, in order: the mix must answer 200 before it is measured. */
export async function checkQueries(url: string, queries: SearchQuery[]): Promise<void> {
  for (const query of queries) {
    const response = await fetch(new URL(query.path, url), { headers: query.headers });
    if (response.status !== 200) {
      throw new Error(
        `${query.path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`,
      );
    }
    await response.arrayBuffer();
  }
}
