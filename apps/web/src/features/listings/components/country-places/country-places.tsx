import { countText, Spinner } from '@gallop/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../../../lib/api';
import { listingQueries, type Destination, type PlaceKind } from '../../api';
import { ALL_TOURS_SLUG, placeSearch } from '../../search-link';
import './country-places.css';

const TITLES: Readonly<Record<PlaceKind, string>> = { region: 'Regions', city: 'Cities' };

function PlaceList({ kind, places }: { kind: PlaceKind; places: readonly Destination[] }) {
  if (places.length === 0) return null;
  return (
    <div className="country-places__group">
      <h4 className="country-places__title">{TITLES[kind]}</h4>
      <ul className="country-places__list">
        {places.map((place) => (
          <li key={place.id}>
            <Link
              to="/$slug"
              params={{ slug: ALL_TOURS_SLUG }}
              search={placeSearch(kind, place.id)}
              className="country-places__link"
            >
              <span>{place.name}</span>
              {place.tours_count !== undefined && (
                <span className="country-places__count">
                  {countText('{count} tour(s)', place.tours_count)}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface CountryPlacesProps {
  id: string;
  countryId: number;
}

/** A country's regions and cities with tours, loaded when the visitor opens the list. */
export function CountryPlaces({ id, countryId }: CountryPlacesProps) {
  const api = useApi();
  // `useQuery`: loaded in the browser when the list opens (see above), not server-rendered.
  const regions = useQuery(listingQueries.places(api, countryId, 'region'));
  const cities = useQuery(listingQueries.places(api, countryId, 'city'));
  const failed = regions.isError || cities.isError;
  const loading = regions.isPending || cities.isPending;
  return (
    <div id={id} className="country-places" aria-busy={loading || undefined}>
      {failed ? (
        <p className="country-places__note" role="alert">
          The regions could not be loaded.{' '}
          <button
            type="button"
            className="country-places__retry"
            onClick={() => {
              void regions.refetch();
              void cities.refetch();
            }}
          >
            Try again
          </button>
        </p>
      ) : loading ? (
        <p className="country-places__note">
          <Spinner size={18} /> Loading regions and cities…
        </p>
      ) : regions.data.items.length + cities.data.items.length === 0 ? (
        <p className="country-places__note">No regions or cities listed yet.</p>
      ) : (
        <>
          <PlaceList kind="region" places={regions.data.items} />
          <PlaceList kind="city" places={cities.data.items} />
        </>
      )}
    </div>
  );
}
