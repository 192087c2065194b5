import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '#src/app.ts';
import { openEnvDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { shutdownGraceMs, type Env } from '#src/env.ts';
import { refreshCatalogAggregates } from '#src/db/aggregates.ts';
import { prepareDatabase } from '#src/db/prepare.ts';
import { httpUrl } from '#src/http/base-url.ts';
import { todayIso } from '#src/shared/dates.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** Base URL actually bound, e.g. `http://127.0.0.1:4000` (the real port when PORT=0). */
  url: string;
  /**
   * Graceful stop: probes answer 503 and every answer closes its connection for `graceMs` while
   * requests are still served (a load balancer notices meanwhile), then the listener stops
   * accepting, idle connections close and in-flight requests finish.
   */
  stop(reason?: string, graceMs?: number): Promise<void>;
}

export interface StartServerOptions extends Omit<BuildAppOptions, 'database'> {
  /** An already prepared database (tests); otherwise one is opened from the environment. */
  database?: DatabaseHandle;
  /** The database is migrated and seeded already (a cluster worker: the primary did it). */
  prepared?: boolean;
  /**
   * The environment's database, whose opening is already under way (`main.ts` starts it before
   * loading the app's modules, so the two overlap); the server migrates, seeds and owns it.
   */
  opening?: Promise<DatabaseHandle>;
}

/** Prices "from" and "next date" depend on the day: recompute them a few times a day. */
const AGGREGATES_REFRESH_MS = 6 * 60 * 60 * 1000;

/**
 * Opens the database the environment names: PostgreSQL with DATABASE_URL, else the embedded
 * PGlite folder. Migrates it, and with DEMO_DATA=on seeds the demo catalogue when it is empty.
 */
export async function openAppDatabase(
  env: Env,
  log: (message: string) => void,
  { prepare = true, opening }: { prepare?: boolean; opening?: Promise<DatabaseHandle> } = {},
) {
  const database = await (opening ?? openEnvDatabase(env));
  if (!prepare) return { database, seeded: false };
  const { seeded } = await prepareDatabase(database, { log, demoData: env.DEMO_DATA === 'on' });
  return { database, seeded };
}

export async function startServer(
  env: Env,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await (options.opening ?? openEnvDatabase(env)));
  const startupLog: string[] = [];
  // Migrations and the first seed run as soon as the database is open. On PGlite it opens on a
  // thread of its own while this one builds the app (decision 076); awaited below.
  const preparing =
    ownsDatabase && !options.prepared
      ? prepareDatabase(database, {
          demoData: env.DEMO_DATA === 'on',
          log: (message) => startupLog.push(message),
        })
      : // Prepared already (a cluster worker): one round trip, so "database ready" is said of a
        // database that answered, and a replacement started while it is down fails here.
        database.opened.then(async () => {
          await database.ping();
          return { seeded: false };
        });
  preparing.catch(() => {});
  // Loaded only with METRICS_PORT (decision 170): prom-client stays off the default start.
  const serving =
    env.METRICS_PORT === undefined ? undefined : await import('#src/metrics/serve.ts');
  const metrics = cluster.isWorker ? serving?.workerMetrics() : serving?.processMetrics();
  const app = buildApp(env, {
    prepareVideos: true,
    ...options,
    ...(metrics ? { metrics } : {}),
    database,
    databasePrepared: preparing,
  });
  let justSeeded: boolean;
  try {
    // Loads the plugins (the contract's routes) meanwhile; the hooks that query the database
    // run in `listen`, once it is prepared.
    await app.after();
    ({ seeded: justSeeded } = await preparing);
  } catch (error) {
    await app.close().catch(() => {});
    if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }
  app.log.info({ driver: database.driver, location: database.location }, 'database ready');
  for (const message of startupLog) app.log.info(`seed: ${message}`);

  const refreshAggregates = (options: { unlessDoneFor?: boolean } = {}) =>
    refreshCatalogAggregates(database.db, todayIso(), options).catch((error: unknown) =>
      app.log.error({ err: error }, 'refreshing catalogue aggregates failed'),
    );
  const refreshTimer = setInterval(refreshAggregates, AGGREGATES_REFRESH_MS);
  refreshTimer.unref();
  // A database seeded a moment ago has fresh aggregates; an existing one may be days old, unless
  // it was refreshed today already (a restart: decision 071).
  if (ownsDatabase && !justSeeded) void refreshAggregates({ unlessDoneFor: true });

  await app.listen({ host: env.HOST, port: env.PORT });
  const { address, port } = app.server.address() as AddressInfo;
  // A cluster worker's metrics are served by the primary (`main.ts`).
  const metricsListener =
    serving && metrics && env.METRICS_PORT !== undefined && !cluster.isWorker
      ? await serving
          .serveProcessMetrics({ ...env, METRICS_PORT: env.METRICS_PORT }, metrics, app.log)
          .catch(async (error: unknown) => {
            clearInterval(refreshTimer);
            await app.close();
            if (ownsDatabase) await database.close().catch(() => {});
            throw error;
          })
      : undefined;

  let stopping: Promise<void> | undefined;
  return {
    app,
    url: httpUrl(address, port),
    stop(reason = 'stop requested', graceMs = shutdownGraceMs(env)) {
      stopping ??= (async () => {
        app.log.info({ reason, graceMs }, 'shutting down');
        app.lifecycle.beginShutdown();
        clearInterval(refreshTimer);
        if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
        await app.close();
        if (ownsDatabase) await database.close();
        // Last: a scrape during the grace still answers.
        await metricsListener?.close();
        app.log.info('server closed');
      })();
      return stopping;
    },
  };
}
