import type { Locator, Page } from '@playwright/test';

/**
 * The tour names on the cards in `scope`, in order, without the emoji an organizer may pin before
 * a name (it is an image with its own label, not part of the name).
 */
export function tourCardNames(scope: Page | Locator): Promise<string[]> {
  return scope.locator('.tour-card h3').evaluateAll((headings) =>
    headings.map((heading) => {
      const copy = heading.cloneNode(true) as HTMLElement;
      for (const emoji of copy.querySelectorAll('.tour-emoji')) emoji.remove();
      return (copy.textContent ?? '').trim();
    }),
  );
}
