/**
 * Design tokens shared by components, Storybook and the web app. `tokens.css` holds the same
 * values as CSS custom properties (`--gk-*`); components read only the CSS variables.
 */
export const colors = {
  brand: '#793DFC',
  brandHover: '#6526E8',
  brandSoft: '#F1EBFF',
  ink: '#1B1530',
  inkMuted: '#5C5670',
  surface: '#FFFFFF',
  surfaceMuted: '#F5F3FA',
  sand: '#F7F3EC',
  border: '#E2DEEC',
  success: '#1E7A4F',
  warning: '#9A5B00',
  danger: '#C62F3B',
  info: '#2563A8',
  star: '#F5A623',
  /** Water on maps: a quiet blue that keeps land (sand) and markers (brand) in front. */
  sea: '#D6E6EE',
} as const;

/** Font sizes in px: a calm scale (1.125 steps at the small end). */
export const fontSizes = {
  xs: 12,
  sm: 14,
  md: 16,
  lg: 18,
  xl: 22,
  xxl: 28,
  display: 36,
} as const;

/** Spacing scale in px (4 px grid). */
export const space = {
  1: 4,
  2: 8,
  3: 12,
  4: 16,
  5: 24,
  6: 32,
  7: 48,
  8: 64,
} as const;

/** Corner radii in px. */
export const radii = {
  sm: 8,
  md: 12,
  lg: 20,
  pill: 999,
} as const;

export const shadows = {
  sm: '0 1px 2px rgba(27, 21, 48, 0.08)',
  md: '0 6px 20px rgba(27, 21, 48, 0.12)',
  lg: '0 18px 48px rgba(27, 21, 48, 0.2)',
} as const;

/** Motion durations in ms; components take their spec constants from here or their own module. */
export const durations = {
  fast: 150,
  base: 200,
  slow: 300,
} as const;

/** Breakpoints in px (docs/product.md, Constants). */
export const breakpoints = {
  sm: 576,
  md: 992,
  lg: 1200,
  xl: 1600,
  xxl: 2000,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** `min-width` media query for a breakpoint. */
export function mediaUp(breakpoint: Breakpoint): string {
  return `(min-width: ${breakpoints[breakpoint]}px)`;
}
