/**
 * Named prepared statements for the hot read queries (decisions 032 and 034). PostgreSQL spent
 * more time planning the one-statement card query than running it (2.0 ms against 1.3 ms for a
 * page of 20 cards): with a name, node-postgres parses it once per pooled connection and the
 * server keeps its plan (after five runs a generic one when that costs no more).
 *
 * PGlite's driver ignores statement names, so there the statement is prepared with SQL
 * (`PREPARE`, once per PGlite instance: it is one session) and run with `EXECUTE`, its values
 * written as quoted literals, the same text the wire protocol would carry (decision 034).
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

/** The parts of drizzle's PGlite prepared query this module uses (it runs `execute` itself). */
interface PgliteQueryInternals {
  client: {
    query: (text: string, params?: unknown[], options?: object) => Promise<unknown>;
    exec: (text: string) => Promise<unknown>;
    /** Only a PGlite instance has it; a transaction's client does not. */
    waitReady?: unknown;
  };
  rawQueryConfig: object;
}

/** The statement name for a SQL text: one name per distinct text, as the protocol requires. */
export function preparedName(text: string): string {
  return `gallop_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

/** Runs `query` like `db.execute(query)`, as a named prepared statement where supported. */
export async function executePrepared<Row>(db: Database, query: SQL): Promise<QueryRows<Row>> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const name = preparedName(built.sql);
  const prepared = session.prepareQuery(built, undefined, name, false);
  const pglite = pgliteInternals(prepared);
  if (pglite) {
    const rows = await executeWithSqlPrepare<Row>(pglite, name, built.sql, built.params);
    if (rows) return rows;
  }
  return (await prepared.execute()) as QueryRows<Row>;
}

function pgliteInternals(prepared: unknown): PgliteQueryInternals | undefined {
  const candidate = prepared as Partial<PgliteQueryInternals>;
  // Outside transactions only: a failed PREPARE would abort the caller's transaction.
  if (candidate.client?.waitReady === undefined || !candidate.rawQueryConfig) return undefined;
  return candidate as PgliteQueryInternals;
}

/** Per PGlite instance: each statement's preparation (true when it is prepared). */
const preparations = new WeakMap<object, Map<string, Promise<boolean>>>();

/**
 * `EXECUTE`s the statement, preparing it first if this instance has not yet; `undefined` when it
 * cannot be prepared (a parameter whose type PostgreSQL cannot infer) or a value has no literal
 * form here: the caller then runs it as usual.
 */
async function executeWithSqlPrepare<Row>(
  { client, rawQueryConfig }: PgliteQueryInternals,
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<QueryRows<Row> | undefined> {
  const values = params.map(toLiteral);
  if (values.includes(undefined)) return undefined;
  let byName = preparations.get(client);
  if (!byName) preparations.set(client, (byName = new Map()));
  let preparation = byName.get(name);
  if (!preparation) {
    preparation = client.exec(`prepare "${name}" as ${text}`).then(
      () => true,
      () => false,
    );
    byName.set(name, preparation);
  }
  if (!(await preparation)) return undefined;
  // Quoted: names keep their case and may hold '-' (see `preparedName`).
  const call = `execute "${name}"${values.length > 0 ? `(${values.join(', ')})` : ''}`;
  try {
    return (await client.query(call, [], rawQueryConfig)) as QueryRows<Row>;
  } catch (error) {
    // Gone (DEALLOCATE, DISCARD): prepare it again next time, run it as usual now.
    if ((error as { code?: string }).code === '26000') {
      byName.delete(name);
      return undefined;
    }
    throw error;
  }
}

/**
 * A parameter as a quoted SQL literal of unknown type, which `EXECUTE` converts to the
 * parameter's type exactly as a text parameter of the wire protocol is converted; `undefined`
 * for values without a text form here (objects, dates, binary), which then go the usual way.
 */
export function toLiteral(value: unknown): string | undefined {
  if (value === null) return 'null';
  const text = toText(value);
  return text === undefined ? undefined : `'${text.replaceAll("'", "''")}'`;
}

function toText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return Array.isArray(value) ? arrayText(value) : undefined;
  }
}

/** PostgreSQL's array input syntax: `{1,2}`, `{"a b","c\"d"}`, `{{1},{2}}`, NULL for null. */
function arrayText(values: readonly unknown[]): string | undefined {
  const items: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) {
      items.push('NULL');
      continue;
    }
    const text = Array.isArray(value) ? arrayText(value) : toText(value);
    if (text === undefined) return undefined;
    items.push(Array.isArray(value) ? text : `"${text.replace(/["\\]/g, '\\$&')}"`);
  }
  return `{${items.join(',')}}`;
}
