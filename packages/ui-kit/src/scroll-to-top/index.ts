export {
  SCROLL_ANIMATION,
  SCROLL_TO_TOP_OFFSET,
  SCROLL_TO_TOP_THROTTLE,
  ScrollToTop,
  scrollAnimationDuration,
} from './scroll-to-top';
export type { ScrollToTopProps } from './scroll-to-top';
