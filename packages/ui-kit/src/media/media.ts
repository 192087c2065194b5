/**
 * A media item (docs/product.md, Entities): an image URL template with a `{{size}}` placeholder.
 */
export interface MediaItem {
  /** e.g. `https://cdn.example/tours/12/{{size}}/photo.jpg`. */
  image: string;
  alt?: string;
  /** Makes the item a video: a file (mp4) or a youtube, rutube or vimeo link; `image` is its poster. */
  video_url?: string;
  time?: string;
}

/** The placeholder the spec's image URL templates carry. */
export const MEDIA_SIZE_PLACEHOLDER = '{{size}}';

/** Fills the `{{size}}` placeholder, e.g. `imageUrl(item.image, '185x122')`. */
export function imageUrl(template: string, size: string): string {
  return template.split(MEDIA_SIZE_PLACEHOLDER).join(size);
}

/** Fills `{count}` and turns `word(s)` into the singular or plural: '{count} more photo(s)'. */
export function countText(template: string, count: number): string {
  return template
    .replace('{count}', String(count))
    .replace(/(\w+)\(s\)/, (_, word: string) => (count === 1 ? word : `${word}s`));
}

/** Whether a media item is a video (it has a `video_url`). */
export function isVideoItem(item: MediaItem): item is MediaItem & { video_url: string } {
  return typeof item.video_url === 'string' && item.video_url !== '';
}
