/** Design tokens shared by components, Storybook and the web app. CSS mirrors them in styles.css. */
export const colors = {
  brand: '#793DFC',
  brandHover: '#6526E8',
  ink: '#1B1530',
  inkMuted: '#5C5670',
  surface: '#FFFFFF',
  surfaceMuted: '#F5F3FA',
  border: '#E2DEEC',
  success: '#1E8E5A',
  warning: '#B86E00',
  danger: '#C62F3B',
} as const;

/** Breakpoints in px (spec section 9). */
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
