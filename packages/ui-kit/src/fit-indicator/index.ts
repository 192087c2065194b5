export { FIT_INDICATOR_ADD_PASSPORT, FitIndicator } from './fit-indicator';
export type { FitIndicatorProps } from './fit-indicator';
