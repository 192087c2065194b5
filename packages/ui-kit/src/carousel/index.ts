export { Carousel } from './carousel';
export type { CarouselProps } from './carousel';
export { CAROUSEL_DEFAULTS, isHorizontalSwipe, resistedOffset, swipeTarget } from './swipe';
export type { CarouselSettings, SwipeEnd } from './swipe';
