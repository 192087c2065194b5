import { createRequire } from 'node:module';
import { nodeProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineProject({
  test: {
    ...nodeProject('api-demo'),
    // The API's test database: migrated and seeded (by this package) once per run, cloned by
    // each test file (`@gallop/api/src/testing/database.ts`).
    globalSetup: [require.resolve('@gallop/api/src/testing/global-setup.ts')],
    // The seed tests run on embedded PGlite, whatever DATABASE_URL says (they were the API's
    // "embedded" project's tests before the demo moved here).
    env: { GALLOP_TEST_DATABASE: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
