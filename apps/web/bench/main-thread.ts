/**
 * The main thread's work while a page loads, side by side with another build: a steadier
 * reading than Lighthouse's TBT, which on these shared machines moves by half from one run to
 * the next. Each load is a fresh phone (Lighthouse's emulation, slow 4G, 4× CPU) that waits until
 * the page is quiet, so the parts that hydrate after the largest paint are counted too.
 */
import type { Browser } from '@playwright/test';
import { launchChromium } from './chromium.ts';
import type { BenchPage } from './pages.ts';
import { CPU_SLOWDOWN, MOBILE, SLOW_4G } from './phone.ts';
import { table } from './report.ts';
import { alternatingOrder, median, medianRatio, runsAbove } from './stats.ts';

/** One load's readings. */
export interface MainThreadRun {
  /** CPU time of the main thread running JavaScript, and of all its tasks (thread ticks, ms). */
  scriptMs: number;
  taskMs: number;
  /** Long tasks under the 4× slowdown: their time beyond 50 ms each, summed (a whole-load TBT). */
  blockingMs: number;
  longTasks: number;
  /** JavaScript the page downloaded, as sent (compressed). */
  scriptKb: number;
}

export interface MainThreadTarget {
  name: string;
  webUrl: string;
}

/** What is counted after `load`: the page's idle-time chunks, then 2 s of nothing. */
const SETTLE_MS = 2000;

async function loadOnce(browser: Browser, url: string): Promise<MainThreadRun> {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const durations: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = durations;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) durations.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    const scripts = new Set<string>();
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', ({ requestId, type }) => {
      if (type === 'Script') scripts.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (scripts.has(requestId)) scriptBytes += encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Thread ticks: the main thread's CPU time rather than the wall clock's.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
    const longTasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    return {
      scriptMs: metric('ScriptDuration') * 1000,
      taskMs: metric('TaskDuration') * 1000,
      blockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longTasks: longTasks.length,
      scriptKb: scriptBytes / 1000,
    };
  } finally {
    await context.close();
  }
}

/**
 * `runs` loads of each page on each target, the targets in turn and their order reversed every
 * run, after one unmeasured load each (the API renders a picture's size on its first request).
 */
export async function measureMainThreadSideBySide(
  targets: MainThreadTarget[],
  pages: BenchPage[],
  runs: number,
): Promise<MainThreadRun[][][]> {
  const browser = await launchChromium();
  try {
    const results = targets.map(() => pages.map((): MainThreadRun[] => []));
    for (const target of targets) {
      for (const page of pages) await loadOnce(browser, new URL(page.path, target.webUrl).href);
    }
    for (let run = 1; run <= runs; run += 1) {
      for (const [pageIndex, page] of pages.entries()) {
        for (const index of alternatingOrder(targets.length, run)) {
          const target = targets[index]!;
          const reading = await loadOnce(browser, new URL(page.path, target.webUrl).href);
          results[index]![pageIndex]!.push(reading);
          console.info(
            `  main thread ${target.name} ${page.name} run ${run}/${runs}: script ` +
              `${reading.scriptMs.toFixed(0)} ms, tasks ${reading.taskMs.toFixed(0)} ms, ` +
              `blocking ${reading.blockingMs.toFixed(0)} ms in ${reading.longTasks} long tasks, ` +
              `JS ${reading.scriptKb.toFixed(1)} kB`,
          );
        }
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** Each reading's name in the table, in the table's order. */
const LABELS: Record<keyof MainThreadRun, string> = {
  scriptMs: 'script CPU (ms)',
  taskMs: 'all tasks CPU (ms)',
  blockingMs: 'blocking at 4× (ms)',
  longTasks: 'long tasks at 4×',
  scriptKb: 'JS sent (kB)',
};

/** Median before → now, the ratio, and in how many runs now read more than before beside it. */
export function mainThreadTable(
  pages: BenchPage[],
  before: MainThreadRun[][],
  now: MainThreadRun[][],
): string {
  const header = [
    'page',
    'reading',
    'before → now (median)',
    'now / before',
    'runs where now > before',
  ];
  const metrics = Object.keys(LABELS) as (keyof MainThreadRun)[];
  const rows = pages.flatMap((page, pageIndex) =>
    metrics.map((metric) => {
      const a = before[pageIndex]!.map((run) => run[metric]);
      const b = now[pageIndex]!.map((run) => run[metric]);
      return [
        page.name,
        LABELS[metric],
        `${median(a).toFixed(1)} → ${median(b).toFixed(1)}`,
        medianRatio(a, b).toFixed(2),
        `${runsAbove(a, b)} of ${b.length}`,
      ];
    }),
  );
  return table(header, rows);
}
