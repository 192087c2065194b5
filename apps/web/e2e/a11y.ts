import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The impacts that fail a page: WCAG problems a traveller would actually hit. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.1 A/AA rules) on the page as it is now and fails with a readable list of
 * every serious or critical violation: rule, impact and the first offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Colours are judged as they settle: mid fade-in ('Back to top' entering) axe read a label at a
  // fraction of its opacity as low contrast. Endless animations (spinners) are not waited for, and
  // one that starts just after (a scroll handler's class, throttled) is waited for too.
  await page.evaluate(async () => {
    const finite = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    const deadline = performance.now() + 3_000;
    for (;;) {
      await Promise.all(finite().map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (finite().length === 0 || performance.now() > deadline) return;
    }
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}
