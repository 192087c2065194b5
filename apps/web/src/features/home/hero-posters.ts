/**
 * The landing's poster pictures. Kept apart from the hero component: the home route's `head`
 * preloads them, and `head` is in the first-load bundle, which must not pull the hero in.
 */
import type { components } from '@gallop/api-client';
import { imageUrl } from '@gallop/ui-kit';

type LandingVideo = components['schemas']['LandingVideo'];

/** 16:9 posters of the first video: the picture behind the headline until a video plays. */
const POSTER_SIZES = { small: '960x540', large: '1280x720' } as const;

/** The poster picture URLs of the landing (small below 992 px, large from there). */
export function heroPosterUrls(
  videos: readonly LandingVideo[],
): { small: string; large: string } | undefined {
  const [first] = videos;
  return first
    ? {
        small: imageUrl(first.poster, POSTER_SIZES.small),
        large: imageUrl(first.poster, POSTER_SIZES.large),
      }
    : undefined;
}

/**
 * Preload hints for the poster: it is the home page's largest paint, painted from CSS, so the
 * browser would otherwise find it only after the stylesheet.
 */
export function heroPosterPreloads(videos: readonly LandingVideo[]) {
  const posters = heroPosterUrls(videos);
  if (!posters) return [];
  return [
    {
      rel: 'preload',
      as: 'image',
      href: posters.small,
      media: '(max-width: 991.98px)',
      fetchPriority: 'high',
    },
    {
      rel: 'preload',
      as: 'image',
      href: posters.large,
      media: '(min-width: 992px)',
      fetchPriority: 'high',
    },
  ];
}
