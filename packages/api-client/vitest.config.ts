import { nodeProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    ...nodeProject('api-client'),
    // Compile-time tests (`*.test-d.ts`): a wrong parameter or body field must not compile.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
