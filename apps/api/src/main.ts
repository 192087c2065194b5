import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { openEnvDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { EnvError, parseEnv, shutdownGraceMs, type Env } from '#src/env.ts';
import type { RunningServer } from '#src/server.ts';

// If in-flight requests do not finish in time after the grace (SHUTDOWN_GRACE_MS), leave anyway
// so the orchestrator can restart us.
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Ends a start that failed with one log line naming the cause (a database it cannot reach, a
 * port in use), instead of a raw stack with a failed query's parameters in it.
 */
async function failStart(env: Env, error: unknown): Promise<never> {
  const [{ describeStartFailure }, { processLog }] = await Promise.all([
    import('#src/start-failure.ts'),
    import('#src/logging.ts'),
  ]);
  const { message, err } = describeStartFailure(error, env);
  const log = processLog(env.LOG_LEVEL);
  if (err === undefined) log.fatal(message);
  else log.fatal({ err }, message);
  process.exit(1);
}

/** Migrations and the first seed, once, before the workers start (they skip both). */
async function prepareOnce(env: Env, log: FastifyBaseLogger): Promise<void> {
  const { openAppDatabase } = await import('#src/server.ts');
  const { database } = await openAppDatabase(env, (message) => log.info(`seed: ${message}`));
  await database.close();
}

async function serve(env: Env, opening: Promise<DatabaseHandle> | undefined): Promise<void> {
  const started: { server?: RunningServer; signal?: NodeJS.Signals } = {};
  const stop = (server: RunningServer, signal: NodeJS.Signals) => {
    setTimeout(
      () => {
        server.app.log.error('shutdown timed out; exiting');
        process.exit(1);
      },
      shutdownGraceMs(env) + SHUTDOWN_TIMEOUT_MS,
    ).unref();
    server.stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // Listened for before the start: a signal during it (a cluster stopping a worker it has just
  // replaced) stops the server gracefully once it has started, instead of killing the process.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (started.server) stop(started.server, signal);
      else started.signal ??= signal;
    });
  }
  const [{ startServer }, { rendersLandingVideos }] = await Promise.all([
    import('#src/server.ts'),
    import('#src/cluster.ts'),
  ]);
  const server = await startServer(env, {
    prepared: cluster.isWorker,
    prepareVideos: rendersLandingVideos(cluster.worker),
    ...(opening ? { opening } : {}),
  });
  started.server = server;
  // In a cluster the primary prints it once every worker listens.
  if (cluster.isPrimary) console.info(`Gallop API listening on ${server.url}`);
  if (started.signal) stop(server, started.signal);
}

const env = readEnv();
try {
  if (env.API_WORKERS > 1 && cluster.isPrimary) {
    const [{ runPrimary }, { processLog }] = await Promise.all([
      import('#src/cluster.ts'),
      import('#src/logging.ts'),
    ]);
    // The primary serves nothing, but logs as the workers do: JSON lines.
    const log = processLog(env.LOG_LEVEL);
    const prepare = () => prepareOnce(env, log);
    // But the metrics of every worker, on a listener of its own (decision 170).
    if (env.METRICS_PORT !== undefined) {
      const { servePrimaryMetrics } = await import('#src/metrics/serve.ts');
      await servePrimaryMetrics({ ...env, METRICS_PORT: env.METRICS_PORT }, log);
    }
    process.exit(
      await runPrimary({
        workers: env.API_WORKERS,
        prepare,
        log,
        shutdownTimeoutMs: shutdownGraceMs(env) + SHUTDOWN_TIMEOUT_MS,
      }),
    );
  } else {
    // The embedded database is opened before the app's modules load (they are imported in
    // `serve`): PGlite compiles its WebAssembly and reads its folder off the main thread while
    // Node loads the rest, which takes a few hundred milliseconds off every start (decision 071).
    const opening = env.DATABASE_URL ? undefined : openEnvDatabase(env);
    // Awaited in `startServer`; a failed open must not be reported as unhandled before that.
    opening?.catch(() => {});
    await serve(env, opening);
  }
} catch (error) {
  await failStart(env, error);
}
