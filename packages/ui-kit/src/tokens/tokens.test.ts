import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  breakpoints,
  colors,
  durations,
  fontSizes,
  mediaUp,
  radii,
  shadows,
  space,
} from './tokens';

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'tokens.css'), 'utf8');

function cssVar(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('tokens.css mirrors tokens.ts', () => {
  it('has every colour with the same value', () => {
    for (const [key, value] of Object.entries(colors)) {
      expect(cssVar(`gk-color-${kebab(key)}`)?.toLowerCase(), key).toBe(value.toLowerCase());
    }
  });

  it('has the brand purple from the spec', () => {
    expect(colors.brand).toBe('#793DFC');
  });

  it('has the type scale, spacing, radii, shadows and motion', () => {
    for (const [key, px] of Object.entries(fontSizes))
      expect(cssVar(`gk-font-size-${key}`)).toBe(`${px}px`);
    for (const [key, px] of Object.entries(space))
      expect(cssVar(`gk-space-${key}`)).toBe(`${px}px`);
    for (const [key, px] of Object.entries(radii))
      expect(cssVar(`gk-radius-${key}`)).toBe(`${px}px`);
    for (const [key, value] of Object.entries(shadows))
      expect(cssVar(`gk-shadow-${key}`)).toBe(value);
    for (const [key, ms] of Object.entries(durations))
      expect(cssVar(`gk-duration-${key}`)).toBe(`${ms}ms`);
  });

  it("has the spec's breakpoints (sm 576, md 992, lg 1200, xl 1600, xxl 2000)", () => {
    expect(breakpoints).toEqual({ sm: 576, md: 992, lg: 1200, xl: 1600, xxl: 2000 });
    for (const [key, px] of Object.entries(breakpoints))
      expect(cssVar(`gk-breakpoint-${key}`)).toBe(`${px}px`);
    expect(mediaUp('md')).toBe('(min-width: 992px)');
  });
});
