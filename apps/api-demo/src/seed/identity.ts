import { sql } from 'drizzle-orm';
import type { Database } from '@gallop/api/src/db/client.ts';

/** After inserting explicit ids, move each identity sequence past the largest id. */
export async function resetIdentitySequences(db: Database): Promise<void> {
  const { rows } = await db.execute<{ table_name: string }>(sql`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'id' AND is_identity = 'YES'`);
  for (const { table_name: table } of rows) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((SELECT max(id) FROM "${table}"), 0) + 1, false)`,
      ),
    );
  }
}
