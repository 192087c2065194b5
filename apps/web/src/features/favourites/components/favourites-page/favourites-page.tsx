import { FAVOURITES_TITLE } from '../../title';
import { Button, countText, EmptyState } from '@gallop/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { buttonClassName } from '@gallop/ui-kit';
import { passedTourOffer } from '../../../../components/passed-tour/passed-tour';
import { TourCard, type TourSummary } from '../../../../components/tour-card/tour-card';
import { useApi } from '../../../../lib/api';
import { useFavouriteTourIds } from '../../../../lib/favourites';
import { ALL_TOURS_SLUG } from '../../../../lib/tours-search';
import { cardIdsToRequest, favouriteToursQueryOptions, logFailedFavouriteTours } from '../../api';
import { dropUnlistedFavouritesAtom, listedAnswer } from '../../drop-unlisted';
import './favourites-page.css';

/**
 * Saved tours put on screen at first, and added by each 'Show more': a whole number of rows in
 * the grid's two and three columns. All the cards are loaded (the count and the saved list need
 * them); only the page's length is kept to what a visitor looks through.
 */
export const SAVED_TOURS_PER_PAGE = 48;

export interface FavouritesPageProps {
  /** The ids the route's loader fetched cards for. */
  loadedIds: readonly number[];
}

/**
 * `/favorites`: the saved tours as cards, newest first, `SAVED_TOURS_PER_PAGE` at a time ('Show
 * more saved tours' adds as many). The list is the page's favourites atom,
 * so a heart removed here, or the account's list arriving after sign-in, shows at once. A tour
 * whose dates have passed stays, marked, with similar tours offered instead of its gone page.
 */
export function FavouritesPage({ loadedIds }: FavouritesPageProps) {
  const saved = useFavouriteTourIds();
  return (
    <div className="favourites-page page-container">
      <h1 className="display-heading favourites-page__title">{FAVOURITES_TITLE}</h1>
      {saved.length > 0 ? <SavedTours loadedIds={loadedIds} saved={saved} /> : <NoFavourites />}
    </div>
  );
}

function SavedTours({ loadedIds, saved }: FavouritesPageProps & { saved: readonly number[] }) {
  const api = useApi();
  const [requested, setRequested] = useState(loadedIds);
  const [shown, setShown] = useState(SAVED_TOURS_PER_PAGE);
  const ids = cardIdsToRequest(requested, saved);
  if (ids !== requested) setRequested(ids);
  // `useQuery`: the ids follow the hearts and a sign-in in the browser; the cards shown stay
  // while those of newly saved ids load, and a failure is an empty list, not the error page.
  const query = useQuery({
    ...favouriteToursQueryOptions(api, ids),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) logFailedFavouriteTours(query.error);
  }, [query.error]);
  // Once the API has answered for these ids, the saved tours it no longer lists leave the list,
  // so the header's count is the page's.
  const dropUnlisted = useSetAtom(dropUnlistedFavouritesAtom);
  const answered = listedAnswer(query);
  useEffect(() => {
    if (answered) dropUnlisted({ asked: ids, listed: answered.items.map((tour) => tour.id) });
  }, [answered, ids, dropUnlisted]);

  if (query.isPending) return <p className="favourites-page__lead">Loading...</p>;
  // A failed load is an empty list (docs/product.md, Errors), never the error page.
  const tours = savedToursInOrder(query.data?.items ?? [], saved);
  if (tours.length === 0) return <NoFavourites />;
  return (
    <>
      <p className="favourites-page__lead">
        {countText('{count} saved tour(s)', tours.length)}. Use the heart on a tour to remove it.
      </p>
      <ul className="favourites-page__grid">
        {tours.slice(0, shown).map((tour, index) => (
          <li key={tour.id}>
            <TourCard tour={tour} eager={index < 3} unavailable={passedTourOffer(tour)} />
          </li>
        ))}
      </ul>
      {tours.length > shown && (
        <div className="favourites-page__more">
          <Button onClick={() => setShown(shown + SAVED_TOURS_PER_PAGE)}>
            Show more saved tours
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * The cards still saved, the most recently saved first. A removed tour leaves the list at once;
 * a tour the API no longer lists (unpublished) is not shown, and leaves the saved list too.
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
      description="Use the heart on any tour to keep it here and compare later."
      action={
        <Link
          to="/$slug"
          params={{ slug: ALL_TOURS_SLUG }}
          className={buttonClassName({ theme: 'primary' })}
        >
          Find a tour
        </Link>
      }
    />
  );
}
