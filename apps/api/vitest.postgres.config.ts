import { nodeProject } from '@gallop/vitest-config';
import { configDefaults, defineProject } from 'vitest/config';
import { MODULE_REPLACING_TESTS } from './vitest.embedded.config.ts';

/**
 * The same API tests on PostgreSQL (`DATABASE_URL`, as on CI). Files share one seeded database
 * and treat the catalogue as read-only.
 */
export default defineProject({
  test: {
    ...nodeProject('api-postgres'),
    // One module graph per worker, not one per file: every file imported the whole app again
    // (about half of the stage's worker time). The API keeps no state in modules but lazy
    // loaders and caches of pure values; files that replace a module run isolated on PGlite.
    isolate: false,
    exclude: [...configDefaults.exclude, ...MODULE_REPLACING_TESTS],
    env: { GALLOP_TEST_DATABASE: 'postgres' },
    globalSetup: ['src/testing/global-setup-postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
