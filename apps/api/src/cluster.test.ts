import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rendersLandingVideos, restartDelay } from './cluster.ts';

describe('rendersLandingVideos', () => {
  it('lets a single process and the first worker render, and no other worker', () => {
    expect(rendersLandingVideos(undefined)).toBe(true);
    expect(rendersLandingVideos({ id: 1 })).toBe(true);
    expect(rendersLandingVideos({ id: 2 })).toBe(false);
    // A replaced worker gets a new id: it renders nothing in the background.
    expect(rendersLandingVideos({ id: 3 })).toBe(false);
  });
});

describe('restartDelay', () => {
  it('waits a second after a worker that served, doubling per failed start up to 30 s', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 20].map((failed) => restartDelay(failed, 1_000, 30_000));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});

const appRoot = fileURLToPath(new URL('..', import.meta.url));

/** The process ids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(/\s+/).map(Number);
}

async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The real primary over stand-in workers (`src/testing/cluster-fixture.ts`). */
function runCluster(control: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/testing/cluster-fixture.ts'], {
    cwd: appRoot,
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', CLUSTER_FIXTURE_CONTROL: control },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** The primary's JSON log lines. */
  const logged = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; restartInMs?: number });
  const listening = () => /Gallop API listening on (http:\/\/\S+) \(2 workers\)/.exec(stdout)?.[1];
  return { child, exited, logged, listening, output: () => stdout };
}

/**
 * One GET on a connection of its own: 'answered', or 'failed' when the connection was refused or
 * reset; never settles while the server neither answers nor closes it.
 */
function requestOnce(url: string): Promise<'answered' | 'failed'> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve('answered'));
      response.on('error', () => resolve('failed'));
    });
    request.on('error', () => resolve('failed'));
  });
}

async function answer(url: string): Promise<string> {
  const response = await fetch(url, { headers: { connection: 'close' } });
  return response.text();
}

describe('runPrimary (decision 045)', () => {
  let folder: string;
  let control: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'gallop-cluster-'));
    control = path.join(folder, 'control');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('keeps serving while a replacement fails to start, retrying with growing delays', async () => {
    await writeFile(control, 'serve');
    const run = runCluster(control);
    try {
      const url = await waitFor(run.listening, (value) => value !== undefined);
      const primary = run.child.pid!;
      const [first, second] = await waitFor(
        () => childrenOf(primary),
        (pids) => pids.length === 2,
      );

      // The database goes away: a replacement cannot start until it is back.
      await writeFile(control, 'fail');
      process.kill(first!, 'SIGKILL');
      await waitFor(
        () => run.logged().filter((line) => line.msg.includes('before it listened')).length,
        (failures) => failures >= 3,
      );
      // The healthy worker serves throughout, and the primary is still there.
      for (let n = 0; n < 4; n += 1) expect(await answer(url!)).toBe(String(second));
      expect(run.child.exitCode).toBeNull();
      const delays = run
        .logged()
        .filter((line) => line.msg.startsWith('an API worker exited'))
        .map((line) => line.restartInMs);
      // 100 ms after the worker that served, then 200, 400, 400 ... after each failed start.
      expect(delays.slice(0, 4)).toEqual([100, 200, 400, 400].slice(0, delays.length));
      expect(run.logged().every((line) => line.level === 50)).toBe(true);
      // The worker's pid under its own key: `pid` is the primary's, once per line.
      const exitLine = run
        .output()
        .split('\n')
        .find((line) => line.includes('an API worker exited with signal SIGKILL'))!;
      expect(exitLine.match(/"pid":/g)).toHaveLength(1);
      expect(JSON.parse(exitLine)).toMatchObject({ pid: primary, workerPid: first });

      // Back: the next replacement starts, and both serve.
      await writeFile(control, 'serve');
      const replaced = await waitFor(
        async () => new Set(await Promise.all([1, 2, 3, 4, 5, 6].map(() => answer(url!)))),
        (pids) => pids.size === 2,
      );
      expect(replaced).toContain(String(second));
      expect(replaced).not.toContain(String(first));

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 120_000);

  it('ends every request in flight when a worker is killed under load (decision 164)', async () => {
    await writeFile(control, 'serve');
    const run = runCluster(control);
    try {
      const url = await waitFor(run.listening, (value) => value !== undefined);
      const [first] = await waitFor(
        () => childrenOf(run.child.pid!),
        (pids) => pids.length === 2,
      );
      // Each round: 150 connections at once on 20 ms of work each, and a worker killed while
      // they are queued. Under round robin one handed to the dying worker was never answered nor
      // closed. Every request must end: an answer, or a connection error the client can retry.
      const outcomes = Array.from({ length: 150 }, () => requestOnce(`${url!}/busy`));
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(first!, 'SIGKILL');
      const unsettled = Symbol('unsettled');
      const bound = new Promise<typeof unsettled>((resolve) =>
        setTimeout(() => resolve(unsettled), 15_000),
      );
      const settled = await Promise.all(outcomes.map((outcome) => Promise.race([outcome, bound])));
      expect(settled.filter((outcome) => outcome === unsettled)).toHaveLength(0);
      expect(settled).toContain('answered');

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 120_000);

  it('stops, exit 1, when no worker ever listened: the configuration is wrong', async () => {
    await writeFile(control, 'fail');
    const run = runCluster(control);
    try {
      expect(await run.exited).toBe(1);
      expect(run.logged().map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/before any worker listened; stopping$/),
      );
      expect(run.listening()).toBeUndefined();
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 120_000);

  it('stops at once on SIGTERM while it waits to replace a worker', async () => {
    await writeFile(control, 'serve');
    const run = runCluster(control);
    try {
      await waitFor(run.listening, (value) => value !== undefined);
      const [first, second] = await waitFor(
        () => childrenOf(run.child.pid!),
        (pids) => pids.length === 2,
      );
      await writeFile(control, 'fail');
      process.kill(first!, 'SIGKILL');
      process.kill(second!, 'SIGKILL');
      await waitFor(
        () => run.logged().filter((line) => line.msg.includes('before it listened')).length,
        (failures) => failures >= 2,
      );
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 120_000);
});
