export {
  SCROLL_SPY_DURATION,
  SCROLL_SPY_MAX_DURATION,
  SCROLL_SPY_THROTTLE,
  ScrollSpy,
  activeAnchor,
  animateScroll,
} from './scroll-spy';
export type { ScrollSpyItem, ScrollSpyProps } from './scroll-spy';
