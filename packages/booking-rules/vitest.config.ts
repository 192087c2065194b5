import { nodeProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: nodeProject('booking-rules'),
});
