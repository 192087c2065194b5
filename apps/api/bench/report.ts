import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadResult } from './load.ts';
import { modeLabel, RESULTS_DIR, type SearchMode } from './options.ts';
import { scaleSteps, type ScaleMeasurement, type ScaleStep } from './scale.ts';
import { ratiosOverBase, type SideBySide, type VariantMeasurement } from './side-by-side.ts';

/** The issue's targets (issue 4, Performance). */
const TARGETS = {
  postgresP95Ms: 30,
  postgresP99Ms: 60,
  throughputRatio: 0.5,
  pgliteP95Ms: 100,
  scaleGrowth: 3,
} as const;

export interface TargetCheck {
  target: string;
  measured: string;
  pass: boolean;
}

export interface DatabaseRun {
  database: 'postgres' | 'pglite';
  tours: number;
  /** Share of the requests sent as fresh searches (`--fresh`). */
  fresh: number;
  /** The search mix with the response cache on (warm) and/or off (cold). */
  searches: { cache: SearchMode; result: LoadResult }[];
  health: LoadResult;
  /** Variants measured side by side (`--passport`, `--map`), each as its report section. */
  sideBySide?: { title: string; table: string }[] | undefined;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function checkRun(run: DatabaseRun): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const { cache, result: search } of run.searches) {
    const label = modeLabel(cache, run.fresh);
    const ratio = search.throughput / run.health.throughput;
    if (run.database === 'postgres') {
      checks.push(
        {
          target: `PostgreSQL p95 ≤ ${TARGETS.postgresP95Ms} ms (${label})`,
          measured: ms(search.p95),
          pass: search.p95 <= TARGETS.postgresP95Ms,
        },
        {
          target: `PostgreSQL p99 ≤ ${TARGETS.postgresP99Ms} ms (${label})`,
          measured: ms(search.p99),
          pass: search.p99 <= TARGETS.postgresP99Ms,
        },
        {
          target: `search throughput ≥ ${TARGETS.throughputRatio}× /health (${label})`,
          measured: `${ratio.toFixed(2)}× (${search.throughput.toFixed(0)} vs ${run.health.throughput.toFixed(0)} req/s)`,
          pass: ratio >= TARGETS.throughputRatio,
        },
      );
    } else {
      checks.push({
        target: `PGlite p95 ≤ ${TARGETS.pgliteP95Ms} ms (${label})`,
        measured: ms(search.p95),
        pass: search.p95 <= TARGETS.pgliteP95Ms,
      });
    }
  }
  // A run with errors measured something else than the search.
  const failures =
    run.health.failures + run.searches.reduce((sum, { result }) => sum + result.failures, 0);
  checks.push({
    target: `${run.database}: every answer 2xx`,
    measured: `${failures} failures`,
    pass: failures === 0,
  });
  return checks;
}

export function checkScale(measured: ScaleMeasurement[]): TargetCheck[] {
  if (new Set(measured.map((point) => point.tours)).size < 2) return [];
  const growth = (step: ScaleStep) =>
    `${step.median.toFixed(2)}× median of ${step.perRound.map((ratio) => `${ratio.toFixed(2)}×`).join(', ')}`;
  return [
    ...scaleSteps(measured).map((step) => ({
      target: `p95 growth ${step.from} → ${step.to} tours ≤ ${TARGETS.scaleGrowth}×`,
      measured: growth(step),
      pass: step.median <= TARGETS.scaleGrowth,
    })),
    {
      target: 'every answer 2xx',
      measured: `${measured.reduce((sum, point) => sum + point.search.failures, 0)} failures`,
      pass: measured.every((point) => point.search.failures === 0),
    },
  ];
}

function table(headers: string[], rows: string[][]): string {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function runsTable(runs: DatabaseRun[]): string {
  return table(
    [
      'database',
      'tours',
      'route',
      'requests',
      'req/s',
      'p50',
      'p95',
      'p99',
      'max',
      'failures',
      'CPU ms/request (API / PostgreSQL / load generator)',
    ],
    runs.flatMap((run) =>
      [
        ...run.searches.map(
          ({ cache, result }) =>
            [`/spa/tours mix, ${modeLabel(cache, run.fresh)}`, result] as const,
        ),
        ['/health', run.health] as const,
      ].map(([route, result]) => {
        return [
          run.database,
          String(run.tours),
          route,
          String(result.requests),
          result.throughput.toFixed(0),
          ms(result.p50),
          ms(result.p95),
          ms(result.p99),
          ms(result.max),
          String(result.failures),
          cpuCell(result),
        ];
      }),
    ),
  );
}

function cpuCell(result: LoadResult): string {
  return result.cpu
    ? `${result.cpu.serverMs.toFixed(3)} / ${result.cpu.postgresMs.toFixed(3)} / ${result.cpu.generatorMs.toFixed(3)}`
    : 'n/a';
}

export function kindsTable(result: LoadResult): string {
  return table(
    ['query kind', 'requests', 'p50', 'p95', 'p99', 'max'],
    Object.entries(result.byKind)
      .sort(([, a], [, b]) => b.p95 - a.p95)
      .map(([kind, summary]) => [
        kind,
        String(summary.requests),
        ms(summary.p50),
        ms(summary.p95),
        ms(summary.p99),
        ms(summary.max),
      ]),
  );
}

/** The columns of one measured load: requests, rate, percentiles and CPU. */
const LOAD_COLUMNS = [
  'requests',
  'req/s',
  'p50',
  'p95',
  'p99',
  'CPU ms/request (API / PostgreSQL / load generator)',
];

function loadCells(result: LoadResult): string[] {
  return [
    String(result.requests),
    result.throughput.toFixed(0),
    ms(result.p50),
    ms(result.p95),
    ms(result.p99),
    cpuCell(result),
  ];
}

/**
 * Variants side by side: every variant of every round, then each variant's p95 over the same
 * round's base (the first variant), per round and their median.
 */
export function sideBySideTable<Variant extends string>(
  comparison: SideBySide<Variant>,
  measured: VariantMeasurement<Variant>[],
): string {
  const { labels, variants } = comparison;
  const runs = table(
    ['mode', 'round', 'variant', ...LOAD_COLUMNS],
    measured.map((point) => [
      modeLabel(point.cache),
      String(point.round),
      labels[point.variant],
      ...loadCells(point.result),
    ]),
  );
  const ratios = table(
    ['mode', 'variant', `p95 / p95 of ${labels[variants[0]]}, per round`, 'median'],
    ratiosOverBase(measured, variants).map((ratio) => [
      modeLabel(ratio.cache),
      labels[ratio.variant],
      ratio.perRound.map((value) => `${value.toFixed(2)}×`).join(', '),
      `${ratio.median.toFixed(2)}×`,
    ]),
  );
  return `${runs}\n\n${ratios}`;
}

export function scaleTable(measured: ScaleMeasurement[]): string {
  return table(
    ['round', 'tours', ...LOAD_COLUMNS],
    measured.map((point) => [String(point.round), String(point.tours), ...loadCells(point.search)]),
  );
}

export function checksTable(checks: TargetCheck[]): string {
  return table(
    ['target', 'measured', 'result'],
    checks.map((check) => [check.target, check.measured, check.pass ? 'pass' : '**FAIL**']),
  );
}

/** Writes `<name>.json` and `<name>.md` (and `latest-<mode>.*`) under `.data/bench/`. */
export async function writeReport(
  mode: string,
  data: unknown,
  markdown: string,
): Promise<{ json: string; markdown: string }> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  const base = join(RESULTS_DIR, `${mode}-${stamp}`);
  const json = JSON.stringify(data, null, 2);
  await Promise.all([
    writeFile(`${base}.json`, json),
    writeFile(`${base}.md`, markdown),
    writeFile(join(RESULTS_DIR, `latest-${mode}.json`), json),
    writeFile(join(RESULTS_DIR, `latest-${mode}.md`), markdown),
  ]);
  return { json: `${base}.json`, markdown: `${base}.md` };
}
