/**
 * Gauges of the whole database, read by one cheap query each when Prometheus scrapes: the
 * outbox's backlog and the bookings waiting for an organizer's answer (decision 170). They
 * describe the database, not a process: a cluster reads them once, in the primary.
 *
 * A read that fails (the database is down, or slower than `READ_TIMEOUT_MS`) leaves them out of
 * that scrape, never a 0 that looks like an empty queue, and never fails the scrape.
 */
import { STATUS } from '@gallop/booking-rules';
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { DatabaseOutageLog } from '#src/db/outage-log.ts';
import { outbox } from '#src/db/schema/index.ts';
import { answeredWithin } from '#src/shared/answered-within.ts';

/** Well under Prometheus' default scrape timeout (10 s). */
const READ_TIMEOUT_MS = 2_000;

interface DatabaseGaugeOptions {
  /** Told of a failed read (the scrape goes on without these gauges). */
  onError: (error: unknown) => void;
  readTimeoutMs?: number;
}

/**
 * The `onError` of a process that logs: an unreachable database is the outage log's one line,
 * any other failed read a warning of its own.
 */
export function logGaugeReadFailure(
  outage: Pick<DatabaseOutageLog, 'report'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): (error: unknown) => void {
  return (error) => {
    if (!outage.report('metrics', error)) {
      log.warn({ err: error, module: 'metrics' }, 'metrics: reading the database gauges failed');
    }
  };
}

type OutboxRow = { channel: string; pending: number; oldest_seconds: number };

interface Readings {
  outbox: OutboxRow[];
  bookings: { ahead: number; passed: number };
}

async function readGauges(db: Database): Promise<Readings> {
  // Unsent messages still to be tried (`outbox_due_idx`); those given up are not a backlog.
  const outboxRows = await db.execute<OutboxRow>(sql`
    select channel, count(*)::int as pending,
      extract(epoch from now() - min(created_at))::float8 as oldest_seconds
    from outbox where sent_at is null and next_attempt_at is not null
    group by channel`);
  // The same scan the expiry job makes every minute (`bookings/expiry.ts`).
  const bookingRows = await db.execute<Readings['bookings']>(sql`
    select count(*) filter (where respond_by is null or respond_by > now())::int as ahead,
      count(*) filter (where respond_by <= now())::int as passed
    from booking_requests where status = ${STATUS.pendingConfirm}`);
  const bookings = bookingRows.rows[0] ?? { ahead: 0, passed: 0 };
  // node-postgres may answer numbers as strings: keep them numbers.
  return {
    outbox: outboxRows.rows.map((row) => ({
      channel: row.channel,
      pending: Number(row.pending),
      oldest_seconds: Number(row.oldest_seconds),
    })),
    bookings: { ahead: Number(bookings.ahead), passed: Number(bookings.passed) },
  };
}

export function registerDatabaseGauges(
  registry: Registry,
  db: Database,
  { onError, readTimeoutMs = READ_TIMEOUT_MS }: DatabaseGaugeOptions,
): void {
  // One read serves every gauge of a scrape; a scrape that comes while a read is still running
  // (a slow database) waits for that one instead of piling another query on it.
  let reading: Promise<Readings | undefined> | undefined;
  const read = () =>
    (reading ??= answeredWithin(
      readGauges(db),
      readTimeoutMs,
      () => new Error(`no answer from the database in ${readTimeoutMs} ms`),
    )
      .catch((error: unknown) => {
        onError(error);
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));

  /** An outbox gauge by channel: every channel shows, so a quiet one reads 0, not nothing. */
  const outboxGauge = (name: string, help: string, value: (row: OutboxRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['channel'],
      registers: [registry],
      async collect() {
        const readings = await read();
        this.reset();
        if (!readings) return;
        for (const channel of outbox.channel.enumValues) this.set({ channel }, 0);
        for (const row of readings.outbox) this.set({ channel: row.channel }, value(row));
      },
    });
  outboxGauge(
    'gallop_outbox_pending_messages',
    'Outbox messages not sent yet and still to be tried, by channel',
    (row) => row.pending,
  );
  outboxGauge(
    'gallop_outbox_oldest_pending_age_seconds',
    'Age of the oldest outbox message still to be sent, by channel (0: none waiting)',
    (row) => row.oldest_seconds,
  );
  new Gauge({
    name: 'gallop_bookings_awaiting_organizer',
    help: 'Booking requests waiting for the organizer to confirm or decline, by whether their answer deadline has passed (passed: the expiry job has not released them yet)',
    labelNames: ['deadline'],
    registers: [registry],
    async collect() {
      const readings = await read();
      this.reset();
      if (!readings) return;
      this.set({ deadline: 'ahead' }, readings.bookings.ahead);
      this.set({ deadline: 'passed' }, readings.bookings.passed);
    },
  });
}
