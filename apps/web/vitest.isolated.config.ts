import { configDefaults, defineProject } from 'vitest/config';
import web, { MODULE_REPLACING_TESTS } from './vitest.config.ts';

/**
 * The `web` project's files that replace a module, run in a module graph of their own each
 * (Vitest's default isolation).
 */
export default defineProject({
  test: {
    ...web.test,
    name: 'web-isolated',
    isolate: true,
    include: MODULE_REPLACING_TESTS,
    exclude: configDefaults.exclude,
  },
});
