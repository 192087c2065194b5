/**
 * Multi-row INSERTs for the seed's big tables, written without drizzle's query builder.
 *
 * Seeding 20k tours spent 43% of its time in drizzle building INSERT text and parameters (its
 * `is()` checks run per value) and 3% generating the tours (docs/benchmarks/rounds.md,
 * twenty-fourth round). This writes the same statement drizzle would, `INSERT INTO t (every
 * column) VALUES (...), (...)`, with DEFAULT where a row leaves a column out and each value
 * mapped by its column (`mapToDriverValue`: jsonb to text, and so on), and sends it straight to
 * the driver.
 */
import { getTableColumns, getTableName, is, SQL, type Column, type Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { Database } from '@gallop/api/src/db/client.ts';

/** What both drivers behind `Database` offer: node-postgres' pool and the PGlite thread. */
interface RawClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/**
 * The driver under `db`: the database's own, or in a transaction (the start's seed is one:
 * decision 163) the transaction's session's, so the rows go in with the rest or not at all.
 */
function rawClient(db: Database): RawClient {
  const handles = db as unknown as { $client?: RawClient; session?: { client?: RawClient } };
  const client = handles.$client ?? handles.session?.client;
  if (!client) throw new Error('insertRows needs a node-postgres or PGlite database');
  return client;
}

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 65_535;

/** A table's insertable columns: the row key, the SQL name and the column (for its mapping). */
interface ColumnPlan {
  key: string;
  sqlName: string;
  column: Column;
}

/** The schema relies on the `snake_case` casing, as the drivers are opened (db/client.ts). */
const casing = new CasingCache('snake_case');
const plans = new WeakMap<Table, { head: string; columns: ColumnPlan[] }>();

function planOf(table: Table): { head: string; columns: ColumnPlan[] } {
  let plan = plans.get(table);
  if (!plan) {
    const columns = Object.entries(getTableColumns(table))
      // Generated columns are computed by the database and take no value (drizzle's rule,
      // `shouldDisableInsert`, which its types keep internal).
      .filter(([, column]) => !column.generated || column.generated.type === 'byDefault')
      .map(([key, column]) => ({ key, sqlName: casing.getColumnCasing(column), column }));
    const names = columns.map((c) => `"${c.sqlName}"`).join(', ');
    plan = { head: `INSERT INTO "${getTableName(table)}" (${names}) VALUES `, columns };
    plans.set(table, plan);
  }
  return plan;
}

/** Inserts `rows` into `table` in as few statements as the parameter limit allows. */
export async function insertRows<T extends Table>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const client = rawClient(db);
  const { head, columns } = planOf(table);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let first = 0; first < rows.length; first += perStatement) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of rows.slice(first, first + perStatement) as Record<string, unknown>[]) {
      const cells: string[] = [];
      for (const { key, column } of columns) {
        let value = row[key];
        if (value === undefined && column.defaultFn) value = column.defaultFn();
        else if (value === undefined && !column.default && column.onUpdateFn)
          value = column.onUpdateFn();
        if (is(value, SQL))
          throw new Error(`insertRows takes values, not SQL (${getTableName(table)}.${key})`);
        if (value === undefined) {
          cells.push('DEFAULT');
        } else {
          params.push(value === null ? null : column.mapToDriverValue(value));
          cells.push(`$${params.length}`);
        }
      }
      tuples.push(`(${cells.join(', ')})`);
    }
    await client.query(head + tuples.join(', '), params);
  }
}
