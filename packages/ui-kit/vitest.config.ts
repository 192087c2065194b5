import { domProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: domProject('ui-kit'),
});
