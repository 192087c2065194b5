/** Small SQL helpers for the hand-written search queries (drizzle's `sql` template). */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

/**
 * Rows of a raw query. Both drivers answer `db.execute` with `{ rows }`; the shared `Database`
 * type cannot say so, hence the cast in this one place.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL int array bound as one parameter (drizzle would spread a JS array into a list). */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;
}

/** A PostgreSQL text array bound as one parameter, items quoted and escaped. */
export function textArray(values: readonly string[]): SQL {
  const items = values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return sql`${`{${items.join(',')}}`}::text[]`;
}

/** Conditions joined with `and` (`true` for none). */
export function and(conditions: readonly SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join([...conditions], sql` and `);
}
