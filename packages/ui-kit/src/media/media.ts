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
