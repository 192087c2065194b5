import type { Pool } from 'pg';

/**
 * The key of the start lock: "gallop" in ASCII (0x67616c6c6f70). Advisory locks are per database,
 * so processes on other databases of the same server never wait for each other.
 */
const START_LOCK_KEY = '113668128534384';
const LOCK = `select pg_advisory_xact_lock(${START_LOCK_KEY})`;

/**
 * Runs `work` while this process holds the database's start lock: an advisory lock taken in a
 * transaction kept open on a connection of its own, while `work` runs on the others. API
 * processes starting together on one database (replicas of a deploy, `API_WORKERS` primaries, a
 * deploy pipeline's `db:migrate`) migrate and seed one after the other. `CREATE EXTENSION IF NOT
 * EXISTS` and drizzle's own `CREATE SCHEMA IF NOT EXISTS` are not safe side by side (one fails on
 * a unique index of the catalogue); in turn, the later ones find the work done.
 *
 * A transaction's lock rather than a session's: it ends with the transaction, so a process killed
 * while holding it frees it, and PgBouncer in transaction mode keeps the transaction (and the
 * lock) on one server connection instead of leaving a session lock behind on a pooled one. The
 * transaction writes nothing, so it holds back no vacuum.
 */
export async function withStartLock<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no pool listener: a connection the server drops while the work runs
  // on others must not end the process (the lock ends with it; the work goes on).
  const ignore = () => {};
  client.on('error', ignore);
  let healthy = true;
  try {
    // A start waits as long as another takes to migrate, and holds the lock as long as its own
    // work takes, whatever timeouts the role or the server set for ordinary statements.
    await client.query(
      'BEGIN; SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0; ' +
        'SET LOCAL idle_in_transaction_session_timeout = 0',
    );
    await client.query(LOCK);
    return await work();
  } finally {
    try {
      // Nothing to keep: ending the transaction is what frees the lock.
      await client.query('ROLLBACK');
    } catch {
      healthy = false;
    }
    client.removeListener('error', ignore);
    // A broken connection is closed rather than handed out again.
    client.release(!healthy);
  }
}
