import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const setupDom = fileURLToPath(new URL('./setup-dom.js', import.meta.url));

/**
 * Test settings for a Node-only package or app (logic, servers).
 * Spread into `defineProject({ test: { ...nodeProject('name') } })`.
 * @param {string} name project name shown in reports
 */
export function nodeProject(name) {
  return {
    name,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    restoreMocks: true,
  };
}

/**
 * Test settings for React code rendered in happy-dom, with jest-dom matchers.
 * Files share one module graph per worker (`isolate: false`, decision 132): importing React, the
 * kit and the routes again for every file was most of these projects' time. A file that replaces
 * a module (`vi.mock`) belongs in an isolated project of its own (see apps/web).
 * @param {string} name project name shown in reports
 */
export function domProject(name) {
  return {
    name,
    environment: 'happy-dom',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [setupDom],
    restoreMocks: true,
  };
}

/**
 * The test files under `root`'s `folders` that replace a module (`vi.mock`, `vi.doMock`), as
 * paths relative to `root`. They need a module graph of their own (decision 132): a project that
 * shares one per worker leaves them to an isolated project. Read from the files, so a new one
 * cannot be forgotten.
 * @param {string} root the project's folder
 * @param {string[]} folders where its tests live
 */
export function moduleReplacingTests(root, folders) {
  const found = [];
  for (const folder of folders) {
    const base = join(root, folder);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { recursive: true })) {
      const path = String(entry);
      if (!/\.test\.tsx?$/.test(path)) continue;
      if (/\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(base, path), 'utf8'))) {
        found.push(`${folder}/${path}`);
      }
    }
  }
  return found.sort();
}
