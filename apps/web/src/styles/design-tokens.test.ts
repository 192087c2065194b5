// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const webSource = join(here, '..');
const tokensCss = readFileSync(
  join(here, '../../../../packages/ui-kit/src/tokens/tokens.css'),
  'utf8',
);

/** Every stylesheet under `dir`. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

const definedTokens = new Set(
  [...tokensCss.matchAll(/(--gk-[\w-]+)\s*:/g)].map((match) => match[1]),
);

describe("the web's stylesheets", () => {
  it('read only design tokens the UI kit defines (or give a fallback)', () => {
    const undefinedTokens = stylesheets(webSource).flatMap((file) =>
      // `var(--gk-x)` without a fallback: an unknown name makes the whole declaration invalid.
      [...readFileSync(file, 'utf8').matchAll(/var\((--gk-[\w-]+)\s*\)/g)]
        .map((match) => match[1]!)
        .filter((token) => !definedTokens.has(token))
        .map((token) => `${relative(webSource, file)}: ${token}`),
    );
    expect(undefinedTokens).toEqual([]);
  });

  it('draw a visible focus ring on every link, from the focus token', () => {
    const base = readFileSync(join(here, 'base.css'), 'utf8');
    const rule = /a:focus-visible\s*\{([^}]*)\}/.exec(base)?.[1] ?? '';
    expect(rule).toMatch(/outline:\s*var\(--gk-focus-outline\)/);
    expect(definedTokens.has('--gk-focus-outline')).toBe(true);
  });
});
