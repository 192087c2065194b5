// Apart from `./media.ts`: only the media viewer tells videos from photos, so a bundler can leave
// this out of the code that needs image URLs alone.
import type { MediaItem } from './media';

/** Whether a media item is a video (it has a `video_url`). */
export function isVideoItem(item: MediaItem): item is MediaItem & { video_url: string } {
  return typeof item.video_url === 'string' && item.video_url !== '';
}
