import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 48: every component's docs page opens with a description. Autodocs takes it from the
// component's JSDoc, or from the meta's `parameters.docs.description.component`.

const kit = fileURLToPath(new URL('../../../packages/ui-kit/src', import.meta.url));
const storyFiles = readdirSync(kit, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(kit, dir.name))
      .filter((file) => file.endsWith('.stories.tsx'))
      .map((file) => join(dir.name, file)),
  );

/** The JSDoc right above `export function Name` / `export const Name` in `source`, if any. */
function jsdocOf(source: string, name: string): string | undefined {
  const match = new RegExp(
    `/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export (?:function|const) ${name}\\b`,
  ).exec(source);
  return match?.[1]?.replace(/^\s*\* ?/gm, '').trim();
}

function description(storyFile: string): string | undefined {
  const stories = readFileSync(join(kit, storyFile), 'utf8');
  if (/description:\s*{\s*component:/.test(stories)) return 'docs.description.component';
  const component = /^\s*component: (\w+)/m.exec(stories)?.[1];
  if (!component) return undefined;
  const from = new RegExp(`import {[^}]*\\b${component}\\b[^}]*} from '(\\.[^']+)'`).exec(
    stories,
  )?.[1];
  if (!from) return undefined;
  const file = join(dirname(join(kit, storyFile)), `${from}.tsx`);
  return existsSync(file) ? jsdocOf(readFileSync(file, 'utf8'), component) : undefined;
}

describe('component descriptions', () => {
  it('finds the stories', () => {
    expect(storyFiles.length).toBeGreaterThan(40);
  });

  it.each(storyFiles)('%s', (storyFile) => {
    expect(description(storyFile)?.length ?? 0).toBeGreaterThan(20);
  });
});
