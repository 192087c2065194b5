/**
 * `pnpm bench:web`: issue 7's performance part. See bench/README.md.
 * Starts the built API and web server, runs Lighthouse (mobile), the LCP-with/without-JavaScript
 * comparison and autocannon on the SSR tour page next to a static file; timings live here,
 * never in tests. Exits 1 when a target is missed, after printing every result.
 */
import os from 'node:os';
import { measureLcp, type LcpPage } from './lcp.ts';
import { runLighthouse, type LighthousePage } from './lighthouse.ts';
import { parseOptions } from './options.ts';
import { discoverPages } from './pages.ts';
import {
  checksTable,
  findingsTable,
  lcpChecks,
  lcpTable,
  lighthouseChecks,
  lighthouseTable,
  ssrChecks,
  ssrTable,
  writeReport,
  type Check,
  type SsrRun,
} from './report.ts';
import { ensureBuilt, snapshotWebDist, startServers } from './servers.ts';
import { runSideBySide } from './side-by-side.ts';
import { loadAverage } from './stats.ts';
import { measureRoute } from './throughput.ts';

/** A static file the web server serves from dist/client: the baseline for SSR throughput. */
const STATIC_PATH = '/favicon.svg';

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`;
}

const options = parseOptions(process.argv.slice(2));
await ensureBuilt(options.build);
if (options.baseline !== undefined) {
  process.exit(await runSideBySide(options, options.baseline));
}
const webDist = await snapshotWebDist();
const loadBefore = loadAverage();
const startedAt = new Date().toISOString();
const servers = await startServers(webDist);
console.info(
  `API (pid ${servers.api.pid}) on ${servers.api.url}, web (pid ${servers.web.pid}) on ${servers.web.url}`,
);

let lighthouse: LighthousePage[] = [];
let lcp: LcpPage[] = [];
let ssr: SsrRun | undefined;
try {
  const allPages = await discoverPages(servers.api.url, servers.web.url);
  const pages = allPages.filter((page) => options.pages.has(page.name));
  console.info(`Pages: ${pages.map((page) => `${page.name} ${page.path}`).join(', ')}`);
  if (options.parts.has('lighthouse')) {
    console.info(`Lighthouse (mobile), ${options.runs} runs per page:`);
    lighthouse = await runLighthouse(servers.web.url, pages, options.runs);
  }
  if (options.parts.has('lcp')) {
    console.info(`LCP with and without JavaScript, ${options.runs} loads per page and mode:`);
    lcp = await measureLcp(servers.web.url, pages, options.runs);
  }
  if (options.parts.has('ssr')) {
    const tour = allPages.find((page) => page.name === 'tour')!;
    const measure = async (path: string) => {
      console.info(
        `  autocannon ${path}: ${options.warmup} s warm-up, ${options.duration} s at ${options.connections} connections`,
      );
      return measureRoute({
        webUrl: servers.web.url,
        path,
        connections: options.connections,
        warmup: options.warmup,
        duration: options.duration,
        pids: { web: servers.web.pid, api: servers.api.pid },
      });
    };
    console.info('SSR throughput:');
    ssr = { page: await measure(tour.path), staticFile: await measure(STATIC_PATH) };
  }
} finally {
  await servers.stop();
}

const checks: Check[] = [
  ...lighthouseChecks(lighthouse),
  ...lcpChecks(lcp),
  ...(ssr ? ssrChecks(ssr) : []),
];
const loadAfter = loadAverage();
const markdown = [
  `# Web benchmark (${startedAt})`,
  `${machine()}; load average (1, 5, 15 min) ${loadBefore} at start, ${loadAfter} at end.`,
  ...(lighthouse.length > 0
    ? [
        '',
        `## Lighthouse 12, mobile, median of ${options.runs} runs`,
        '',
        lighthouseTable(lighthouse),
        '',
        '### Audits not passing (performance: score < 0.9)',
        '',
        findingsTable(lighthouse, options.runs),
      ]
    : []),
  ...(lcp.length > 0
    ? [
        '',
        `## LCP with and without JavaScript (mobile, slow 4G, 4× CPU), median of ${options.runs} loads`,
        '',
        lcpTable(lcp),
      ]
    : []),
  ...(ssr
    ? [
        '',
        `## SSR throughput (${options.connections} connections, ${options.warmup} s warm-up, ${options.duration} s)`,
        '',
        ssrTable(ssr),
      ]
    : []),
  '',
  '## Targets',
  '',
  checksTable(checks),
].join('\n');
const files = await writeReport(
  {
    startedAt,
    machine: machine(),
    loadBefore,
    loadAfter,
    options: { ...options, parts: [...options.parts] },
    lighthouse,
    lcp,
    ssr,
    checks,
  },
  markdown,
);
const passed = checks.every((check) => check.pass);
console.info(`\n${markdown}\n\nwritten to ${files.markdown} and ${files.json}`);
console.info(passed ? '\nall targets met' : '\nsome targets missed (see FAIL above)');
process.exitCode = passed ? 0 : 1;
