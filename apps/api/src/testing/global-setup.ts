import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '#src/db/client.ts';
import {
  MIGRATED_PGLITE_TARBALL,
  SEEDED_PGLITE_TARBALL,
  TEST_SEED_TOURS,
  seedTestDatabase,
} from './database.ts';

const API_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The demo package's `src/` (apps/api-demo), whose seed fills the test database. */
const DEMO_SOURCE = dirname(createRequire(import.meta.url).resolve('@gallop/api-demo'));

/** Files whose change must re-seed: the migrations, the schema and the seed itself. */
function seedFingerprint(today: string): string {
  const hash = createHash('sha256').update(`${today}:${TEST_SEED_TOURS}`);
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  for (const folder of ['drizzle', 'src/db']) walk(join(API_ROOT, folder));
  walk(join(DEMO_SOURCE, 'seed'));
  return hash.digest('hex');
}

export function seed(handle: DatabaseHandle, today: string) {
  return seedTestDatabase(handle, { tours: TEST_SEED_TOURS, today });
}

/** Write then rename: parallel runs never read a half-written tarball. */
async function writeTarball(path: string, handle: DatabaseHandle) {
  const tarball = Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer());
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, tarball);
  await rename(temporary, path);
}

/**
 * Once per test run (PGlite): a migrated, seeded database as a tarball that each test file
 * clones in memory, and the same migrated but empty for the seed's own tests. It is rebuilt only when the migrations, schema or seed change, or the day
 * turns (dates are generated around today).
 */
export default async function setup(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const fingerprint = seedFingerprint(today);
  const fingerprintFile = `${SEEDED_PGLITE_TARBALL}.sha256`;
  if (
    existsSync(SEEDED_PGLITE_TARBALL) &&
    existsSync(MIGRATED_PGLITE_TARBALL) &&
    existsSync(fingerprintFile) &&
    (await readFile(fingerprintFile, 'utf8')) === fingerprint
  ) {
    return;
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await handle.migrate();
    await writeTarball(MIGRATED_PGLITE_TARBALL, handle);
    await seed(handle, today);
    await writeTarball(SEEDED_PGLITE_TARBALL, handle);
    await writeFile(fingerprintFile, fingerprint);
  } finally {
    await handle.close();
  }
}
