import { sql } from 'drizzle-orm';
import { openDatabase } from '#src/db/client.ts';
import { seed } from './global-setup.ts';

/**
 * Once per test run (PostgreSQL, `DATABASE_URL`): the schema is dropped, migrated and seeded, so
 * every run starts from the same catalogue.
 */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The api-postgres test project needs DATABASE_URL');
  const handle = await openDatabase({ url, poolSize: 2 });
  try {
    await handle.db.execute(
      sql`DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;`,
    );
    await seed(handle, new Date().toISOString().slice(0, 10));
  } finally {
    await handle.close();
  }
}
