export { MEDIA_SIZE_PLACEHOLDER, countText, imageUrl, isVideoItem } from './media';
export type { MediaItem } from './media';
