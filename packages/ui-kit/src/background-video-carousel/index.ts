export { BACKGROUND_VIDEO_LARGE_FROM, BackgroundVideoCarousel } from './background-video-carousel';
export type { BackgroundVideo, BackgroundVideoCarouselProps } from './background-video-carousel';
