import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [relative(src, path)] : [];
  });
}

describe('components.css', () => {
  it('imports every component stylesheet exactly once, the tokens first', () => {
    const imports = [
      ...readFileSync(join(src, 'components.css'), 'utf8').matchAll(/^@import '\.\/([^']+)';$/gm),
    ].map((match) => match[1]);
    const expected = stylesheets(src).filter(
      (file) => file !== 'styles.css' && file !== 'components.css',
    );
    expect(imports[0]).toBe('tokens/tokens.css');
    expect(new Set(imports).size).toBe(imports.length);
    expect([...imports].sort()).toEqual([...expected].sort());
  });
});

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('per-component stylesheets', () => {
  // Consumers who import one component get only the CSS its modules import (sideEffects), so a
  // stylesheet no module imports reaches nobody but users of the whole components.css.
  it('imports every stylesheet from a module of the kit', () => {
    const imported = new Set(
      modules(src).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/^import '(\.{1,2}\/[^']+\.css)';$/gm)].map(
          (match) => relative(src, join(file, '..', match[1]!)),
        ),
      ),
    );
    const orphans = stylesheets(src).filter(
      (file) =>
        file !== 'styles.css' &&
        file !== 'components.css' &&
        !file.startsWith('internal/') &&
        !imported.has(file),
    );
    expect(orphans).toEqual([]);
  });
});
