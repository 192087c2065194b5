export {
  breakpoints,
  colors,
  durations,
  fontSizes,
  mediaUp,
  radii,
  shadows,
  space,
} from './tokens';
export type { Breakpoint } from './tokens';
