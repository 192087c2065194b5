/**
 * `pnpm bench:web --baseline DIR`: Lighthouse and the main thread's work (main-thread.ts) on this
 * build and another checkout's, served at once and measured in turn, so the comparison is a ratio
 * on one machine at one time rather than two runs on a shared machine whose speed moves by half.
 */
import { runLighthouseSideBySide, type LighthousePage } from './lighthouse.ts';
import { mainThreadTable, measureMainThreadSideBySide } from './main-thread.ts';
import type { BenchOptions } from './options.ts';
import { discoverPages, type BenchPage } from './pages.ts';
import { ms, table, writeReport } from './report.ts';
import { baselineRoots, snapshotWebDist, startServers } from './servers.ts';
import { loadAverage, median, medianRatio, runsAbove } from './stats.ts';

function sideBySideTable(before: LighthousePage[], now: LighthousePage[]): string {
  const rows = now.map((page, index) => {
    const base = before[index]!;
    const runsOf = (of: LighthousePage, metric: 'tbt' | 'lcp') =>
      of.runs.map((run) => run.metrics[metric]);
    const ratio = (metric: 'tbt' | 'lcp') =>
      medianRatio(runsOf(base, metric), runsOf(page, metric)).toFixed(2);
    return [
      page.page.name,
      `${base.median.scores.performance.toFixed(0)} → ${page.median.scores.performance.toFixed(0)}`,
      `${ms(base.median.metrics.tbt)} → ${ms(page.median.metrics.tbt)}`,
      ratio('tbt'),
      `${runsAbove(runsOf(base, 'tbt'), runsOf(page, 'tbt'))} of ${page.runs.length}`,
      `${ms(base.median.metrics.lcp)} → ${ms(page.median.metrics.lcp)}`,
      ratio('lcp'),
      `${base.runs.map((run) => run.metrics.tbt.toFixed(0)).join(', ')} / ${page.runs.map((run) => run.metrics.tbt.toFixed(0)).join(', ')}`,
    ];
  });
  const header = [
    'page',
    'Performance before → now',
    'TBT before → now',
    'TBT now / before',
    'runs where now had more TBT',
    'LCP before → now',
    'LCP now / before',
    'TBT of each run (before / now)',
  ];
  return table(header, rows);
}

async function assertPagesServed(webUrl: string, pages: BenchPage[]): Promise<void> {
  for (const page of pages) {
    const response = await fetch(new URL(page.path, webUrl), { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== 200) {
      throw new Error(`the baseline answers ${page.path} with ${response.status}: not comparable`);
    }
  }
}

/** Runs the comparison, prints and writes the report; resolves to the exit code. */
export async function runSideBySide(options: BenchOptions, checkout: string): Promise<number> {
  const roots = baselineRoots(checkout);
  const [nowDist, beforeDist] = [await snapshotWebDist(), await snapshotWebDist(roots.web)];
  const now = await startServers(nowDist);
  try {
    const before = await startServers(beforeDist, roots);
    try {
      const pages = (await discoverPages(now.api.url, now.web.url)).filter((page) =>
        options.pages.has(page.name),
      );
      await assertPagesServed(before.web.url, pages);
      console.info(
        `Side by side, ${options.runs} runs per page: before ${checkout} on ${before.web.url}, now on ${now.web.url}`,
      );
      const targets = [
        { name: 'before', webUrl: before.web.url },
        { name: 'now', webUrl: now.web.url },
      ];
      const sections = [`# Web benchmark side by side (${new Date().toISOString()})`];
      const data: Record<string, unknown> = { baseline: checkout };
      if (options.parts.has('lighthouse')) {
        const [beforePages, nowPages] = await runLighthouseSideBySide(targets, pages, options.runs);
        const benchmarkIndex = median(
          [...beforePages!, ...nowPages!].flatMap((page) =>
            page.runs.map((run) => run.benchmarkIndex),
          ),
        );
        sections.push(
          `before: ${checkout}; now: this checkout. Lighthouse 12 mobile, median of ${options.runs} runs, builds alternating; benchmarkIndex median ${benchmarkIndex.toFixed(0)}.`,
          '',
          sideBySideTable(beforePages!, nowPages!),
        );
        Object.assign(data, { before: beforePages, now: nowPages });
      }
      if (options.parts.has('main-thread')) {
        const [beforeRuns, nowRuns] = await measureMainThreadSideBySide(
          targets,
          pages,
          options.runs,
        );
        sections.push(
          '',
          `The main thread while each page loads and settles (mobile emulation, slow 4G, 4× CPU), median of ${options.runs} loads a build, alternating; load average ${loadAverage()}.`,
          '',
          mainThreadTable(pages, beforeRuns!, nowRuns!),
        );
        Object.assign(data, { mainThread: { before: beforeRuns, now: nowRuns } });
      }
      const markdown = sections.join('\n');
      const files = await writeReport(data, markdown);
      console.info(`\n${markdown}\n\nwritten to ${files.markdown}`);
      return 0;
    } finally {
      await before.stop();
    }
  } finally {
    await now.stop();
  }
}
