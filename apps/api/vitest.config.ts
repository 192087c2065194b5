import { nodeProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    ...nodeProject('api'),
    // The benchmark harness's own arithmetic (bench/*.test.ts) is tested too; its timings never are.
    include: [...nodeProject('api').include, 'bench/**/*.test.ts'],
    // Migrates and seeds the test database once per run (see src/testing/global-setup.ts).
    globalSetup: ['src/testing/global-setup.ts'],
    // Building the app compiles ~150 contract routes (2 s idle, up to 8 s on a loaded 2-core CI
    // machine); these are correctness tests, so time limits only guard against hangs.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
