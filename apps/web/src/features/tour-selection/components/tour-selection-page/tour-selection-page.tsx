import { Button, EmptyState } from '@gallop/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { buttonClassName } from '@gallop/ui-kit';
import { passedTourOffer } from '../../../../components/passed-tour/passed-tour';
import { TourCard } from '../../../../components/tour-card/tour-card';
import { useApi } from '../../../../lib/api';
import {
  forgetTourSelectionToken,
  useStoredTourSelectionToken,
} from '../../../../lib/tour-selection-token';
import { ALL_TOURS_SLUG } from '../../../../lib/tours-search';
import { isGone, tourSelectionQueryOptions, type TourSelection } from '../../api';
import { TOUR_SELECTION_TITLE } from '../../title';
import './tour-selection-page.css';

export interface TourSelectionPageProps {
  /** The token the route had (the link's, on the server); else the one this browser stored. */
  token: string | undefined;
}

/**
 * `/tour-selection`: the tours an organizer or Gallop support selected for the traveller's
 * request, with their note. A tour whose dates have passed is marked and offers similar tours.
 */
export function TourSelectionPage({ token: routeToken }: TourSelectionPageProps) {
  const stored = useStoredTourSelectionToken();
  const token = routeToken ?? stored;
  return (
    <div className="tour-selection-page page-container">
      <h1 className="display-heading tour-selection-page__title">{TOUR_SELECTION_TITLE}</h1>
      {token ? <Selection token={token} /> : <NoSelection />}
    </div>
  );
}

function Selection({ token }: { token: string }) {
  const api = useApi();
  // `useQuery`: the token may be the one kept in this browser's storage, and a link that opens
  // nothing any more is shown here, not as the error page.
  const query = useQuery(tourSelectionQueryOptions(api, token));
  const gone = isGone(query.error);
  useEffect(() => {
    // A link that opens nothing any more ends the mode, so the site stops pointing to it.
    if (gone) forgetTourSelectionToken(window.localStorage);
  }, [gone]);

  if (query.data) return <SelectedTours selection={query.data} />;
  if (gone) {
    return (
      <EmptyState
        className="tour-selection-page__empty"
        title="This selection is no longer available"
        description="Ask your tour organizer or Gallop support for a new link, or look for a tour yourself."
        action={<FindATour />}
      />
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        className="tour-selection-page__empty"
        title="Error"
        description="Please try again later"
        action={
          <Button theme="primary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <p className="tour-selection-page__lead">Loading...</p>;
}

function SelectedTours({ selection }: { selection: TourSelection }) {
  const forTour = selection.request_tour_name ? ` for “${selection.request_tour_name}”` : '';
  return (
    <>
      <p className="tour-selection-page__lead">
        {selection.selected_by_name ?? 'Your organizer'} selected these tours for your booking
        request #{selection.request_id}
        {forTour}.
      </p>
      {selection.comment ? (
        <blockquote className="tour-selection-page__comment">{selection.comment}</blockquote>
      ) : null}
      {selection.items.length > 0 ? (
        <ul className="tour-selection-page__grid">
          {selection.items.map(({ tour }, index) => (
            <li key={tour.id}>
              <TourCard tour={tour} eager={index < 3} unavailable={passedTourOffer(tour)} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          className="tour-selection-page__empty"
          title="These tours are no longer offered"
          action={<FindATour />}
        />
      )}
    </>
  );
}

function NoSelection() {
  return (
    <EmptyState
      className="tour-selection-page__empty"
      title="No tour selection here"
      description="The link your tour organizer or Gallop support sent you opens the tours they selected for your request."
      action={<FindATour />}
    />
  );
}

function FindATour() {
  return (
    <Link
      to="/$slug"
      params={{ slug: ALL_TOURS_SLUG }}
      className={buttonClassName({ theme: 'primary' })}
    >
      Find a tour
    </Link>
  );
}
