import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@gallop/vitest-config/browser';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexEntries, serve, staticDir } from './static-site';

// Issue 48: a docs page that renders an open dialog inline covers the page and sets the docs
// root `aria-hidden` (react-aria makes it `inert`), so nobody can read it. The docs pages of the
// components whose stories open an overlay must load with no dialog open in the page itself: those
// stories render in their own fixed-height frame (`parameters.docs.story.inline: false`).
// Opening every docs page takes minutes on CI, so the test lists the overlay pages; a new overlay
// component adds its title here.
const OVERLAY_PAGES = [
  'Overlays/Modal',
  'Overlays/ConfirmModal',
  'Overlays/CallbackRequestedModal',
  'Forms/Datepicker',
  'Media/MediaViewer',
  'Basics/Sheet',
];

const root = staticDir();
const docsPages = indexEntries(root).filter(
  (entry) => entry.type === 'docs' && OVERLAY_PAGES.includes(entry.title),
);

let browser: Browser;
let site: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  site = await serve(root);
  browser = await chromium.launch(chromiumLaunchOptions());
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * Opens a docs page as the manager's docs frame does and waits until its story blocks are on
 * the page. Inline stories open their dialogs on mount; framed ones cannot reach this page, so
 * the frames need not finish loading.
 */
async function openDocs(page: Page, id: string) {
  await page.goto(`${site.url}/iframe.html?viewMode=docs&id=${id}`);
  await page.locator('#storybook-docs .sbdocs-content').waitFor();
  await page.locator('#storybook-docs .docs-story').first().waitFor();
  // Give inline stories' effects (react-aria opens a modal after mount) a moment to run.
  await page.waitForTimeout(1500);
}

describe('docs pages have no open dialog', () => {
  it('finds a docs page for each overlay component', () => {
    expect(docsPages.map((entry) => entry.title).sort()).toEqual([...OVERLAY_PAGES].sort());
  });

  it.each(docsPages.map((entry) => [entry.title, entry.id]))('%s', async (_title, id) => {
    const page = await browser.newPage();
    try {
      await openDocs(page, id);
      const state = await page.evaluate(() => {
        const docs = document.getElementById('storybook-docs')!;
        return {
          hiddenBy: docs.closest('[aria-hidden="true"], [inert]')?.outerHTML.slice(0, 80) ?? null,
          dialogs: [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map(
            (dialog) => dialog.getAttribute('aria-label') ?? dialog.outerHTML.slice(0, 80),
          ),
        };
      });
      expect(state).toEqual({ hiddenBy: null, dialogs: [] });
    } finally {
      await page.close();
    }
  });
});

describe('the Tokens docs page', () => {
  it('shows every variable of tokens.css', async () => {
    const css = readFileSync(
      fileURLToPath(new URL('../../../packages/ui-kit/src/tokens/tokens.css', import.meta.url)),
      'utf8',
    );
    const names = [...css.matchAll(/(--gk-[a-z0-9-]+)\s*:/g)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(40);
    const page = await browser.newPage();
    try {
      await openDocs(page, 'foundations-tokens--docs');
      const shown = await page.locator('#storybook-docs').innerText();
      expect(names.filter((name) => !shown.includes(name))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
