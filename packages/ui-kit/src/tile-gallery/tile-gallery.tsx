import '../tokens/tokens.css';
import './tile-gallery.css';
import { countText } from '../media/count-text';
import { imageUrl, type MediaItem } from '../media/media';
import { cx } from '../internal/class-names';
import { mergeStyle, type NativeProps } from '../internal/root-props';

/** Tiles shown by default (docs/product.md, Constants). */
export const TILE_GALLERY_LIMIT = 6;
/** Gap between tiles, px (docs/product.md, Constants). */
export const TILE_GALLERY_GAP = { desktop: 4, mobile: 8 } as const;
/** Size asked from the `{{size}}` template (the spec's 500x600 media size). */
export const TILE_GALLERY_IMAGE_SIZE = '500x600';

/** Native props, `className`, `style` and `ref` go to the `<ul>`. */
export interface TileGalleryProps extends NativeProps<'ul'> {
  items: readonly MediaItem[];
  limit?: number;
  /** Opens the viewer at a tile. */
  onOpen: (index: number) => void;
  moreText?: string;
  /** Accessible name of a tile; `{index}`, `{total}` and `{alt}` are filled. */
  openLabel?: string;
}

/**
 * A mosaic of up to six tiles (a large first one); the last tile counts the rest.
 *
 * **Usage.** Do use it as a tour's or an organizer's main photo set, with the strongest riding
 * picture first and `onOpen` opening the MediaViewer at the tile pressed. Don't use it inside cards
 * or for one or two photos (use PhotoPreview), and don't lead with a photo of the room instead of
 * the riding.
 */
export function TileGallery({
  items,
  limit = TILE_GALLERY_LIMIT,
  onOpen,
  moreText = '+{count} photo(s)',
  openLabel = 'Open photo {index} of {total}: {alt}',
  className,
  style,
  ...rest
}: TileGalleryProps) {
  const shown = items.slice(0, limit);
  const hidden = items.length - shown.length;
  return (
    <ul
      {...rest}
      className={cx('gk-tile-gallery', `gk-tile-gallery--${Math.min(shown.length, 6)}`, className)}
      style={mergeStyle(style, {
        ['--gk-tile-gallery-gap' as string]: `${TILE_GALLERY_GAP.desktop}px`,
        ['--gk-tile-gallery-gap-mobile' as string]: `${TILE_GALLERY_GAP.mobile}px`,
      })}
    >
      {shown.map((item, index) => {
        const more = hidden > 0 && index === shown.length - 1 ? countText(moreText, hidden) : null;
        return (
          <li key={`${item.image}-${index}`} className="gk-tile-gallery__tile">
            <button type="button" className="gk-tile-gallery__button" onClick={() => onOpen(index)}>
              <img
                className="gk-tile-gallery__image"
                src={imageUrl(item.image, TILE_GALLERY_IMAGE_SIZE)}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="gk-tile-gallery__label">
                {openLabel
                  .replace('{index}', String(index + 1))
                  .replace('{total}', String(items.length))
                  .replace('{alt}', item.alt ?? '')}
                {more !== null && '. '}
              </span>
              {more !== null && <span className="gk-tile-gallery__more">{more}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
