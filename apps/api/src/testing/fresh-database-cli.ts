/**
 * `tsx src/testing/fresh-database-cli.ts <suffix>`: drops and creates the database
 * `<DATABASE_URL's database>_<suffix>` on DATABASE_URL's server and prints its URL.
 *
 * The web e2e suite runs its API on such a database of its own: the vitest suite leaves rows in
 * DATABASE_URL's database (uploads whose files lived in a temporary folder, bookings), and a page
 * that met them would show another suite's state. Test tooling only: it drops a database.
 */
import pg from 'pg';

const suffix = process.argv[2] ?? '';
if (!/^[a-z0-9_]+$/.test(suffix)) {
  console.error(`The suffix must be lower-case letters, digits or _ (got "${suffix}")`);
  process.exit(1);
}
const source = process.env.DATABASE_URL;
if (!source) {
  console.error('DATABASE_URL names the server (and the database the new name derives from)');
  process.exit(1);
}

const url = new URL(source);
const base = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
const name = `${base}_${suffix}`;
const client = new pg.Client({ connectionString: source });
await client.connect();
try {
  const quoted = client.escapeIdentifier(name);
  // FORCE ends the connections a killed earlier run may have left open (PostgreSQL 13+).
  await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${quoted}`);
} finally {
  await client.end();
}
url.pathname = `/${encodeURIComponent(name)}`;
process.stdout.write(`${url.toString()}\n`);
