/**
 * Where the metrics are served (METRICS_PORT, decision 170): a single process serves its own
 * registry; in a cluster each worker answers the primary, and the primary serves them all with
 * the whole database's gauges, read over a connection of its own.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import { openDatabase } from '#src/db/client.ts';
import { createDatabaseOutageLog } from '#src/db/outage-log.ts';
import type { Env } from '#src/env.ts';
import { createAppMetrics, type AppMetrics } from './app-metrics.ts';
import { answerPrimaryWithMetrics, clusterMetricsCollector } from './cluster-metrics.ts';
import { logGaugeReadFailure, registerDatabaseGauges } from './database-gauges.ts';
import { startMetricsListener, type MetricsListener } from './listener.ts';

type MetricsEnv = Pick<Env, 'METRICS_HOST'> & { METRICS_PORT: number };

/** A cluster worker's metrics: answered to the primary, never served by the worker. */
export function workerMetrics(): AppMetrics {
  const metrics = createAppMetrics({ databaseGauges: false });
  answerPrimaryWithMetrics(metrics.registry);
  return metrics;
}

/** A single process's metrics: read the whole database's gauges too. */
export function processMetrics(): AppMetrics {
  return createAppMetrics({ databaseGauges: true });
}

/** Serves a single process's registry on the metrics listener. */
export async function serveProcessMetrics(
  env: MetricsEnv,
  metrics: AppMetrics,
  log: FastifyBaseLogger,
): Promise<MetricsListener> {
  const { registry } = metrics;
  const listener = await startMetricsListener({
    host: env.METRICS_HOST,
    port: env.METRICS_PORT,
    collect: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
    onError: (error) => log.error({ err: error, module: 'metrics' }, 'metrics: a scrape failed'),
  });
  log.info({ module: 'metrics' }, `metrics served at ${listener.url}/metrics`);
  return listener;
}

/**
 * The primary's metrics listener: every listening worker's metrics merged, and the database
 * gauges over a pool of one connection. Start it before forking: it counts workers as they listen.
 */
export async function servePrimaryMetrics(
  env: MetricsEnv & Pick<Env, 'DATABASE_URL'>,
  log: FastifyBaseLogger,
): Promise<MetricsListener> {
  const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 1 });
  const outage = createDatabaseOutageLog(() => database.ping(), log.child({ module: 'database' }));
  const own = new Registry();
  registerDatabaseGauges(own, database.db, { onError: logGaugeReadFailure(outage, log) });
  const listener = await startMetricsListener({
    host: env.METRICS_HOST,
    port: env.METRICS_PORT,
    collect: clusterMetricsCollector(own),
    onError: (error) => log.error({ err: error, module: 'metrics' }, 'metrics: a scrape failed'),
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  log.info({ module: 'metrics' }, `metrics served at ${listener.url}/metrics`);
  return {
    url: listener.url,
    async close() {
      await listener.close();
      outage.close();
      await database.close();
    },
  };
}
