/**
 * While PostgreSQL is unreachable the background jobs (every second or few) and the readiness
 * probe fail on every round. Each component says so once, in one short line without the query
 * or a stack; the process then pings the database and says once when it answers again.
 */
import { databaseUnreachableReason } from '#src/start-failure.ts';

interface OutageLogger {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export interface DatabaseOutageLog {
  /**
   * True when `error` is a database that cannot be reached (logged once for `component` until it
   * answers again); false for any other error, which the caller logs as before.
   */
  report(component: string, error: unknown): boolean;
  /** Whether an outage has been reported and the database has not answered since (metrics). */
  readonly unreachable: boolean;
  /** Outages begun since the process started (metrics: one that began and ended between scrapes). */
  readonly outages: number;
  close(): void;
}

export function createDatabaseOutageLog(
  ping: () => Promise<void>,
  log: OutageLogger,
  { pingEveryMs = 1_000 }: { pingEveryMs?: number } = {},
): DatabaseOutageLog {
  const down = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let pinging = false;
  let outages = 0;

  const check = () => {
    if (pinging) return;
    pinging = true;
    ping()
      .then(() => {
        clearInterval(timer);
        timer = undefined;
        down.clear();
        log.info('database: reachable again');
      })
      .catch(() => {})
      .finally(() => {
        pinging = false;
      });
  };

  return {
    report(component, error) {
      const reason = databaseUnreachableReason(error);
      if (reason === undefined) return false;
      if (down.size === 0) outages += 1;
      if (!down.has(component)) {
        down.add(component);
        log.warn({ component, reason }, `${component}: the database is unreachable (${reason})`);
      }
      if (!timer) {
        timer = setInterval(check, pingEveryMs);
        timer.unref();
      }
      return true;
    },
    get unreachable() {
      return down.size > 0;
    },
    get outages() {
      return outages;
    },
    close() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
