export { SCROLL_TO_TOP_OFFSET, SCROLL_TO_TOP_THROTTLE, ScrollToTop } from './scroll-to-top';
export type { ScrollToTopProps } from './scroll-to-top';
