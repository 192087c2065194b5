/**
 * `pnpm --filter @gallop/api bench:start`: how long the API takes to start on the embedded
 * database (issue 4: created, migrated and seeded on first start, reopened in about a second
 * after that). Starts the built server (`dist/main.js`) on a fresh PGlite folder, then reopens it
 * `--rounds` times; each time is from spawning the process until `/ready` answers 200. The first
 * start is left running until it has rendered the landing videos, as a server's first start does
 * (decision 076): otherwise every reopen would start rendering them again beside its own start.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANDING_VIDEOS } from '#src/modules/media/index.ts';
import { API_ROOT } from './options.ts';
import { writeReport } from './report.ts';
import { LISTENING, readyStatus } from './server.ts';

interface StartTime {
  label: string;
  /** Seconds from spawning until the server printed that it listens. */
  listening: number;
  /** Seconds from spawning until `/ready` answered 200. */
  ready: number;
}

/** The landing videos' folder of the media cache the benchmark's server uses. */
const mediaCacheDir = join(API_ROOT, '.data', 'bench-start-media');
const VIDEO_FILES = LANDING_VIDEOS.length * 2;

/** Whether every landing video (small and large) is rendered, none half-way. */
function videosRendered(): boolean {
  const files = existsSync(join(mediaCacheDir, 'videos'))
    ? readdirSync(join(mediaCacheDir, 'videos'))
    : [];
  const done = files.filter((file) => file.endsWith('.mp4')).length;
  return done >= VIDEO_FILES && !files.some((file) => file.endsWith('.tmp'));
}

/** Waits (at most `ms`) for the running server to render the landing videos. */
async function waitForVideos(ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (!videosRendered()) {
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return true;
}

/**
 * One start of the server on `dataDir`, stopped again once ready (and once `beforeStop`, given,
 * has settled).
 */
async function timeStart(
  label: string,
  dataDir: string,
  beforeStop?: () => Promise<unknown>,
): Promise<StartTime> {
  const began = performance.now();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      // Empty counts as unset (src/env.ts): the embedded database, in-memory cache.
      DATABASE_URL: '',
      REDIS_URL: '',
      PGLITE_DIR: dataDir,
      MEDIA_CACHE_DIR: mediaCacheDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The first start seeds the demo catalogue into the fresh folder (measured too).
      DEMO_DATA: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = LISTENING.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`the API exited with ${code}:\n${output}`)));
    });
    const listening = performance.now();
    while ((await readyStatus(url)) !== 200) {
      if (performance.now() - began > 300_000) throw new Error(`${url} was not ready in 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ready = performance.now();
    await beforeStop?.();
    return { label, listening: (listening - began) / 1000, ready: (ready - began) / 1000 };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
}

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' } },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  throw new Error(`--rounds must be a positive whole number (got ${values.rounds})`);
}
if (!existsSync(join(API_ROOT, 'dist', 'main.js'))) {
  throw new Error('dist/main.js is missing: run `pnpm --filter @gallop/api build` first');
}

const dataDir = join(API_ROOT, '.data', 'bench-start');
rmSync(dataDir, { recursive: true, force: true });
rmSync(mediaCacheDir, { recursive: true, force: true });
let videos = false;
const times = [
  await timeStart('first start (create, migrate, seed)', dataDir, async () => {
    console.info('waiting for the first start to render the landing videos (about a minute)');
    videos = await waitForVideos(300_000);
  }),
];
for (let round = 1; round <= rounds; round += 1) {
  times.push(await timeStart(`reopen ${round}`, dataDir));
}
rmSync(dataDir, { recursive: true, force: true });
rmSync(mediaCacheDir, { recursive: true, force: true });

const reopens = times.slice(1).map((time) => time.ready);
const median = [...reopens].sort((a, b) => a - b)[Math.floor((reopens.length - 1) / 2)]!;
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
const markdown = [
  `# API start on the embedded database (${new Date().toISOString()})`,
  `${machine}; load average before: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')}.`,
  '',
  '| start | listening | ready |',
  '| --- | --- | --- |',
  ...times.map(
    (time) => `| ${time.label} | ${time.listening.toFixed(2)} s | ${time.ready.toFixed(2)} s |`,
  ),
  '',
  `Reopen, median of ${reopens.length}: ${median.toFixed(2)} s to ready.`,
  videos
    ? 'The landing videos were rendered by the first start, as on a server.'
    : 'The landing videos were not rendered in 5 minutes: each reopen also started rendering them.',
].join('\n');
const files = await writeReport('start', { machine, times }, markdown);
console.info(`${markdown}\n\nwritten to ${files.markdown}`);
