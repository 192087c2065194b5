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
 * @param {string} name project name shown in reports
 */
export function domProject(name) {
  return {
    name,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [setupDom],
    restoreMocks: true,
  };
}
