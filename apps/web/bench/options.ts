import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** apps/web, where the web server is built and run from. */
export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** apps/api, whose built server the pages read from. */
export const API_ROOT = fileURLToPath(new URL('../../api', import.meta.url));
/** Results (and the snapshot of dist the run serves) live under `.data/` (ignored by git). */
export const RESULTS_DIR = fileURLToPath(new URL('../.data/bench', import.meta.url));

export interface BenchOptions {
  /** Rebuild the API and the web app even when their dist folders exist. */
  build: boolean;
  /** Lighthouse runs per page, and LCP loads per page and mode (the median is reported). */
  runs: number;
  /** Seconds measured per autocannon run, after `warmup` seconds that are thrown away. */
  duration: number;
  warmup: number;
  connections: number;
  /** Parts to run (all by default). */
  parts: Set<BenchPart>;
  /** Another built checkout to measure side by side with this one (Lighthouse, main thread). */
  baseline?: string | undefined;
  /** Pages to measure (all by default). */
  pages: Set<BenchPageName>;
}

const BENCH_PARTS = ['lighthouse', 'lcp', 'ssr', 'main-thread'] as const;
const BENCH_PAGES = ['home', 'search', 'tour'] as const;
type BenchPageName = (typeof BENCH_PAGES)[number];
type BenchPart = (typeof BENCH_PARTS)[number];

const HELP = `pnpm bench:web [options]
  --build              rebuild the API and the web app first (default: only when dist is missing)
  --runs N             Lighthouse runs per page and LCP loads per page and mode (default 5)
  --duration S         measured seconds per autocannon run (default 20)
  --warmup S           warm-up seconds before each measured run, thrown away (default 10)
  --connections C      autocannon connections (default 20)
  --only P[,P]         run some parts only: lighthouse, lcp, ssr; main-thread (with --baseline)
  --pages P[,P]        measure some pages only: home, search, tour
  --baseline DIR       Lighthouse and the main thread's work side by side with another built
                       checkout of the repository (both served at once, one navigation at a
                       time, alternating); --only lighthouse or --only main-thread for one
Environment: CHROME_PATH (default /usr/bin/chromium)`;

function positiveInteger(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`--${name} must be a positive whole number (got ${value})`);
  }
  return number;
}

function parsePages(value: string | undefined): Set<BenchPageName> {
  if (value === undefined) return new Set(BENCH_PAGES);
  const pages = value.split(',').map((page) => page.trim());
  for (const page of pages) {
    if (!(BENCH_PAGES as readonly string[]).includes(page)) {
      throw new Error(`--pages takes ${BENCH_PAGES.join(', ')} (got ${page})`);
    }
  }
  return new Set(pages as BenchPageName[]);
}

function parseParts(value: string | undefined): Set<BenchPart> {
  if (value === undefined) return new Set(BENCH_PARTS);
  const parts = value.split(',').map((part) => part.trim());
  for (const part of parts) {
    if (!(BENCH_PARTS as readonly string[]).includes(part)) {
      throw new Error(`--only takes ${BENCH_PARTS.join(', ')} (got ${part})`);
    }
  }
  return new Set(parts as BenchPart[]);
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      build: { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      duration: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      only: { type: 'string' },
      baseline: { type: 'string' },
      pages: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(HELP);
    process.exit(0);
  }
  return {
    build: values.build,
    runs: positiveInteger('runs', values.runs),
    duration: positiveInteger('duration', values.duration),
    warmup: positiveInteger('warmup', values.warmup),
    connections: positiveInteger('connections', values.connections),
    parts: parseParts(values.only),
    baseline: values.baseline,
    pages: parsePages(values.pages),
  };
}
