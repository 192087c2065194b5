/**
 * Named prepared statements for the hot read queries (decision 032). PostgreSQL spent more time
 * planning the one-statement card query than running it (2.0 ms against 1.3 ms for a page of
 * 20 cards): with a name, node-postgres parses it once per pooled connection and the server
 * keeps its plan (after five runs a generic one when that costs no more). PGlite's driver ignores
 * the name and runs the statement as `db.execute` would.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Database, QueryRows } from './client.ts';

/** drizzle keeps these on the database (and transaction) object; `db.execute` uses them too. */
interface DrizzleInternals {
  dialect: PgDialect;
  session: PgSession;
}

/** The statement name for a SQL text: one name per distinct text, as the protocol requires. */
export function preparedName(text: string): string {
  return `gallop_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

/** Runs `query` like `db.execute(query)`, as a named prepared statement where supported. */
export async function executePrepared<Row>(db: Database, query: SQL): Promise<QueryRows<Row>> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const prepared = session.prepareQuery(built, undefined, preparedName(built.sql), false);
  return (await prepared.execute()) as QueryRows<Row>;
}
