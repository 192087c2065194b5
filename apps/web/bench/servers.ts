import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_ROOT, WEB_ROOT } from './options.ts';

export interface BenchProcess {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Where a checkout's web app and API live (this one, or the baseline of a side-by-side run). */
export interface CheckoutRoots {
  web: string;
  api: string;
}

/** The apps of another checkout of the repository, which must be built already. */
export function baselineRoots(checkout: string): CheckoutRoots {
  const roots = {
    web: path.resolve(checkout, 'apps/web'),
    api: path.resolve(checkout, 'apps/api'),
  };
  if (!isBuilt(roots.web, WEB_DIST_FILES) || !isBuilt(roots.api, API_DIST_FILES)) {
    throw new Error(
      `${checkout} is not built: run \`pnpm exec turbo run build --filter=@gallop/api --filter=@gallop/web\` there first`,
    );
  }
  return roots;
}

/** Files a usable build has; a build another process is writing lacks some of them. */
const WEB_DIST_FILES = ['server.js', 'server/entry-server.js', 'client/.vite/manifest.json'];
const API_DIST_FILES = ['main.js'];

function isBuilt(root: string, files: string[]): boolean {
  return files.every((file) => existsSync(path.join(root, 'dist', file)));
}

/** Builds the API and the web app (and the packages they need) with turbo when asked or missing. */
export async function ensureBuilt(force: boolean): Promise<void> {
  if (!force && isBuilt(WEB_ROOT, WEB_DIST_FILES) && isBuilt(API_ROOT, API_DIST_FILES)) return;
  console.info('Building @gallop/api and @gallop/web (turbo) ...');
  const child = spawn(
    'pnpm',
    ['exec', 'turbo', 'run', 'build', '--filter=@gallop/api', '--filter=@gallop/web'],
    { cwd: WEB_ROOT, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the build failed (exit ${code})`);
  if (!isBuilt(WEB_ROOT, WEB_DIST_FILES) || !isBuilt(API_ROOT, API_DIST_FILES)) {
    throw new Error('the build finished but dist is incomplete');
  }
}

/** Every file under `dir` with its size and modification time: changes while a build writes. */
function signature(dir: string): string {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stats = statSync(file);
      return `${path.relative(dir, file)}:${stats.size}:${stats.mtimeMs}`;
    });
  return entries.sort().join('\n');
}

/**
 * Copies apps/web/dist into .data/bench/dist and serves that copy, so a rebuild by someone else
 * during the run (assets with new hashes) cannot change what is measured. It waits until dist is
 * complete and has not changed for 5 s (the precompressed `.br`/`.gz` files are written last).
 * The copy stays inside apps/web, so the server's packages resolve from apps/web/node_modules.
 */
export async function snapshotWebDist(webRoot: string = WEB_ROOT): Promise<string> {
  const source = path.join(webRoot, 'dist');
  // Inside the checkout's apps/web (RESULTS_DIR for this one), so its packages resolve there.
  const target = path.join(webRoot, '.data', 'bench', 'dist');
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (isBuilt(webRoot, WEB_DIST_FILES)) {
      const before = signature(source);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      if (isBuilt(webRoot, WEB_DIST_FILES) && signature(source) === before) {
        rmSync(target, { recursive: true, force: true });
        cpSync(source, target, { recursive: true });
        if (signature(source) === before) return target;
      }
    }
    console.info(`${source} is being written (a build running?): waiting ...`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  throw new Error('apps/web/dist did not settle within 5 minutes');
}

/** A free loopback port (asked of the OS, then released for the server to take). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitUntilReady(
  child: ChildProcess,
  readyUrl: string,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`exited with ${child.exitCode} before answering:\n${log()}`);
    }
    try {
      const response = await fetch(readyUrl);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${readyUrl} did not answer within 180 s:\n${log()}`);
}

/** Starts `node <script>` with `env`, waits until `readyPath` answers 2xx. */
async function startNode(options: {
  name: string;
  script: string;
  cwd: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
}): Promise<BenchProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [options.script], {
    cwd: options.cwd,
    env: {
      ...process.env,
      ...options.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[${options.name}] ${chunk.toString()}`);
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  try {
    await waitUntilReady(child, new URL(options.readyPath, url).href, () => output);
  } catch (error) {
    await stop();
    throw new Error(`${options.name}: ${(error as Error).message}`, { cause: error });
  }
  return { name: options.name, url, pid: child.pid!, stop };
}

/**
 * The built API on a throwaway in-memory PGlite database seeded with the demo catalogue (as the
 * e2e tests run it), and the built web server in front of it. PUBLIC_URL is the web server's own
 * address so canonical links are absolute and on the page's origin, as in production.
 */
export async function startServers(
  webDist: string,
  roots: CheckoutRoots = { web: WEB_ROOT, api: API_ROOT },
): Promise<{
  api: BenchProcess;
  web: BenchProcess;
  stop(): Promise<void>;
}> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const webUrl = `http://127.0.0.1:${webPort}`;
  const api = await startNode({
    name: 'api',
    script: 'dist/main.js',
    cwd: roots.api,
    port: apiPort,
    env: {
      PGLITE_DIR: 'memory://',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      WEB_ORIGIN: webUrl,
      PUBLIC_URL: webUrl,
    },
    readyPath: '/health',
  });
  try {
    const web = await startNode({
      name: 'web',
      script: path.join(webDist, 'server.js'),
      cwd: roots.web,
      port: webPort,
      env: { API_URL: api.url, PUBLIC_URL: webUrl },
      readyPath: '/healthz',
    });
    return {
      api,
      web,
      async stop() {
        await web.stop();
        await api.stop();
      },
    };
  } catch (error) {
    await api.stop();
    throw error;
  }
}
