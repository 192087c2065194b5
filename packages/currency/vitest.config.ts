import { domProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

// happy-dom for the browser cookie and the React layer; server-side tests opt into `node`.
export default defineProject({
  test: domProject('currency'),
});
