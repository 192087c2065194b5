import { countText, imageUrl } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import { listingQueries, type Destination } from '../../api';
import { ALL_TOURS_SLUG, placeSearch, weatherPath } from '../../search-link';
import { CountryPlaces } from '../country-places/country-places';
import './country-card.css';

/** 16:9 card pictures: 480 wide, 960 for sharp screens. */
const CARD_IMAGE = { size: '480x270', size2x: '960x540', width: 480, height: 270 } as const;

/** A country: its picture and tours (a link to their search), its weather, its regions and cities. */
export function CountryCard({ country }: { country: Destination }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const placesId = `country-places-${country.id}`;
  // Starts loading the lists as soon as the visitor is about to open them.
  const prefetch = () => {
    void queryClient.prefetchQuery(listingQueries.places(api, country.id, 'region'));
    void queryClient.prefetchQuery(listingQueries.places(api, country.id, 'city'));
  };
  return (
    <article className="country-card">
      <Link
        to="/$slug"
        params={{ slug: ALL_TOURS_SLUG }}
        search={placeSearch('country', country.id)}
        className="country-card__main"
      >
        <div className="country-card__media">
          {country.image ? (
            <img
              className="country-card__image"
              src={imageUrl(country.image.image, CARD_IMAGE.size)}
              srcSet={`${imageUrl(country.image.image, CARD_IMAGE.size)} 1x, ${imageUrl(country.image.image, CARD_IMAGE.size2x)} 2x`}
              width={CARD_IMAGE.width}
              height={CARD_IMAGE.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
          ) : null}
        </div>
        <div className="country-card__text">
          <h3 className="country-card__name">{country.name}</h3>
          {country.tours_count !== undefined && (
            <span className="country-card__count">
              {countText('{count} tour(s)', country.tours_count)}
            </span>
          )}
        </div>
      </Link>
      <div className="country-card__actions">
        <button
          type="button"
          className="country-card__toggle"
          aria-expanded={open}
          aria-controls={open ? placesId : undefined}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => setOpen(!open)}
        >
          Regions and cities
          <span className="country-card__chevron" aria-hidden="true" />
        </button>
        <a className="country-card__weather" href={weatherPath(country.slug)}>
          Weather<span className="listings-sr-only"> in {country.name}</span>
        </a>
      </div>
      {open && <CountryPlaces id={placesId} countryId={country.id} />}
    </article>
  );
}
