export { SeasonMark } from './season-mark';
export type { SeasonMarkProps } from './season-mark';
