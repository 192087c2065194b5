import { domProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

const dom = domProject('ui-kit');

export default defineProject({
  test: { ...dom, setupFiles: [...(dom.setupFiles ?? []), './vitest.setup.ts'] },
});
