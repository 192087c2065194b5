/**
 * Several API processes serving one port (`API_WORKERS`, node:cluster; decision 045). A search
 * runs on one thread from start to end, so one process uses one core; on a host with more cores
 * the primary forks the workers it is given, and the workers accept connections from the one
 * listening socket themselves (`SCHED_NONE`, decision 164). Each worker is a whole API (its own
 * search index, caches and pool); what they share lives in PostgreSQL and Redis, as between
 * separate instances.
 *
 * The primary migrates (and on an empty database seeds) once before forking, so workers never
 * race on it; it prints the listening line when every worker listens, replaces a worker that
 * dies, and on SIGTERM/SIGINT asks every worker to stop gracefully.
 */
import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { httpUrl } from '#src/http/base-url.ts';

/**
 * Whether this process renders the landing videos in the background at start. Workers share the
 * media cache folder, so the first one renders them and the others would only encode the same
 * files beside it (two ffmpeg runs per video on a fresh host); a video asked for before it is
 * ready is still rendered on demand by whichever worker gets the request.
 */
export function rendersLandingVideos(worker: Pick<Worker, 'id'> | undefined): boolean {
  return worker === undefined || worker.id === 1;
}

export interface PrimaryOptions {
  workers: number;
  /** Migrations and the first seed, run once before any worker starts. */
  prepare: () => Promise<void>;
  /** How long workers get to finish in-flight requests before they are killed. */
  shutdownTimeoutMs: number;
  /** The primary's own log (JSON, as the workers'). */
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** A replaced worker is forked again after this delay (no tight crash loop). */
  restartDelayMs?: number;
  /** The longest wait between replacements that keep failing to start. */
  maxRestartDelayMs?: number;
}

/**
 * How long to wait before forking a replacement: the base delay after a worker that served, and
 * twice as long for each replacement in a row that died before it listened (a database that is
 * down for a while), up to the longest wait.
 */
export function restartDelay(failedStartsInRow: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** failedStartsInRow, maxMs);
}

/** Runs the primary: resolves with the exit code the process should end with. */
export async function runPrimary(options: PrimaryOptions): Promise<number> {
  const { workers: count, shutdownTimeoutMs, log } = options;
  const { restartDelayMs = 1_000, maxRestartDelayMs = 30_000 } = options;
  // Round robin (the default) has the primary accept and pass each connection on; one passed to
  // a worker that dies before taking it is never answered nor closed (the client hangs, the
  // primary keeps the fd). Workers accepting themselves lose nothing they did not take: a dead
  // worker's connections are closed with it, the others wait in the socket's queue (decision 164).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  await options.prepare();

  const listening = new Set<Worker>();
  // Once any worker has listened, the configuration is known to work: a later failed start is
  // a passing trouble (the database restarting), not a reason to stop those still serving.
  let everListened = false;
  let failedStartsInRow = 0;
  let announced = false;
  let shuttingDown = false;
  let failed = false;

  return new Promise<number>((resolve) => {
    const live = new Set<Worker>();
    const restarts = new Set<NodeJS.Timeout>();
    const fork = () => live.add(cluster.fork());

    const stopAll = (signal: NodeJS.Signals) => {
      if (shuttingDown) return;
      shuttingDown = true;
      for (const timer of restarts) clearTimeout(timer);
      // Waiting out a replacement's delay, no worker may be left to report its exit.
      if (live.size === 0) resolve(failed ? 1 : 0);
      for (const worker of live) worker.process.kill(signal);
      setTimeout(() => {
        log.error(`API workers did not stop in ${shutdownTimeoutMs} ms; killing them`);
        for (const worker of live) worker.process.kill('SIGKILL');
        failed = true;
      }, shutdownTimeoutMs + 2_000).unref();
    };

    cluster.on('listening', (worker, address) => {
      listening.add(worker);
      everListened = true;
      failedStartsInRow = 0;
      if (!announced && listening.size >= count) {
        announced = true;
        // The one plain line, as a single process prints it: tools wait for it (README).
        console.info(
          `Gallop API listening on ${httpUrl(address.address ?? '127.0.0.1', address.port)} (${count} workers)`,
        );
      }
    });

    cluster.on('exit', (worker, code, signal) => {
      live.delete(worker);
      const started = listening.delete(worker);
      if (shuttingDown) {
        // A worker still starting may die of the signal itself: it served nothing, lost nothing.
        if (started && code !== 0) failed = true;
        if (live.size === 0) resolve(failed ? 1 : 0);
        return;
      }
      const how = signal ? `signal ${signal}` : `code ${code}`;
      // `pid` is the primary's own (every line has it): the worker's is `workerPid`.
      const exit = { workerPid: worker.process.pid, code, signal };
      if (!everListened) {
        // No worker ever served: the same start would fail again (a port in use, a bad setting).
        log.error(exit, `an API worker exited with ${how} before any worker listened; stopping`);
        failed = true;
        stopAll('SIGTERM');
        return;
      }
      if (!started) failedStartsInRow += 1;
      const delayMs = restartDelay(
        started ? 0 : failedStartsInRow,
        restartDelayMs,
        maxRestartDelayMs,
      );
      const before = started ? '' : ' before it listened';
      log.error(
        { ...exit, restartInMs: delayMs },
        `an API worker exited with ${how}${before}; starting another in ${delayMs} ms`,
      );
      // Not unref'd: with no worker left, this timer is what keeps the primary alive.
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!shuttingDown) fork();
      }, delayMs);
      restarts.add(timer);
    });

    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      process.once(signal, () => stopAll(signal));
    for (let n = 0; n < count; n += 1) fork();
  });
}
