import type { components } from '@gallop/api-client';
import { countText, imageUrl } from '@gallop/ui-kit';
import './category-tiles.css';

type NamedItem = components['schemas']['NamedItem'];

/**
 * Tile pictures per layout: two widths the media server serves, and the tile's width per layout
 * (category-tiles.css), so a phone takes the smaller file where it is sharp enough. With `2x`
 * a 1.75x phone fetched 1200 px pictures for 240 px wide tiles (Lighthouse, issue 7).
 */
const TILE_IMAGES = {
  compact: {
    size: '370x244',
    size2x: '600x350',
    width: 370,
    height: 244,
    sizes: '(min-width: 1200px) 230px, (min-width: 768px) 25vw, 50vw',
  },
  strip: {
    size: '370x244',
    size2x: '600x350',
    width: 370,
    height: 244,
    sizes: '(min-width: 1200px) 230px, (min-width: 992px) 20vw, 62vw',
  },
  wide: {
    size: '600x350',
    size2x: '1200x700',
    width: 600,
    height: 350,
    sizes: '(min-width: 1200px) 390px, (min-width: 768px) 50vw, 80vw',
  },
} as const;

/** Both widths with `w` descriptors: the browser picks by the tile's `sizes` and the screen. */
function tileSrcSet(
  template: string,
  { size, size2x }: (typeof TILE_IMAGES)[keyof typeof TILE_IMAGES],
) {
  return [size, size2x]
    .map((each) => `${imageUrl(template, each)} ${each.split('x')[0]}w`)
    .join(', ');
}

export interface CategoryTilesProps<Item extends NamedItem = NamedItem> {
  id: string;
  title: string;
  lead: string;
  items: readonly Item[];
  /**
   * 'compact': many small tiles (rest kinds); 'wide': fewer, larger ones (collections); 'strip':
   * a few in one row, sideways on phones (seasons).
   */
  layout: keyof typeof TILE_IMAGES;
  /** Shows the first `limit` entries and a link to the full list. */
  more?: { limit: number; href: string; label: string };
  /** Where a tile leads and its second line: by default its search page and its tour count. */
  linkOf?: (item: Item) => TileLink;
}

interface TileLink {
  href: string;
  detail?: string | undefined;
}

/** A catalogue entry's own search page (`/{slug}`) and how many tours it has. */
const catalogueLink = (item: NamedItem): TileLink => ({
  href: `/${item.slug}`,
  detail:
    item.tours_count === undefined ? undefined : countText('{count} tour(s)', item.tours_count),
});

/** Catalogue entries as picture tiles linking to their search page (`/{slug}`, or `linkOf`). */
export function CategoryTiles<Item extends NamedItem>({
  id,
  title,
  lead,
  items,
  layout,
  more,
  linkOf = catalogueLink,
}: CategoryTilesProps<Item>) {
  const image = TILE_IMAGES[layout];
  const shown = more ? items.slice(0, more.limit) : items;
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section__head">
        <div>
          <h2 id={id} className="display-heading home-section__heading">
            {title}
          </h2>
          <p className="home-section__lead">{lead}</p>
        </div>
        {more && items.length > more.limit ? (
          <a className="home-section__more" href={more.href}>
            {more.label}
          </a>
        ) : null}
      </div>
      <ul className={`category-tiles category-tiles--${layout}`}>
        {shown.map((item) => {
          const link = linkOf(item);
          return (
            <li key={item.id}>
              <a className="category-tile" href={link.href}>
                {item.image ? (
                  <img
                    className="category-tile__image"
                    src={imageUrl(item.image.image, image.size)}
                    srcSet={tileSrcSet(item.image.image, image)}
                    sizes={image.sizes}
                    width={image.width}
                    height={image.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <span className="category-tile__text">
                  <span className="category-tile__name">{item.name}</span>
                  {link.detail !== undefined ? (
                    <span className="category-tile__count">{link.detail}</span>
                  ) : null}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
