import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = fileURLToPath(new URL('..', import.meta.url));

/**
 * The built Storybook the docs tests open: STORYBOOK_STATIC_DIR (e.g. an older build, to see a
 * test fail), else this app's `storybook-static`, rebuilt when a story, page or config file is
 * newer than it (the `pnpm test` build stage has usually just built it).
 */
export function staticDir(): string {
  const given = process.env.STORYBOOK_STATIC_DIR;
  if (given) return resolve(given);
  const out = join(app, 'storybook-static');
  const built = join(out, 'index.json');
  const sources = [
    join(app, 'src'),
    join(app, '.storybook'),
    join(app, '../../packages/ui-kit/src'),
  ];
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (sources.some((dir) => newestMtime(dir) > builtAt)) {
    const run = spawnSync('pnpm', ['run', 'build'], { cwd: app, stdio: 'inherit' });
    if (run.status !== 0) throw new Error('storybook build failed');
  }
  return out;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
};

/** Serves `root` on a free loopback port; resolves to its base URL and a close function. */
export async function serve(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'docs' | 'story';
}

/** The entries of the built Storybook's index.json. */
export function indexEntries(root: string): IndexEntry[] {
  const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  return Object.values(index.entries);
}
