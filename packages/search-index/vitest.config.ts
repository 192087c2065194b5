import { nodeProject } from '@gallop/vitest-config';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    ...nodeProject('search-index'),
    // The equivalence tests build and query hundreds of drawn catalogues: 2–3 s of CPU each on a
    // quiet machine, past Vitest's 5 s default when the CI run shares its two cores with the API's
    // suites (two of them timed out so). A slow run is not a wrong answer; their speed is measured
    // by the benchmarks, not here.
    testTimeout: 30_000,
  },
});
