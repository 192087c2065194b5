export { countText } from './count-text';
export { MEDIA_SIZE_PLACEHOLDER, imageUrl } from './media';
export type { MediaItem } from './media';
export { isVideoItem } from './video-item';
