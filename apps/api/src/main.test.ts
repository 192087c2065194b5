import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { expectContractResponse, fromFetch } from '#src/testing/contract.ts';
import { createEmptyDatabase } from '#src/testing/empty-database.ts';

const appRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `src/main.ts` the way `pnpm dev` does (through tsx), with the given environment (and
 * `imports`: modules Node loads first, e.g. `src/testing/record-modules.mjs`).
 */
function runMain(env: Record<string, string>, imports: string[] = []) {
  const preloads = ['tsx', ...imports].flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...preloads, 'src/main.ts'], {
    cwd: appRoot,
    // A throwaway in-memory database: the test must not seed the developer's data folder.
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', PGLITE_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Gallop API listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`main exited early:\n${stderr}`)));
  });
  listening.catch(() => {}); // only some tests wait for it; the others check the exit instead
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

/** The JSON lines of a log (the API logs nothing else but its listening line). */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('main', () => {
  it('exits 1 and names each bad variable when the environment is invalid', async () => {
    const run = runMain({ PORT: 'eighty', LOG_LEVEL: 'chatty' });
    expect(await run.exited).toBe(1);
    const { stderr, stdout } = run.output();
    expect(stderr).toContain('Invalid environment');
    expect(stderr).toMatch(/PORT: .*"eighty"/);
    expect(stderr).toMatch(/LOG_LEVEL: .*"chatty"/);
    expect(stdout).not.toContain('listening');
  }, 20_000);

  it('exits 1 with the reason when the embedded database cannot be opened', async () => {
    // The open starts before the app's modules load (decision 071); its failure still ends the
    // start with the reason, not as an unhandled rejection while the modules load.
    const run = runMain({ PGLITE_DIR: '/dev/null/pglite' });
    expect(await run.exited).toBe(1);
    const { stderr, stdout } = run.output();
    // One fatal line in the JSON log, the reason first (the error and its stack beside it).
    expect(logLines(stdout)).toEqual([
      expect.objectContaining({
        level: 60,
        msg: expect.stringMatching(/^the API could not start: ENOTDIR/),
      }),
    ]);
    expect(`${stdout}${stderr}`).not.toMatch(/unhandled/i);
    expect(stderr).toBe('');
  }, 20_000);

  it('exits 1 with one line naming the cause when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 1. The password must not reach the log.
    const url = 'postgres://gallop:hunter2@127.0.0.1:1/gallop';
    for (const workers of ['1', '2']) {
      const run = runMain({ DATABASE_URL: url, API_WORKERS: workers });
      expect(await run.exited).toBe(1);
      const { stderr, stdout } = run.output();
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(logLines(stdout)).toEqual([
        expect.objectContaining({
          level: 60,
          msg: 'cannot connect to PostgreSQL at 127.0.0.1:1: connection refused',
        }),
      ]);
      expect(stderr).toBe('');
      expect(stdout).not.toMatch(/hunter2|Failed query|params/);
    }
  }, 40_000);

  it('refuses a DATABASE_URL of another database in the settings check', async () => {
    const run = runMain({ DATABASE_URL: 'mysql://gallop:hunter2@127.0.0.1:3306/gallop' });
    expect(await run.exited).toBe(1);
    const { stderr, stdout } = run.output();
    expect(stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL\n');
    expect(`${stdout}${stderr}`).not.toContain('hunter2');
    expect(stdout).toBe('');
  }, 20_000);

  it('prints where it listens, serves, and exits 0 on SIGTERM', async () => {
    const run = runMain({ PORT: '0', HOST: '127.0.0.1' });
    try {
      const url = await run.listening;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expectContractResponse(await fromFetch(await fetch(`${url}/health`)), 'getHealth');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
    // A start migrates and seeds a fresh in-memory catalogue through tsx: seconds alone, far
    // more while the rest of the suite loads both cores.
  }, 60_000);
});

describe('main on SIGTERM (decision 164)', () => {
  it('answers /ready 503 through the grace while still serving, closing each connection', async () => {
    const run = runMain({ PORT: '0', HOST: '127.0.0.1', SHUTDOWN_GRACE_MS: '1500' });
    try {
      const url = await run.listening;
      expect((await fetch(`${url}/ready`)).status).toBe(200);
      run.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The grace: probes say it is going, requests are still answered, each on its last use of
      // its connection (a keep-alive client opens its next one elsewhere).
      const ready = await fetch(`${url}/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('connection')).toBe('close');
      const tours = await fetch(`${url}/spa/tours`);
      expect(tours.status).toBe(200);
      expect(tours.headers.get('connection')).toBe('close');
      expect(run.child.exitCode).toBeNull();
      expect(await run.exited).toBe(0);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('main without DEMO_DATA=on (decision 105)', () => {
  // The demo package's folder (apps/api-demo), as the module URLs name it.
  const demoPackage = pathToFileURL(
    path.dirname(path.dirname(createRequire(import.meta.url).resolve('@gallop/api-demo'))),
  ).href;

  it('loads no module of the demo package, and draws no picture', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'gallop-modules-'));
    const log = path.join(folder, 'modules.log');
    const run = runMain(
      { PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off', GALLOP_RECORD_MODULES: log },
      ['./src/testing/record-modules.mjs'],
    );
    try {
      const url = await run.listening;
      // The catalogue and the media routes run; neither loads the demo.
      expect((await fetch(`${url}/spa/tours`)).status).toBe(200);
      expect((await fetch(`${url}/media/generated/landscape/7/185x122.jpg`)).status).toBe(404);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      const modules = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
      // The log does see the API's own TypeScript modules, so an empty match below means something.
      expect(modules).toContain(pathToFileURL(path.join(appRoot, 'src/server.ts')).href);
      expect(modules.filter((module) => module.startsWith(`${demoPackage}/`))).toEqual([]);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The `./x.js` files a built module imports: statically, and through `import()`. */
function importsOf(folder: string, file: string) {
  const code = readFileSync(path.join(folder, file), 'utf8');
  const names = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[1]!);
  return {
    code,
    static: names(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g),
    dynamic: names(/import\("\.\/([\w.-]+\.js)"\)/g),
  };
}

const dist = path.join(appRoot, 'dist');

// The built server (`pnpm build`; `pnpm test` builds first): skipped when there is none.
describe.runIf(existsSync(path.join(dist, 'main.js')))('the build (decision 105)', () => {
  it('keeps the demo in dist/demo.js, which the server reaches by one dynamic import only', () => {
    const files = readdirSync(dist).filter((file) => file.endsWith('.js'));
    const graph = new Map(files.map((file) => [file, importsOf(dist, file)]));
    expect([...graph.values()].filter((module) => module.static.includes('demo.js'))).toEqual([]);
    expect(files.filter((file) => graph.get(file)!.dynamic.includes('demo.js'))).toHaveLength(1);
    // Everything main.js may load, static or dynamic, but for that one import: no seed, no drawing.
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (file === 'demo.js' || reached.has(file)) return;
      reached.add(file);
      const module = graph.get(file)!;
      for (const next of [...module.static, ...module.dynamic]) visit(next);
    };
    visit('main.js');
    expect(reached.size).toBeGreaterThan(3);
    for (const file of reached) {
      const { code } = graph.get(file)!;
      expect(code, file).not.toContain('"seed complete"');
      expect(code, file).not.toContain('function drawLandscape(');
    }
    const demo = graph.get('demo.js')!.code;
    expect(demo).toContain('"seed complete"');
    expect(demo).toContain('function drawLandscape(');
  });
});

/** The PostgreSQL suite's database (`vitest.postgres.config.ts`); workers need PostgreSQL. */
const postgresUrl =
  process.env['GALLOP_TEST_DATABASE'] === 'postgres' ? process.env['DATABASE_URL'] : undefined;

/** The process ids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(/\s+/).map(Number);
}

/** A port nothing listens on right now (the metrics port must be known before the start). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('main with API_WORKERS (decision 045)', () => {
  it('refuses several workers over the embedded database', async () => {
    const run = runMain({ API_WORKERS: '2' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(/API_WORKERS: above 1 needs DATABASE_URL/);
    expect(run.output().stdout).not.toContain('listening');
  }, 20_000);

  it.runIf(postgresUrl)(
    'serves from two workers, replaces one that dies, and stops them all on SIGTERM',
    async () => {
      const run = runMain({
        PORT: '0',
        HOST: '127.0.0.1',
        API_WORKERS: '2',
        DATABASE_URL: postgresUrl!,
      });
      try {
        const url = await run.listening;
        expect(run.output().stdout).toContain(`Gallop API listening on ${url} (2 workers)`);
        const primary = run.child.pid!;
        const [first, second] = childrenOf(primary);
        expect([first, second].every((pid) => Number.isInteger(pid))).toBe(true);
        expectContractResponse(await fromFetch(await fetch(`${url}/health`)), 'getHealth');
        // Long-polling would reach a worker that does not know its session: refused at the
        // handshake, before any session exists (decision 164).
        const polling = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
        expect(polling.status).toBe(400);
        expect(await polling.json()).toEqual({ code: 0, message: 'Transport unknown' });

        process.kill(first!, 'SIGKILL');
        const replaced = await waitFor(
          () => childrenOf(primary),
          (pids) => pids.length === 2 && !pids.includes(first!),
        );
        expect(replaced).toContain(second);
        // The primary logs as the workers do: JSON lines.
        expect(logLines(run.output().stdout)).toContainEqual(
          expect.objectContaining({
            level: 50,
            msg: 'an API worker exited with signal SIGKILL; starting another in 1000 ms',
          }),
        );
        // The replacement serves too: every connection (a new one each) is answered.
        for (let n = 0; n < 4; n += 1) {
          const response = await fetch(`${url}/ready`, { headers: { connection: 'close' } });
          expect(response.status).toBe(200);
        }

        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    },
    90_000,
  );

  it.runIf(postgresUrl)(
    'answers one metrics scrape for both workers from the primary (decision 170)',
    async () => {
      const metricsPort = await freePort();
      // At info: each worker's "request completed" lines say which one answered.
      const run = runMain({
        PORT: '0',
        HOST: '127.0.0.1',
        API_WORKERS: '2',
        DATABASE_URL: postgresUrl!,
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      });
      try {
        const url = await run.listening;
        const answered = () =>
          logLines(run.output().stdout)
            .filter((line) => line['msg'] === 'request completed')
            .map((line) => line['pid']);
        // New connections, several at once, until both workers have answered some.
        let sent = 0;
        while (new Set(answered()).size < 2 && sent < 400) {
          const batch = Array.from({ length: 10 }, () =>
            fetch(`${url}/health`, { headers: { connection: 'close' } }),
          );
          for (const response of await Promise.all(batch)) expect(response.status).toBe(200);
          sent += batch.length;
          await waitFor(answered, (pids) => pids.length === sent);
        }
        expect(new Set(answered()).size).toBe(2);

        const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(scrape.status).toBe(200);
        const text = await scrape.text();
        // Both workers' requests in one sample, and one reading of the database gauges.
        expect(text).toContain(
          `gallop_http_request_duration_seconds_count{method="GET",route="/health",status_class="2xx"} ${sent}\n`,
        );
        expect(text).toContain('gallop_api_workers_listening 2\n');
        expect(text).toContain('gallop_db_pool_max_connections 20\n');
        expect(text).toMatch(/^gallop_bookings_awaiting_organizer\{deadline="ahead"\} \d+$/m);
        // Never on the public port.
        expect((await fetch(`${url}/metrics`)).status).toBe(404);

        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    },
    90_000,
  );

  it.runIf(postgresUrl)(
    'keeps serving through a database outage that fails a replacement, then replaces it',
    async () => {
      const database = await createEmptyDatabase('cluster_outage');
      const name = new URL(database.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      // At info: the workers' "Server listening" lines say which one started.
      const run = runMain({
        PORT: '0',
        HOST: '127.0.0.1',
        API_WORKERS: '2',
        DATABASE_URL: database.url,
        LOG_LEVEL: 'info',
      });
      try {
        const url = await run.listening;
        const primary = run.child.pid!;
        const [first, second] = childrenOf(primary);

        // The database goes away (as in a failover), and a worker dies meanwhile.
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        process.kill(first!, 'SIGKILL');
        const failedStarts = () =>
          logLines(run.output().stdout).filter(
            (line) => line['level'] === 50 && String(line['msg']).includes('before it listened'),
          );
        await waitFor(failedStarts, (lines) => lines.length >= 1, 60_000);
        // The replacement said why in one line; the primary and the other worker stay.
        expect(logLines(run.output().stdout)).toContainEqual(
          expect.objectContaining({
            level: 60,
            msg: expect.stringMatching(/^cannot connect to PostgreSQL at [^:]+:\d+: database /),
          }),
        );
        expect(run.child.exitCode).toBeNull();
        expect(childrenOf(primary)).toContain(second);
        expect((await fetch(`${url}/health`, { headers: { connection: 'close' } })).status).toBe(
          200,
        );

        // Back: the next replacement (1 s, then 2 s, 4 s ... apart) starts, and both serve.
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        const listeningPids = () =>
          logLines(run.output().stdout)
            .filter((line) => line['msg'] === `Server listening at ${url}`)
            .map((line) => line['pid']);
        // The replacement comes after the delay it was given (up to the primary's longest, 30 s,
        // when the outage lasted through several failed starts) and a worker's start, which on
        // a busy 2-core machine running the suite takes tens of seconds.
        await waitFor(listeningPids, (pids) => pids.length >= 3, 30_000 + 60_000).catch(
          (error: Error) => {
            const tail = run.output().stdout.split('\n').slice(-15).join('\n');
            throw new Error(`${error.message}\nthe cluster's last lines:\n${tail}`);
          },
        );
        expect(childrenOf(primary)).toHaveLength(2);
        for (let n = 0; n < 4; n += 1) {
          const response = await fetch(`${url}/ready`, { headers: { connection: 'close' } });
          expect(response.status).toBe(200);
        }
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => {});
        await admin.end();
        await database.drop();
      }
    },
    240_000,
  );

  it.runIf(postgresUrl)(
    'names a role PostgreSQL does not know, in one line',
    async () => {
      const url = new URL(postgresUrl!);
      url.username = 'gallop_no_such_role';
      url.password = 'hunter2';
      const run = runMain({ DATABASE_URL: url.href });
      expect(await run.exited).toBe(1);
      const { stdout } = run.output();
      expect(logLines(stdout)).toEqual([
        expect.objectContaining({
          level: 60,
          msg: expect.stringMatching(
            /^cannot connect to PostgreSQL at [^:]+:\d+: (role "gallop_no_such_role" does not exist|password authentication failed for user "gallop_no_such_role")$/,
          ),
        }),
      ]);
      expect(stdout).not.toContain('hunter2');
    },
    20_000,
  );
});
