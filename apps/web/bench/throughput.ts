import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { percentile } from './stats.ts';

/** What a browser sends for a page: the server compresses pages and static files alike for it. */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

export interface LoadResult {
  path: string;
  requests: number;
  /** Answered requests per second over the measured window. */
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, plus connection errors and timeouts: a valid run has none. */
  failures: number;
  /** Answers by status code, and requests that got none (timeouts after 10 s, errors). */
  statuses: Record<string, number>;
  timeouts: number;
  /** Connection errors, timeouts included (autocannon counts them there too). */
  errors: number;
  /** Requests sent in the measured window (answered or not). */
  sent: number;
  /** CPU milliseconds per request sent, in the web server and in the API (Linux /proc). */
  cpuMs?: { web: number; api: number } | undefined;
}

/** utime + stime of a process in ms, from /proc (undefined off Linux). */
function cpuTimeMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5), counted here from field 3 on; clock ticks are 100 Hz on Linux.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

async function load(url: string, connections: number, duration: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    headers: BROWSER_HEADERS,
    setupClient(client) {
      client.on('response', (statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      });
    },
  });
  const bad = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    latencies,
    statuses,
    timeouts: result.timeouts,
    errors: result.errors,
    sent: result.requests.sent,
    // autocannon counts timeouts among its errors.
    failures: bad + result.errors,
  };
}

/** A warm-up of `warmup` seconds (thrown away), then `duration` seconds measured. */
export async function measureRoute(options: {
  webUrl: string;
  path: string;
  connections: number;
  warmup: number;
  duration: number;
  pids: { web: number; api: number };
}): Promise<LoadResult> {
  const url = new URL(options.path, options.webUrl).href;
  await load(url, options.connections, options.warmup);
  const before = { web: cpuTimeMs(options.pids.web), api: cpuTimeMs(options.pids.api) };
  const { latencies, failures, statuses, timeouts, errors, sent } = await load(
    url,
    options.connections,
    options.duration,
  );
  const after = { web: cpuTimeMs(options.pids.web), api: cpuTimeMs(options.pids.api) };
  const sorted = latencies.sort((a, b) => a - b);
  // Per request sent: a request that timed out on the client was still rendered by the server.
  const perRequest = (from?: number, to?: number) =>
    from === undefined || to === undefined ? Number.NaN : (to - from) / Math.max(1, sent);
  const cpuKnown = before.web !== undefined && after.web !== undefined;
  return {
    path: options.path,
    requests: sorted.length,
    throughput: sorted.length / options.duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    failures,
    statuses,
    timeouts,
    errors,
    sent,
    cpuMs: cpuKnown
      ? { web: perRequest(before.web, after.web), api: perRequest(before.api, after.api) }
      : undefined,
  };
}
