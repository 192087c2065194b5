import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.ts';
import type { BenchPage } from './pages.ts';
import { alternatingOrder, median } from './stats.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;

/** An audit that did not pass, as Lighthouse words it. */
interface Finding {
  category: Category;
  id: string;
  title: string;
  /** What Lighthouse shows for it (e.g. "1.2 s" or "Potential savings of 40 KiB"). */
  displayValue?: string | undefined;
  /** Up to three elements or URLs it names (HTML snippets, selectors or resource URLs). */
  items: string[];
}

interface LighthouseRun {
  scores: Record<Category, number>;
  /** Milliseconds (CLS: unitless). */
  metrics: Record<Metric, number>;
  findings: Finding[];
  lcpElement?: string | undefined;
  warnings: string[];
  /** Lighthouse's CPU benchmark of the machine during the run (lower: slower, busier machine). */
  benchmarkIndex: number;
}

export interface LighthousePage {
  page: BenchPage;
  runs: LighthouseRun[];
  /** Median of each score and metric over the runs, taken one by one. */
  median: {
    scores: Record<Category, number>;
    metrics: Record<Metric, number>;
    benchmarkIndex: number;
  };
  /** Every finding with the number of runs it appeared in. */
  findings: (Finding & { runs: number })[];
}

/** The first elements or URLs an audit's details name, to find what to fix. */
function detailItems(details: unknown): string[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return (items as Record<string, unknown>[])
    .map((item) => {
      const node = item.node as { snippet?: string; selector?: string } | undefined;
      const url = typeof item.url === 'string' ? item.url : undefined;
      return node?.snippet ?? node?.selector ?? url;
    })
    .filter((text): text is string => typeof text === 'string')
    .slice(0, 3)
    .map((text) => (text.length > 200 ? `${text.slice(0, 200)}…` : text));
}

/** A non-passing audit worth reporting: failed in a11y/BP/SEO, or a performance audit scoring < 0.9. */
function findingsOf(result: Result): Finding[] {
  const findings: Finding[] = [];
  for (const category of CATEGORIES) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      const threshold = category === 'performance' ? 0.9 : 1;
      if (audit.score >= threshold) continue;
      // Performance: its weighted metrics are reported as numbers already.
      if (category === 'performance' && ref.weight > 0) continue;
      findings.push({
        category,
        id: audit.id,
        title: audit.title,
        displayValue: audit.displayValue,
        items: detailItems(audit.details),
      });
    }
  }
  return findings;
}

function lcpElementOf(result: Result): string | undefined {
  const details = result.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet;
}

class LighthouseRuntimeError extends Error {
  constructor(
    url: string,
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse failed on ${url}: ${message}`);
  }
}

/**
 * Lighthouse's own hiccups on a busy machine (a trace recorded without its navigation start)
 * say nothing of the page: such a run is made again, up to twice, and said so.
 */
const TRANSIENT_CODES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

async function runOnce(url: string, attemptsLeft = 2): Promise<LighthouseRun> {
  try {
    return await navigateOnce(url);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError) || !TRANSIENT_CODES.has(error.code)) throw error;
    if (attemptsLeft === 0) throw error;
    console.info(`  lighthouse: ${error.code} on ${url}, running it again`);
    return runOnce(url, attemptsLeft - 1);
  }
}

/** One Lighthouse navigation (mobile, simulated throttling: the defaults) in a fresh Chromium. */
async function navigateOnce(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const runner = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    });
    const result = runner?.lhr;
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.runtimeError) {
      throw new LighthouseRuntimeError(url, result.runtimeError.code, result.runtimeError.message);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, (result.categories[category]?.score ?? 0) * 100]),
    ) as Record<Category, number>;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [
        key,
        result.audits[id]?.numericValue ?? Number.NaN,
      ]),
    ) as Record<Metric, number>;
    return {
      scores,
      metrics,
      findings: findingsOf(result),
      lcpElement: lcpElementOf(result),
      warnings: result.runWarnings,
      benchmarkIndex: result.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * `runs` Lighthouse runs of each page, interleaved (run 1 of every page, then run 2 ...) so a
 * burst of load from other work on the machine does not land on one page only.
 */
export async function runLighthouse(
  webUrl: string,
  pages: BenchPage[],
  runs: number,
): Promise<LighthousePage[]> {
  const [results] = await runLighthouseSideBySide([{ name: 'web', webUrl }], pages, runs);
  return results!;
}

/** A build being measured: its web server's address. */
export interface LighthouseTarget {
  name: string;
  webUrl: string;
}

/**
 * Lighthouse on several builds served at once, one navigation at a time: for each run and page,
 * each build in turn, the order reversed every run, so that every build sees the same machine
 * (scores on these shared machines move by half within minutes). Returns, per target, the pages.
 */
export async function runLighthouseSideBySide(
  targets: LighthouseTarget[],
  pages: BenchPage[],
  runs: number,
): Promise<LighthousePage[][]> {
  const byTarget = targets.map(
    () => new Map<BenchPage, LighthouseRun[]>(pages.map((page) => [page, []])),
  );
  for (let run = 1; run <= runs; run += 1) {
    for (const page of pages) {
      for (const index of alternatingOrder(targets.length, run)) {
        const target = targets[index]!;
        const result = await runOnce(new URL(page.path, target.webUrl).href);
        byTarget[index]!.get(page)!.push(result);
        console.info(
          `  lighthouse ${targets.length > 1 ? `${target.name} ` : ''}${page.name} run ${run}/${runs}: ` +
            CATEGORIES.map((category) => `${category} ${result.scores[category].toFixed(0)}`).join(
              ', ',
            ) +
            `, LCP ${result.metrics.lcp.toFixed(0)} ms, TBT ${result.metrics.tbt.toFixed(0)} ms`,
        );
      }
    }
  }
  return byTarget.map((byPage) => pages.map((page) => summarise(page, byPage.get(page)!)));
}

function summarise(page: BenchPage, pageRuns: LighthouseRun[]): LighthousePage {
  const findings = new Map<string, Finding & { runs: number }>();
  for (const finding of pageRuns.flatMap((run) => run.findings)) {
    const key = `${finding.category}:${finding.id}`;
    const seen = findings.get(key);
    findings.set(key, { ...finding, runs: (seen?.runs ?? 0) + 1 });
  }
  return {
    page,
    runs: pageRuns,
    median: {
      scores: Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          median(pageRuns.map((run) => run.scores[category])),
        ]),
      ) as Record<Category, number>,
      metrics: Object.fromEntries(
        Object.keys(METRICS).map((metric) => [
          metric,
          median(pageRuns.map((run) => run.metrics[metric as Metric])),
        ]),
      ) as Record<Metric, number>,
      benchmarkIndex: median(pageRuns.map((run) => run.benchmarkIndex)),
    },
    findings: [...findings.values()],
  };
}
