import { Link } from '@tanstack/react-router';
import { ALL_TOURS_SLUG, toursSearch, type ToursSearch } from '../../lib/tours-search';
import type { TourCardProps, TourSummary } from '../tour-card/tour-card';
import './passed-tour.css';

/** What a kept tour whose dates have all passed shows instead of its price. */
export const NO_UPCOMING_DATES = 'No upcoming dates';

/** Tours like one whose dates have passed: the same kind of tour in the same countries. */
export function similarToursSearch(tour: Pick<TourSummary, 'type' | 'countries'>): ToursSearch {
  return toursSearch({
    type: tour.type,
    countries: (tour.countries ?? []).map((country) => country.id),
  });
}

function SimilarToursLink({ tour }: { tour: TourSummary }) {
  return (
    <Link
      to="/$slug"
      params={{ slug: ALL_TOURS_SLUG }}
      search={similarToursSearch(tour)}
      className="passed-tour__similar"
    >
      See similar tours
    </Link>
  );
}

/**
 * A saved or selected tour whose dates have all passed (`dates_passed`): the card says so and
 * offers similar tours instead of leading to the tour's gone (410) page. Undefined for others.
 */
export function passedTourOffer(tour: TourSummary): TourCardProps['unavailable'] {
  return tour.dates_passed
    ? { label: NO_UPCOMING_DATES, action: <SimilarToursLink tour={tour} /> }
    : undefined;
}
