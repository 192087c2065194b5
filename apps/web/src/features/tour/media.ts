import type { components } from '@gallop/api-client';
import type { MediaItem } from '@gallop/ui-kit';

type ApiMediaItem = components['schemas']['MediaItem'];

/** The contract's media items (`alt` may be null) as the ui-kit's (`alt` absent or text). */
export function toMediaItems(items: readonly ApiMediaItem[] | undefined): MediaItem[] {
  return (items ?? []).map(({ image, alt }) => (alt ? { image, alt } : { image }));
}
