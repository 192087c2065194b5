import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface EmptyDatabase {
  /** The new database's connection string. */
  url: string;
  /** Drops it, ending whatever connections are left (PostgreSQL 13+). */
  drop(): Promise<void>;
}

async function onServer(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database (not even migrated) on the `DATABASE_URL` server, for tests of what a
 * first start does, or of a database that goes away (PostgreSQL only).
 */
export async function createEmptyDatabase(name: string): Promise<EmptyDatabase> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('An empty test database needs DATABASE_URL (PostgreSQL)');
  const database = `gallop_${name}_${randomBytes(4).toString('hex')}`;
  await onServer(server, `CREATE DATABASE "${database}"`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  return {
    url: url.href,
    drop: () => onServer(server, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  };
}
