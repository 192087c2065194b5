import { fileURLToPath } from 'node:url';
import { domProject, moduleReplacingTests } from '@gallop/vitest-config';
import { configDefaults, defineProject } from 'vitest/config';

const preset = domProject('web');

/**
 * Files that replace a module (`vi.mock`, `vi.doMock`) need a module graph of their own: this
 * project shares one per worker (decision 132), where a replaced module would stay replaced for
 * the files after it. `vitest.isolated.config.ts` runs them.
 */
export const MODULE_REPLACING_TESTS = moduleReplacingTests(
  fileURLToPath(new URL('.', import.meta.url)),
  ['src', 'server', 'build'],
);

// The shared DOM preset, plus the server's tests (they opt into Node with
// `// @vitest-environment node`).
export default defineProject({
  test: {
    ...preset,
    include: [...(preset.include ?? []), 'server/**/*.test.ts', 'build/**/*.test.ts'],
    // Whole pages render here (the search page, the booking form): 1–3 s each alone, over
    // Vitest's 5 s default beside the API suites on a 2-core CI machine. These are correctness
    // tests: the limit only guards against a hang.
    testTimeout: 15_000,
    exclude: [...configDefaults.exclude, ...MODULE_REPLACING_TESTS],
  },
});
