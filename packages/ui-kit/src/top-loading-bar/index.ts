export { TOP_LOADING_BAR, TopLoadingBar } from './top-loading-bar';
export type { TopLoadingBarPhase, TopLoadingBarProps } from './top-loading-bar';
