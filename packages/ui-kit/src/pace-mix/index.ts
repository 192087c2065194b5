export { PACE_LABELS, PACES, PaceMixBar, paceMixName } from './pace-mix';
export type { Pace, PaceMixBarProps, PaceShare } from './pace-mix';
