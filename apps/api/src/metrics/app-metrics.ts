/**
 * The API process's Prometheus metrics (decision 170): its requests, its rate-limit refusals, its
 * database pool and what it knows of a database outage, with Node's process metrics. Loaded
 * only when METRICS_PORT is set; the request path then pays one histogram observation.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '#src/db/client.ts';
import type { DatabaseOutageLog } from '#src/db/outage-log.ts';
import type { CaptchaLevel } from '#src/http/rate-limit.ts';
import { logGaugeReadFailure, registerDatabaseGauges } from './database-gauges.ts';

/** The route of a request no route matched (a 404): never its raw URL, whose ids would pile up. */
const UNMATCHED_ROUTE = 'unmatched';

/** From 5 ms (a cached search) to 10 s (the slowest first searches of a cold process). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  readonly registry: Registry;
  /** For `createRateLimits`' `onRefused`. */
  countRefusal: (limit: string, captcha: CaptchaLevel) => void;
  /**
   * Times every answered request, and reads the pool and the outage state at scrape time; with
   * `databaseGauges`, the gauges of the whole database too (`database-gauges.ts`).
   */
  watch(
    app: FastifyInstance,
    sources: { database: DatabaseHandle; outage: DatabaseOutageLog },
  ): void;
}

export interface AppMetricsOptions {
  /**
   * Read the outbox and bookings gauges here: a single process yes; a cluster's workers no, the
   * primary reads them once for all of them.
   */
  databaseGauges: boolean;
}

export function createAppMetrics({ databaseGauges }: AppMetricsOptions): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'gallop_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route template and status class (2xx, 4xx ...)',
    labelNames: ['method', 'route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'gallop_rate_limit_refusals_total',
    help: 'Calls a rate limit refused (429 asking for a captcha), by limit and captcha level',
    labelNames: ['limit', 'captcha'],
    registers: [registry],
  });

  return {
    registry,
    countRefusal(limit, captcha) {
      refusals.inc({ limit, captcha });
    },
    watch(app, { database, outage }) {
      // After the answer is sent, off the request's own time; a callback hook, no promise.
      app.addHook('onResponse', (request, reply, done) => {
        requestDuration.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? UNMATCHED_ROUTE,
            status_class: `${Math.floor(reply.statusCode / 100)}xx`,
          },
          reply.elapsedTime / 1_000,
        );
        done();
      });

      new Gauge({
        name: 'gallop_database_unreachable',
        help: '1 while this process finds the database unreachable (cluster: 1 if any worker does)',
        registers: [registry],
        // A cluster's scrape shows the worst worker, not how many workers see it.
        aggregator: 'max',
        collect() {
          this.set(outage.unreachable ? 1 : 0);
        },
      });
      new Counter({
        name: 'gallop_database_outages_total',
        help: 'Database outages begun (the database found unreachable after answering)',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(outage.outages);
        },
      });

      const poolStats = database.poolStats?.bind(database);
      if (poolStats) {
        new Gauge({
          name: 'gallop_db_pool_connections',
          help: 'PostgreSQL pool connections, by state (in_use, idle)',
          labelNames: ['state'],
          registers: [registry],
          collect() {
            const { total, idle } = poolStats();
            this.set({ state: 'in_use' }, total - idle);
            this.set({ state: 'idle' }, idle);
          },
        });
        new Gauge({
          name: 'gallop_db_pool_waiting_queries',
          help: 'Queries waiting for a PostgreSQL pool connection (every one in use)',
          registers: [registry],
          collect() {
            this.set(poolStats().waiting);
          },
        });
        new Gauge({
          name: 'gallop_db_pool_max_connections',
          help: 'The PostgreSQL pool size',
          registers: [registry],
          collect() {
            this.set(poolStats().max);
          },
        });
      }

      if (databaseGauges) {
        registerDatabaseGauges(registry, database.db, {
          onError: logGaugeReadFailure(outage, app.log),
        });
      }
    },
  };
}
