export { Button } from './button';
export type { ButtonProps, ButtonSize, ButtonTheme } from './button';
export { breakpoints, colors, mediaUp } from './tokens';
export type { Breakpoint } from './tokens';
