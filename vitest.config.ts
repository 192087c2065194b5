import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run over every package and app that has unit or integration tests.
// Storybook story tests run in Chromium from apps/storybook (`pnpm --filter @gallop/storybook test`).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI
    // machine, which leaves a core idle while an API suite waits on PostgreSQL or Redis. One
    // worker per core (at least two) measured faster there (docs/testing.md, "Timings").
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'packages/*',
      // The API's tests run on embedded PGlite; when PostgreSQL is configured (CI sets it), they
      // run on PostgreSQL instead, and on PGlite only those about the embedded database.
      ...(process.env.DATABASE_URL
        ? ['apps/api/vitest.postgres.config.ts', 'apps/api/vitest.embedded.config.ts']
        : ['apps/api']),
      // The demo package (seed) runs on PGlite either way.
      'apps/api-demo',
      'apps/web',
      // The web's files that replace a module, isolated (decision 132).
      'apps/web/vitest.isolated.config.ts',
      'tooling/lint',
    ],
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
  },
});
