import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LcpPage } from './lcp.ts';
import type { LighthousePage } from './lighthouse.ts';
import { RESULTS_DIR } from './options.ts';
import type { LoadResult } from './throughput.ts';

export interface Check {
  target: string;
  measured: string;
  pass: boolean;
}

export interface SsrRun {
  page: LoadResult;
  staticFile: LoadResult;
}

/** Issue 7's targets. */
const TARGETS = {
  performance: 95,
  accessibility: 95,
  bestPractices: 100,
  seo: 100,
  lcpRatio: 1.3,
  ssrVsStatic: 0.4,
  ssrP99Ms: 50,
};

/** Milliseconds as the tables print them. */
export const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A Markdown table. */
export function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function lighthouseChecks(pages: LighthousePage[]): Check[] {
  return pages.flatMap(({ page, median: { scores } }) => [
    {
      target: `${page.name}: Performance ≥ ${TARGETS.performance}`,
      measured: scores.performance.toFixed(0),
      pass: scores.performance >= TARGETS.performance,
    },
    {
      target: `${page.name}: Accessibility ≥ ${TARGETS.accessibility}`,
      measured: scores.accessibility.toFixed(0),
      pass: scores.accessibility >= TARGETS.accessibility,
    },
    {
      target: `${page.name}: Best Practices = ${TARGETS.bestPractices}`,
      measured: scores['best-practices'].toFixed(0),
      pass: scores['best-practices'] >= TARGETS.bestPractices,
    },
    {
      target: `${page.name}: SEO = ${TARGETS.seo}`,
      measured: scores.seo.toFixed(0),
      pass: scores.seo >= TARGETS.seo,
    },
  ]);
}

export function lcpChecks(pages: LcpPage[]): Check[] {
  return pages.map(({ page, median }) => ({
    target: `${page.name}: LCP with JS / without ≤ ${TARGETS.lcpRatio}`,
    measured: median.ratio.toFixed(2),
    pass: median.ratio <= TARGETS.lcpRatio,
  }));
}

export function ssrChecks({ page, staticFile }: SsrRun): Check[] {
  const ratio = page.throughput / staticFile.throughput;
  return [
    {
      target: `tour page throughput ≥ ${TARGETS.ssrVsStatic}× ${staticFile.path}`,
      measured: `${ratio.toFixed(3)}× (${page.throughput.toFixed(1)} / ${staticFile.throughput.toFixed(0)} req/s)`,
      pass: ratio >= TARGETS.ssrVsStatic,
    },
    {
      target: `tour page p99 ≤ ${TARGETS.ssrP99Ms} ms`,
      measured: ms(page.p99),
      pass: page.p99 <= TARGETS.ssrP99Ms,
    },
    {
      target: 'no failed requests (non-2xx, errors, timeouts)',
      measured: `${page.failures} + ${staticFile.failures}`,
      pass: page.failures === 0 && staticFile.failures === 0,
    },
  ];
}

export function lighthouseTable(pages: LighthousePage[]): string {
  return table(
    [
      'page',
      'path',
      'Perf',
      'A11y',
      'BP',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'SI',
      'benchmarkIndex',
    ],
    pages.map(({ page, median: { scores, metrics, benchmarkIndex } }) => [
      page.name,
      `\`${page.path}\``,
      scores.performance.toFixed(0),
      scores.accessibility.toFixed(0),
      scores['best-practices'].toFixed(0),
      scores.seo.toFixed(0),
      ms(metrics.fcp),
      ms(metrics.lcp),
      ms(metrics.tbt),
      metrics.cls.toFixed(3),
      ms(metrics.si),
      benchmarkIndex.toFixed(0),
    ]),
  );
}

export function findingsTable(pages: LighthousePage[], runs: number): string {
  const rows = pages.flatMap(({ page, findings }) =>
    findings.map((finding) => [
      page.name,
      finding.category,
      `${finding.title} (\`${finding.id}\`)`,
      finding.displayValue ?? '',
      `${finding.runs}/${runs}`,
    ]),
  );
  return rows.length === 0
    ? 'No failing audits.'
    : table(['page', 'category', 'audit', 'value', 'runs'], rows);
}

export function lcpTable(pages: LcpPage[]): string {
  return table(
    [
      'page',
      'LCP with JS (median)',
      'LCP without JS (median)',
      'ratio',
      'LCP element',
      'runs with JS',
      'runs without',
    ],
    pages.map(({ page, js, noJs, element, median }) => [
      page.name,
      ms(median.js),
      ms(median.noJs),
      median.ratio.toFixed(2),
      `\`${element}\``,
      js.map((value) => value.toFixed(0)).join(', '),
      noJs.map((value) => value.toFixed(0)).join(', '),
    ]),
  );
}

export function ssrTable(run: SsrRun): string {
  const cpu = (result: LoadResult) =>
    result.cpuMs ? `${result.cpuMs.web.toFixed(2)} / ${result.cpuMs.api.toFixed(2)}` : 'n/a';
  return table(
    [
      'route',
      'req/s',
      'p50',
      'p99',
      'max',
      'answered / sent',
      'failures (non-2xx, timeouts, other errors)',
      'CPU ms per request sent (web / API)',
    ],
    [run.page, run.staticFile].map((result) => [
      `\`${result.path}\``,
      result.throughput.toFixed(1),
      `${result.p50.toFixed(1)} ms`,
      `${result.p99.toFixed(1)} ms`,
      `${result.max.toFixed(0)} ms`,
      `${result.requests} / ${result.sent}`,
      `${result.failures} (${result.failures - result.errors}, ${result.timeouts}, ${result.errors - result.timeouts})`,
      cpu(result),
    ]),
  );
}

export function checksTable(checks: Check[]): string {
  return table(
    ['target', 'measured', 'result'],
    checks.map((check) => [check.target, check.measured, check.pass ? 'pass' : '**FAIL**']),
  );
}

/** Writes `<time>.{md,json}` and `latest.{md,json}` under apps/web/.data/bench/. */
export async function writeReport(
  data: unknown,
  markdown: string,
): Promise<{ json: string; markdown: string }> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z');
  const json = `${JSON.stringify(data, null, 2)}\n`;
  for (const name of [`web-${stamp}`, 'latest']) {
    await writeFile(path.join(RESULTS_DIR, `${name}.json`), json);
    await writeFile(path.join(RESULTS_DIR, `${name}.md`), `${markdown}\n`);
  }
  return {
    json: path.join(RESULTS_DIR, `web-${stamp}.json`),
    markdown: path.join(RESULTS_DIR, `web-${stamp}.md`),
  };
}
