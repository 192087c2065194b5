import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '#src/db/client.ts';
import { API_ROOT } from './options.ts';

/** Where a benchmark's catalogue lives: a PostgreSQL database or a PGlite folder. */
export type BenchDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export function describeDatabase(database: BenchDatabase): string {
  if (database.kind === 'pglite') return `PGlite (${database.dataDir})`;
  const url = new URL(database.url);
  return `PostgreSQL (${url.host}${url.pathname})`;
}

/** The environment the seed CLI and the server read to reach `database`. */
export function databaseEnv(database: BenchDatabase): Record<string, string> {
  return database.kind === 'postgres'
    ? { DATABASE_URL: database.url }
    : { DATABASE_URL: '', PGLITE_DIR: database.dataDir };
}

/** Creates the benchmark database when missing (connecting to the `postgres` maintenance one). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      // Identifiers cannot be bound as parameters; quote it as PostgreSQL does.
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.info(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** How many tours the database holds, or 0 when it is empty or not migrated yet. */
async function countTours(database: BenchDatabase): Promise<number> {
  if (database.kind === 'pglite' && !existsSync(database.dataDir)) return 0;
  const handle = await openDatabase(
    database.kind === 'postgres'
      ? { url: database.url, poolSize: 1 }
      : { dataDir: database.dataDir },
  );
  try {
    // Two statements: PostgreSQL resolves `tours` when planning, even in a branch never taken.
    const exists = (await handle.db.execute(
      "select to_regclass('public.tours') is not null as present",
    )) as unknown as { rows: { present: boolean }[] };
    if (!exists.rows[0]?.present) return 0;
    const result = (await handle.db.execute('select count(*) as total from tours')) as unknown as {
      rows: { total: number | string }[];
    };
    return Number(result.rows[0]?.total ?? 0);
  } finally {
    await handle.close();
  }
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: API_ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * Seeds `tours` tours with the demo package's seed CLI (it resets the database first), unless the
 * database already holds exactly that many and `reseed` is off: 100k tours take minutes.
 */
export async function ensureSeeded(
  database: BenchDatabase,
  tours: number,
  reseed: boolean,
): Promise<void> {
  if (database.kind === 'postgres') await ensurePostgresDatabase(database.url);
  const present = await countTours(database);
  if (present === tours && !reseed) {
    console.info(`${describeDatabase(database)} already holds ${tours} tours`);
    return;
  }
  console.info(`seeding ${tours} tours into ${describeDatabase(database)} (held ${present})`);
  const started = performance.now();
  await run(
    'pnpm',
    ['--filter', '@gallop/api-demo', 'run', '--silent', 'seed', '--tours', String(tours)],
    databaseEnv(database),
  );
  console.info(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
