import { fileURLToPath } from 'node:url';
import { moduleReplacingTests } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';
import api from './vitest.config.ts';

/**
 * The API's PGlite pass when PostgreSQL is configured too (CI): every API test runs on
 * PostgreSQL (`vitest.postgres.config.ts`), and here only the files that prove something about
 * the embedded database itself run again on PGlite — its thread and prepared statements, the
 * start on PGlite, and the search index read from it (pages come as JSON from PGlite). The seed
 * and the demo data are tested in apps/api-demo, always on PGlite. The benchmark harness's
 * arithmetic needs no database and runs here once. Without `DATABASE_URL` the whole suite runs
 * on PGlite (`vitest.config.ts`).
 */
const EMBEDDED_DATABASE_TESTS = [
  'src/db/**/*.test.ts',
  'src/main.test.ts',
  'src/modules/catalog/search/equivalence.test.ts',
  'bench/**/*.test.ts',
];

/**
 * Files that replace one of the API's modules (`vi.mock`) need a module graph of their own, which
 * the PostgreSQL pass does not give (it shares one per worker, decision 132): they run here,
 * isolated. What they prove (today: hashes counted per request) does not depend on the database.
 */
export const MODULE_REPLACING_TESTS = moduleReplacingTests(
  fileURLToPath(new URL('.', import.meta.url)),
  ['src', 'test'],
);

export default defineProject({
  test: {
    ...api.test,
    name: 'api-embedded',
    include: [...EMBEDDED_DATABASE_TESTS, ...MODULE_REPLACING_TESTS],
  },
});
