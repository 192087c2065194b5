import { domProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

// happy-dom for the browser cookie and the React layer.
export default defineProject({
  test: domProject('i18n'),
});
