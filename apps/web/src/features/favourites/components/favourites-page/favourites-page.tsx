import { FAVOURITES_TITLE } from '../../title';
import { countText, EmptyState } from '@gallop/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonLinkClassName } from '../../../../components/button-link/button-link';
import { TourCard, type TourSummary } from '../../../../components/tour-card/tour-card';
import { useApi } from '../../../../lib/api';
import { useFavouriteTourIds } from '../../../../lib/favourites';
import { favouriteToursQueryOptions } from '../../api';
import './favourites-page.css';

export interface FavouritesPageProps {
  /** The ids the route's loader fetched cards for. */
  loadedIds: readonly number[];
}

/**
 * `/favorites`: the guest's saved tours as cards, newest first. The heart on a card removes it
 * at once; an empty list points to the search.
 */
export function FavouritesPage({ loadedIds }: FavouritesPageProps) {
  return (
    <div className="favourites-page page-container">
      <h1 className="display-heading favourites-page__title">{FAVOURITES_TITLE}</h1>
      {loadedIds.length > 0 ? <SavedTours loadedIds={loadedIds} /> : <NoFavourites />}
    </div>
  );
}

function SavedTours({ loadedIds }: FavouritesPageProps) {
  const api = useApi();
  const { data } = useSuspenseQuery(favouriteToursQueryOptions(api, loadedIds));
  const tours = savedToursInOrder(data.items, useFavouriteTourIds());
  if (tours.length === 0) return <NoFavourites />;
  return (
    <>
      <p className="favourites-page__lead">
        {countText('{count} saved tour(s)', tours.length)}. Tap the heart to remove a tour.
      </p>
      <ul className="favourites-page__grid">
        {tours.map((tour, index) => (
          <li key={tour.id}>
            <TourCard tour={tour} eager={index < 3} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The cards still saved, the most recently saved first. A removed tour leaves the list at once;
 * a tour the API no longer lists (unpublished) is simply not shown.
 */
export function savedToursInOrder(
  cards: readonly TourSummary[],
  savedIds: readonly number[],
): TourSummary[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return [...savedIds]
    .reverse()
    .map((id) => byId.get(id))
    .filter((card): card is TourSummary => card !== undefined);
}

function NoFavourites() {
  return (
    <EmptyState
      className="favourites-page__empty"
      title="No favourites yet"
      description="Tap the heart on any tour to keep it here and compare later."
      action={
        <Link
          to="/$slug"
          params={{ slug: 'tours' }}
          className={buttonLinkClassName({ theme: 'primary' })}
        >
          Find a tour
        </Link>
      }
    />
  );
}
