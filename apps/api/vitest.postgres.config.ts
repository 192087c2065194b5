import { nodeProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

/**
 * The same API tests on PostgreSQL (`DATABASE_URL`, as on CI). Files share one seeded database
 * and treat the catalogue as read-only.
 */
export default defineProject({
  test: {
    ...nodeProject('api-postgres'),
    env: { GALLOP_TEST_DATABASE: 'postgres' },
    globalSetup: ['src/testing/global-setup-postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
