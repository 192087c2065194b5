import { Button } from '@gallop/ui-kit';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { TourCard } from '../../../../components/tour-card/tour-card';
import { useApi } from '../../../../lib/api';
import { organizerQueries, type TourSummary } from '../../api';
import { mergePages } from '../../merge-pages';
import './organizer-tours.css';

/** Cards whose pictures load at once. */
const EAGER_CARDS = 2;

export interface OrganizerToursProps {
  organizerId: number;
  firstPage: readonly TourSummary[];
  pageCount: number;
}

/** The provider's tours open for booking, 20 at a time ('Show more tours' adds the next page). */
export function OrganizerTours({ organizerId, firstPage, pageCount }: OrganizerToursProps) {
  const api = useApi();
  const [pages, setPages] = useState(1);
  const later = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, index) =>
      organizerQueries.tours(api, organizerId, index + 2),
    ),
  });
  const tours = mergePages([firstPage, ...later.map((query) => query.data?.items)]);
  const loading = later.some((query) => query.isFetching);
  const failed = later.some((query) => query.isError);

  if (tours.length === 0) {
    return (
      <p className="organizer-tours__empty">
        No tours open for booking right now. New dates appear here as soon as they are published.
      </p>
    );
  }
  return (
    <div className="organizer-tours">
      <ul className="organizer-tours__grid">
        {tours.map((tour, index) => (
          <li key={tour.id}>
            <TourCard tour={tour} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
      {failed && (
        <p className="organizer-tours__error" role="alert">
          The next tours could not be loaded. Please try again.
        </p>
      )}
      {(pages < pageCount || failed) && (
        <Button
          loading={loading}
          onClick={() =>
            failed ? later.forEach((query) => void query.refetch()) : setPages(pages + 1)
          }
        >
          Show more tours
        </Button>
      )}
    </div>
  );
}
