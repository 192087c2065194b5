import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import pg from 'pg';
import { databaseEnv, type BenchDatabase } from './database.ts';
import { commandsUnder } from './cpu.ts';
import { API_ROOT } from './options.ts';

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The line the API prints once it listens, with its URL. */
export const LISTENING = /Gallop API listening on (http:\/\/\S+)/;

/**
 * The API in its own process (so the load generator does not share its event loop) on
 * 127.0.0.1 and a random port, over `database`. Logs at `warn`: request logging would be
 * measured too, and equally for /health, so the ratio is unaffected.
 */
export async function startServer(
  database: BenchDatabase,
  /** The build (`dist/main.js`), another built entry (a path from apps/api), or the sources. */
  dist: boolean | string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  // BENCH_NODE_ARGS adds Node flags to the API process, e.g. `--cpu-prof --cpu-prof-dir=DIR`
  // (Node refuses profiling flags in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const entry =
    typeof dist === 'string'
      ? [dist]
      : dist
        ? ['dist/main.js']
        : ['--import', 'tsx', 'src/main.ts'];
  const args = [...nodeArgs, ...entry];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: API_ROOT,
    env: {
      ...process.env,
      ...databaseEnv(database),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The load comes from one address: the per-address search limit would refuse it.
      SEARCH_LIMIT: '9999999',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code} before listening:\n${output}`));
    });
  });
  // Keep draining its output (warnings), or a full pipe would block the server.
  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[api] ${chunk.toString()}`));
  await waitUntilReady(url);
  await waitForVideoEncoders(child.pid!);
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/**
 * Waits until `/ready` answers 200: at 1M tours the first search index takes tens of seconds to
 * build after the server listens, and a load balancer would not send traffic before that either.
 * Each worker builds its own index and the primary hands connections to the workers in turn, so
 * one 200 may come from the only worker that is ready: it takes `READY_IN_A_ROW` answers in a
 * row, each on a new connection, before measuring.
 */
async function waitUntilReady(url: string, timeoutMs = 900_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let inARow = 0;
  while (inARow < READY_IN_A_ROW) {
    const status = await readyStatus(url);
    inARow = status === 200 ? inARow + 1 : 0;
    if (Date.now() > deadline) throw new Error(`the API at ${url} was not ready in time`);
    if (inARow === 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * On a machine's first start the API renders the landing videos with ffmpeg in the background
 * (once: they are kept in the media cache). Waits until its process tree runs none, or the
 * encoders' CPU would be measured as the searches'.
 */
async function waitForVideoEncoders(pid: number, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  // One video's encoder ends a moment before the next one starts: ask for a few quiet polls.
  for (let quietPolls = 0; quietPolls < 3;) {
    const encoding = commandsUnder(pid).includes('ffmpeg');
    quietPolls = encoding ? 0 : quietPolls + 1;
    if (encoding && !announced) {
      console.info('  waiting for the API to finish rendering the landing videos');
      announced = true;
    }
    if (Date.now() > deadline) throw new Error('the landing videos were still rendering');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Ready answers in a row that cover every worker (the bench runs at most a few). */
const READY_IN_A_ROW = 16;

/** `/ready`'s status on a connection of its own (no keep-alive agent), or 0 when none answers. */
export function readyStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(new URL('/ready', url), { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
  });
}

/**
 * Waits until PostgreSQL runs no query of the server's (its start refreshes the catalogue
 * aggregates in the background), so that work is not measured as search latency.
 */
export async function waitForIdlePostgres(url: string, timeoutMs = 600_000): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    // Statements of one job leave short idle gaps between them: ask for a few quiet polls.
    let quietPolls = 0;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ busy: string }>(
        `select count(*) as busy from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      quietPolls = Number(rows[0]?.busy) === 0 ? quietPolls + 1 : 0;
      if (quietPolls >= 3) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('PostgreSQL stayed busy: is another process using the benchmark database?');
  } finally {
    await client.end();
  }
}
