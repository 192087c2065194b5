import '../tokens/tokens.css';
import './photo-preview.css';
import { countText } from '../media/count-text';
import { imageUrl, type MediaItem } from '../media/media';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

/** Previews shown before the '+N more photos' overlay (docs/product.md, Constants). */
export const PHOTO_PREVIEW_LIMIT = 3;
/** Thumbnail sizes for the `{{size}}` template (docs/product.md, Constants). */
export const PHOTO_PREVIEW_SIZES = {
  desktop: '185x122',
  desktop2x: '370x244',
  mobile: '150x95',
} as const;
/** The overlay text on the last preview (docs/product.md, Screens). */
export const PHOTO_PREVIEW_MORE_TEXT = '{count} more photo(s)';

/** Native props, `className`, `style` and `ref` go to the `<ul>`. */
export interface PhotoPreviewProps extends NativeProps<'ul'> {
  photos: readonly MediaItem[];
  /** How many previews to show (3). */
  limit?: number;
  /** Opens the full gallery at a photo; without it the previews are plain images. */
  onOpen?: (index: number) => void;
  /** `{count}` is the number of hidden photos; `photo(s)` becomes photo or photos. */
  moreText?: string;
  /** Accessible name of a preview button; `{index}`, `{total}` and `{alt}` are filled. */
  openLabel?: string;
}

/**
 * A strip of up to three thumbnails; the last one says how many more photos there are.
 *
 * **Usage.** Do use it where photos support something smaller (a review, a message, a stay on the
 * programme), with `onOpen` to open the MediaViewer. Don't use it as a tour's main gallery (use
 * TileGallery), and don't leave `alt` empty on photos that show what travellers ask about (the
 * horses, the camp, the terrain).
 */
export function PhotoPreview({
  photos,
  limit = PHOTO_PREVIEW_LIMIT,
  onOpen,
  moreText = PHOTO_PREVIEW_MORE_TEXT,
  openLabel = 'Open photo {index} of {total}: {alt}',
  className,
  ...rest
}: PhotoPreviewProps) {
  const shown = photos.slice(0, limit);
  const hidden = photos.length - shown.length;
  return (
    <ul {...rest} className={cx('gk-photo-preview', className)}>
      {shown.map((photo, index) => {
        const more = hidden > 0 && index === shown.length - 1 ? countText(moreText, hidden) : null;
        const picture = (
          <>
            <picture className="gk-photo-preview__picture">
              <source
                media="(max-width: 575.98px)"
                srcSet={imageUrl(photo.image, PHOTO_PREVIEW_SIZES.mobile)}
                width={150}
                height={95}
              />
              <img
                className="gk-photo-preview__image"
                src={imageUrl(photo.image, PHOTO_PREVIEW_SIZES.desktop)}
                srcSet={`${imageUrl(photo.image, PHOTO_PREVIEW_SIZES.desktop)} 1x, ${imageUrl(photo.image, PHOTO_PREVIEW_SIZES.desktop2x)} 2x`}
                width={185}
                height={122}
                alt={onOpen ? '' : (photo.alt ?? '')}
                loading="lazy"
                decoding="async"
              />
            </picture>
            {more !== null && (
              <span className="gk-photo-preview__more">
                <span className="gk-photo-preview__more-count" aria-hidden="true">
                  +{hidden}
                </span>
                <span className="gk-photo-preview__more-text">{more}</span>
              </span>
            )}
          </>
        );
        return (
          <li key={`${photo.image}-${index}`} className="gk-photo-preview__item">
            {onOpen ? (
              <button
                type="button"
                className="gk-photo-preview__button"
                onClick={() => onOpen(index)}
              >
                <span className="gk-photo-preview__label">
                  {openLabel
                    .replace('{index}', String(index + 1))
                    .replace('{total}', String(photos.length))
                    .replace('{alt}', photo.alt ?? '')}
                  {more !== null && '. '}
                </span>
                {picture}
              </button>
            ) : (
              picture
            )}
          </li>
        );
      })}
    </ul>
  );
}
