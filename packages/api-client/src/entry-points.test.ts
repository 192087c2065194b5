import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Bare module names a source file pulls in at run time, following its relative imports. */
function runtimeImports(entry: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(entry)) return packages;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  // `import type` and `export type` vanish at build time; everything else is loaded.
  for (const match of source.matchAll(
    /^(?:import|export)(?!\s+type\b)[^'";]*?from\s+'([^']+)'/gm,
  )) {
    const specifier = match[1]!;
    if (specifier.startsWith('.')) {
      const file = `${join(dirname(entry), specifier)}.ts`;
      for (const name of runtimeImports(file, seen)) packages.add(name);
    } else {
      packages.add(specifier);
    }
  }
  return packages;
}

describe('entry points', () => {
  it('keeps React and react-query out of the main entry point', () => {
    const imports = runtimeImports(join(here, 'index.ts'));
    expect([...imports].sort()).toEqual(['openapi-fetch']);
  });

  it('loads react-query only from @gallop/api-client/query', () => {
    expect(runtimeImports(join(here, 'query/index.ts'))).toContain('@tanstack/react-query');
  });
});
