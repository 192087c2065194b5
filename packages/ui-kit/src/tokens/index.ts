export { breakpoints, colors, mediaUp } from './tokens';
export type { Breakpoint } from './tokens';
