import { Breadcrumbs, countText, imageUrl } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../../../lib/api';
import { listingQueries } from '../../api';
import './collections-page.css';

/** Tile pictures: 600x350, 1200x700 for sharp screens (both on the media allow-list). */
const TILE_IMAGE = { size: '600x350', size2x: '1200x700', width: 600, height: 350 } as const;

/**
 * Every collection (`/collections`), each a picture tile leading to its own landing page
 * (`/{slug}`, a catalogue page with the collection's heading, texts and canonical address), as the
 * home page's collection tiles do.
 */
export function CollectionsPage() {
  const api = useApi();
  const { data } = useSuspenseQuery(listingQueries.collections(api));
  return (
    <div className="collections-page page-container">
      <Breadcrumbs
        className="collections-page__breadcrumbs"
        items={[
          { url: '/', text: 'Home' },
          { url: '/collections', text: 'Collections' },
        ]}
      />
      <header className="collections-page__header">
        <h1 className="display-heading collections-page__title">Collections</h1>
        <p className="collections-page__lead">
          Tours picked for a kind of rider, a season or a special trip: start with the one that
          sounds like you.
        </p>
      </header>
      <ul className="collections-page__grid" aria-label="All collections">
        {data.items.map((collection, index) => (
          <li key={collection.id}>
            <Link to="/$slug" params={{ slug: collection.slug }} className="collection-tile">
              {collection.image ? (
                <img
                  className="collection-tile__image"
                  src={imageUrl(collection.image.image, TILE_IMAGE.size)}
                  srcSet={`${imageUrl(collection.image.image, TILE_IMAGE.size)} 1x, ${imageUrl(collection.image.image, TILE_IMAGE.size2x)} 2x`}
                  width={TILE_IMAGE.width}
                  height={TILE_IMAGE.height}
                  alt=""
                  loading={index < 3 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : null}
              <span className="collection-tile__text">
                <span className="collection-tile__name">{collection.name}</span>
                {collection.tours_count !== undefined && (
                  <span className="collection-tile__count">
                    {countText('{count} tour(s)', collection.tours_count)}
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
