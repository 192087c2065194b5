/**
 * The metrics of one API process (decision 170): served on their own listener only, requests
 * labelled by route template (never the raw URL), rate-limit refusals counted, and the database
 * gauges read at scrape time, left out (never a 5xx) when the database does not answer.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { openMigratedPglite } from '#src/testing/database.ts';
import { createAppMetrics, type AppMetrics } from './app-metrics.ts';
import { registerDatabaseGauges } from './database-gauges.ts';
import type { MetricsListener } from './listener.ts';
import { serveProcessMetrics } from './serve.ts';

/** The samples of an exposition text: `name{labels} value` lines. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const [, labelText = '', value = ''] = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
      );
      return { labels, value: Number(value) };
    });
}

const SEARCH_LIMIT = 2;
let testApp: TestApp;
let metrics: AppMetrics;
let listener: MetricsListener;

beforeAll(async () => {
  metrics = createAppMetrics({ databaseGauges: true });
  testApp = await buildTestApp({ SEARCH_LIMIT: String(SEARCH_LIMIT) }, { metrics });
  listener = await serveProcessMetrics(
    { METRICS_HOST: '127.0.0.1', METRICS_PORT: 0 },
    metrics,
    testApp.app.log,
  );
});
afterAll(async () => {
  await listener.close();
  await testApp.close();
});

describe('the metrics listener', () => {
  it('answers GET /metrics in the Prometheus text format, and nothing else', async () => {
    const response = await fetch(`${listener.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    // Node's own metrics beside the API's.
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(samples(text, 'gallop_database_unreachable')).toEqual([{ labels: {}, value: 0 }]);

    const elsewhere = await fetch(`${listener.url}/`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ message: 'Metrics are served at /metrics' });
    const posted = await fetch(`${listener.url}/metrics`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(await posted.json()).toEqual({ message: 'Metrics are read with GET' });
  });

  it('is not served by the app on the public port', async () => {
    const response = await testApp.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the request metrics', () => {
  it('label requests by route template and status class, never by their ids', async () => {
    const id = randomUUID();
    const { app } = testApp;
    const statuses = [
      (await app.inject({ url: `/media/videos/${id}-small.mp4` })).statusCode,
      (await app.inject({ url: `/media/videos/${id}-large.mp4` })).statusCode,
      (await app.inject({ url: `/crm/api/request/get-by-uuid?uuid=${id}` })).statusCode,
      (await app.inject({ url: `/no/such/page/${id}` })).statusCode,
      (await app.inject({ url: '/ready' })).statusCode,
    ];
    expect(statuses.map((status) => Math.floor(status / 100))).toEqual([4, 4, 4, 4, 2]);

    const text = await metrics.registry.metrics();
    expect(text).not.toContain(id);
    const counts = samples(text, 'gallop_http_request_duration_seconds_count');
    const count = (route: string, method = 'GET') =>
      counts.find(({ labels }) => labels['route'] === route && labels['method'] === method);
    expect(count('/media/videos/:file')).toEqual({
      labels: { method: 'GET', route: '/media/videos/:file', status_class: '4xx' },
      value: 2,
    });
    expect(count('/crm/api/request/get-by-uuid')?.labels['status_class']).toBe('4xx');
    expect(count('unmatched')?.value).toBeGreaterThanOrEqual(1);
    expect(count('/ready')?.labels['status_class']).toBe('2xx');
    // One histogram: the buckets of the same series.
    const buckets = samples(text, 'gallop_http_request_duration_seconds_bucket').filter(
      ({ labels }) => labels['route'] === '/media/videos/:file',
    );
    expect(buckets.at(-1)).toEqual({
      labels: { method: 'GET', route: '/media/videos/:file', status_class: '4xx', le: '+Inf' },
      value: 2,
    });
  });

  it('counts the calls a rate limit refused', async () => {
    const refusals = async () =>
      samples(await metrics.registry.metrics(), 'gallop_rate_limit_refusals_total').find(
        ({ labels }) => labels['limit'] === 'search' && labels['captcha'] === 'captcha',
      )?.value ?? 0;
    const before = await refusals();
    // A documentation-range address of this test's own: files share a database on PostgreSQL.
    const visitor = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let n = 0; n < SEARCH_LIMIT + 2; n += 1) {
      const response = await testApp.app.inject({
        url: '/spa/tours?countries=101',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': visitor },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect((await refusals()) - before).toBe(2);
  });
});

describe('the database gauges', () => {
  let database: Awaited<ReturnType<typeof openMigratedPglite>>;
  beforeAll(async () => {
    database = await openMigratedPglite();
  });
  afterAll(() => database.close());

  it('read the outbox backlog and the bookings awaiting an organizer at scrape time', async () => {
    const registry = new Registry();
    const errors: unknown[] = [];
    registerDatabaseGauges(registry, database.db, { onError: (error) => errors.push(error) });
    const { db } = database;
    await db.execute(sql`
      insert into outbox (kind, channel, recipient, subject, body, created_at, next_attempt_at, sent_at)
      values
        ('sign-in-code', 'email', 'a@example.com', 's', 'b', now() - interval '1 hour', now(), null),
        ('sign-in-code', 'email', 'b@example.com', 's', 'b', now() - interval '5 minutes', now(), null),
        ('sign-in-code', 'telegram', '42', 's', 'b', now(), now() + interval '1 minute', null),
        -- Given up and sent: no backlog.
        ('sign-in-code', 'email', 'c@example.com', 's', 'b', now() - interval '2 days', null, null),
        ('sign-in-code', 'email', 'd@example.com', 's', 'b', now() - interval '3 days', null, now())`);
    // The migrated database has no tours: the bookings stand alone (no foreign-key checks).
    await db.execute(sql`set session_replication_role = replica`);
    await db.execute(sql`
      insert into booking_requests (tour_id, status, currency, price, seats, contact_name,
        contact_email, contact_phone, respond_by)
      values
        (1, 1, 'EUR', 100, 1, 'n', 'e@example.com', '+100', now() + interval '1 day'),
        (1, 1, 'EUR', 100, 1, 'n', 'e@example.com', '+100', null),
        (1, 1, 'EUR', 100, 1, 'n', 'e@example.com', '+100', now() - interval '1 minute'),
        (1, 2, 'EUR', 100, 1, 'n', 'e@example.com', '+100', null),
        (1, 4, 'EUR', 100, 1, 'n', 'e@example.com', '+100', null)`);
    await db.execute(sql`set session_replication_role = origin`);

    const text = await registry.metrics();
    expect(errors).toEqual([]);
    const pending = samples(text, 'gallop_outbox_pending_messages');
    expect(pending).toContainEqual({ labels: { channel: 'email' }, value: 2 });
    expect(pending).toContainEqual({ labels: { channel: 'telegram' }, value: 1 });
    // Every channel is there, so a quiet one reads 0 rather than nothing.
    expect(pending).toContainEqual({ labels: { channel: 'sms' }, value: 0 });
    const oldest = samples(text, 'gallop_outbox_oldest_pending_age_seconds');
    const emailAge = oldest.find(({ labels }) => labels['channel'] === 'email')?.value ?? 0;
    expect(emailAge).toBeGreaterThanOrEqual(3_600);
    expect(emailAge).toBeLessThan(3_700);
    expect(samples(text, 'gallop_bookings_awaiting_organizer')).toEqual([
      { labels: { deadline: 'ahead' }, value: 2 },
      { labels: { deadline: 'passed' }, value: 1 },
    ]);
  });

  it('leave themselves out of a scrape when the database fails or does not answer', async () => {
    const errors: unknown[] = [];
    const down = new Registry();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    registerDatabaseGauges(
      down,
      { execute: () => Promise.reject(refused) } as unknown as Database,
      { onError: (error) => errors.push(error) },
    );
    const hanging = new Registry();
    registerDatabaseGauges(
      hanging,
      { execute: () => new Promise(() => {}) } as unknown as Database,
      { onError: (error) => errors.push(error), readTimeoutMs: 50 },
    );
    for (const registry of [down, hanging]) {
      const text = await registry.metrics();
      // Declared, with no sample: an absent value, not a 0 that reads as an empty queue.
      expect(text).toContain('# TYPE gallop_outbox_pending_messages gauge');
      expect(samples(text, 'gallop_outbox_pending_messages')).toEqual([]);
      expect(samples(text, 'gallop_bookings_awaiting_organizer')).toEqual([]);
    }
    expect(errors).toEqual([refused, new Error('no answer from the database in 50 ms')]);
  });
});
