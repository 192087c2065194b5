import type { Browser } from '@playwright/test';
import { launchChromium } from './chromium.ts';
import { CPU_SLOWDOWN, MOBILE, SLOW_4G } from './phone.ts';
import type { BenchPage } from './pages.ts';
import { median } from './stats.ts';

type ScriptMode = 'js' | 'no-js';

export interface LcpPage {
  page: BenchPage;
  /** LCP in ms of each load, with JavaScript and without. */
  js: number[];
  noJs: number[];
  /** The LCP element's image URL (or its size for text), from the last load with JavaScript. */
  element: string;
  median: { js: number; noJs: number; ratio: number };
}

interface LcpSample {
  ms: number;
  element: string;
}

/**
 * One load in a fresh context (empty cache) under mobile throttling. The LCP entries come from
 * the DevTools protocol (PerformanceTimeline), which reports them with scripts disabled too;
 * the value is the last entry's render time relative to the document's time origin.
 */
async function loadOnce(browser: Browser, url: string, mode: ScriptMode): Promise<LcpSample> {
  const context = await browser.newContext({ ...MOBILE, javaScriptEnabled: mode === 'js' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const entries: {
      time: number;
      renderTime: number;
      loadTime: number;
      url: string;
      size: number;
    }[] = [];
    cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
      if (event.type !== 'largest-contentful-paint' || !event.lcpDetails) return;
      entries.push({
        time: event.time,
        renderTime: event.lcpDetails.renderTime,
        loadTime: event.lcpDetails.loadTime,
        url: event.lcpDetails.url ?? '',
        size: event.lcpDetails.size,
      });
    });
    await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint'] });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    // Late candidates (an image that hydration swaps in) arrive after load: let the page settle.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(1000);
    // A synchronous evaluate works with scripts disabled (only the page's own scripts are off).
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const last = entries.at(-1);
    if (!last) throw new Error(`no largest-contentful-paint entry for ${url} (${mode})`);
    const paintedAt = (last.renderTime || last.loadTime || last.time) * 1000;
    return {
      ms: paintedAt - timeOrigin,
      element: last.url ? new URL(last.url).pathname : `text or element of ${last.size} px²`,
    };
  } finally {
    await context.close();
  }
}

/**
 * LCP of each page with JavaScript and without (javaScriptEnabled: false), `runs` loads each,
 * alternating the two modes so both meet the same machine load. One unmeasured load per page
 * and mode first: the API renders each image size on first request, then serves it from disk.
 */
export async function measureLcp(
  webUrl: string,
  pages: BenchPage[],
  runs: number,
): Promise<LcpPage[]> {
  const browser = await launchChromium();
  try {
    const results: LcpPage[] = [];
    for (const page of pages) {
      const url = new URL(page.path, webUrl).href;
      await loadOnce(browser, url, 'js');
      await loadOnce(browser, url, 'no-js');
      const js: LcpSample[] = [];
      const noJs: LcpSample[] = [];
      for (let run = 1; run <= runs; run += 1) {
        js.push(await loadOnce(browser, url, 'js'));
        noJs.push(await loadOnce(browser, url, 'no-js'));
        console.info(
          `  LCP ${page.name} run ${run}/${runs}: with JS ${js.at(-1)!.ms.toFixed(0)} ms, ` +
            `without ${noJs.at(-1)!.ms.toFixed(0)} ms`,
        );
      }
      const medianJs = median(js.map((sample) => sample.ms));
      const medianNoJs = median(noJs.map((sample) => sample.ms));
      results.push({
        page,
        js: js.map((sample) => sample.ms),
        noJs: noJs.map((sample) => sample.ms),
        element: js.at(-1)!.element,
        median: { js: medianJs, noJs: medianNoJs, ratio: medianJs / medianNoJs },
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
