export { MEDIA_SIZE_PLACEHOLDER, countText, imageUrl } from './media';
export type { MediaItem } from './media';
