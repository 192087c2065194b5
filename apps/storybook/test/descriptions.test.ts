import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 48: every component's docs page opens with a description, and the description says how
// to use the component: a `**Usage.** Do … Don't …` paragraph, so designers read the rules where
// they read the component. Autodocs takes the description from the component's JSDoc, or from
// the meta's `parameters.docs.description.component`.

/**
 * Story files whose description may still lack a usage paragraph (none today: every component
 * has one). Any story file without one, not listed here, fails.
 */
const USAGE_PENDING_REWRITE: string[] = [];

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

/** The meta's `parameters.docs.description.component`, if it has one. */
function metaDescription(stories: string): string | undefined {
  return /description:\s*{\s*component:\s*`((?:[^`\\]|\\.)*)`/.exec(stories)?.[1];
}

/** The text autodocs shows above a story file's stories. */
function description(storyFile: string): string | undefined {
  const stories = readFileSync(join(kit, storyFile), 'utf8');
  const fromMeta = metaDescription(stories);
  if (fromMeta) return fromMeta;
  const component = /^\s*component: (\w+)/m.exec(stories)?.[1];
  if (!component) return undefined;
  const from = new RegExp(`import {[^}]*\\b${component}\\b[^}]*} from '(\\.[^']+)'`).exec(
    stories,
  )?.[1];
  if (!from) return undefined;
  const file = join(dirname(join(kit, storyFile)), `${from}.tsx`);
  return existsSync(file) ? jsdocOf(readFileSync(file, 'utf8'), component) : undefined;
}

/** The paragraph that starts with `**Usage.** Do` and also says what not to do, if any. */
function usageParagraph(text: string): string | undefined {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .find((paragraph) => /^\*\*Usage\.\*\* Do\b/.test(paragraph) && /\bDon['’]t\b/.test(paragraph));
}

describe('component descriptions', () => {
  it('finds the stories', () => {
    expect(storyFiles.length).toBeGreaterThan(40);
  });

  it.each(storyFiles)('%s', (storyFile) => {
    expect(description(storyFile)?.length ?? 0).toBeGreaterThan(20);
  });
});

describe('usage paragraphs', () => {
  const withUsage = storyFiles.filter((file) => !USAGE_PENDING_REWRITE.includes(file));

  it.each(withUsage)('%s says Do and Don’t', (storyFile) => {
    expect(usageParagraph(description(storyFile) ?? '')).toBeDefined();
  });

  // An exception that no longer applies is taken off the list, so the check covers it again.
  it.each(USAGE_PENDING_REWRITE)('%s is still a story file without one', (storyFile) => {
    expect(storyFiles).toContain(storyFile);
    expect(usageParagraph(description(storyFile) ?? '')).toBeUndefined();
  });
});

// The Patterns section (apps/storybook/src/patterns): screens composed of kit components. Each
// says what it shows and names, in code, every kit export it is built from.
const patterns = fileURLToPath(new URL('../src/patterns', import.meta.url));
const patternFiles = readdirSync(patterns).filter((file) => file.endsWith('.stories.tsx'));

/** The values a file imports from `@gallop/ui-kit` (not its types). */
function kitImports(source: string): string[] {
  const list = /import {([^}]*)} from '@gallop\/ui-kit'/.exec(source)?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '));
}

describe('pattern descriptions', () => {
  it('finds the patterns', () => {
    expect(patternFiles.length).toBeGreaterThanOrEqual(3);
  });

  it.each(patternFiles)('%s names the kit parts it uses', (file) => {
    const source = readFileSync(join(patterns, file), 'utf8');
    expect(source).toMatch(/title: 'Patterns\//);
    const text = metaDescription(source) ?? '';
    expect(text.length).toBeGreaterThan(200);
    const used = kitImports(source);
    expect(used.length).toBeGreaterThan(2);
    expect(used.filter((name) => !text.includes(`\\\`${name}\\\``))).toEqual([]);
  });
});
