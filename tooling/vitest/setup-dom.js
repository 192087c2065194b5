// jest-dom matchers (toBeInTheDocument, toHaveAccessibleName ...) and DOM cleanup between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` give up after 1 s by default. With Playwright's browsers and servers on
// the same 2-core machine, three excursion-date tests that pass in 0.1 s idle ran out of it
// (2026-12-05); what they wait for is the same, only the patience is longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
