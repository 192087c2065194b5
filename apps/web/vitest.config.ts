import { domProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

const preset = domProject('web');

// The shared DOM preset, plus the server's tests (they opt into Node with
// `// @vitest-environment node`).
export default defineProject({
  test: {
    ...preset,
    include: [...(preset.include ?? []), 'server/**/*.test.ts', 'build/**/*.test.ts'],
  },
});
