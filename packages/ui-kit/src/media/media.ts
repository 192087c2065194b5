/** A media item (spec section 3): an image URL template with a `{{size}}` placeholder. */
export interface MediaItem {
  /** e.g. `https://cdn.example/tours/12/{{size}}/photo.jpg`. */
  image: string;
  alt?: string;
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
