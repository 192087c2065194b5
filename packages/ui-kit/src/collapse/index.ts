export { COLLAPSE_DURATION, Collapse } from './collapse';
export type { CollapseProps } from './collapse';
