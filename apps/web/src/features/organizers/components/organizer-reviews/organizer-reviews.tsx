import { Button, countText, RatingIndicator } from '@gallop/ui-kit';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import {
  ORGANIZER_REVIEWS_PAGE_SIZE,
  organizerQueries,
  type Review,
  type TourSummary,
} from '../../api';
import { formatDay } from '../../format';
import { mergePages } from '../../merge-pages';
import './organizer-reviews.css';

export interface OrganizerReviewsProps {
  organizerId: number;
  /** The first page, loaded with the page. */
  firstPage: readonly Review[];
  total: number;
  rating: number | null | undefined;
  /** The provider's tours on screen: a review names the tour it is about when it is one of them. */
  tours: readonly TourSummary[];
}

/** Reviews of all the provider's tours, five at a time: 'Show more' loads the next page. */
export function OrganizerReviews({
  organizerId,
  firstPage,
  total,
  rating,
  tours,
}: OrganizerReviewsProps) {
  const api = useApi();
  const [pages, setPages] = useState(1);
  const later = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, index) =>
      organizerQueries.reviews(api, organizerId, index + 2),
    ),
  });
  const reviews = mergePages([firstPage, ...later.map((query) => query.data?.items)]);
  const loading = later.some((query) => query.isFetching);
  const failed = later.some((query) => query.isError);
  const hasMore = reviews.length < total && pages * ORGANIZER_REVIEWS_PAGE_SIZE < total;
  const tourById = new Map(tours.map((tour) => [tour.id, tour]));

  if (firstPage.length === 0) {
    return <p className="organizer-reviews__empty">No reviews yet.</p>;
  }
  return (
    <div className="organizer-reviews">
      {rating !== null && rating !== undefined && (
        <p className="organizer-reviews__summary">
          <span className="organizer-reviews__score">{rating.toFixed(1)}</span>
          <RatingIndicator value={rating} />
          <span>{countText('{count} review(s)', total)}</span>
        </p>
      )}
      <ul className="organizer-reviews__list">
        {reviews.map((review) => {
          const tour = review.tour_id === undefined ? undefined : tourById.get(review.tour_id);
          return (
            <li key={review.id} className="organizer-review">
              <div className="organizer-review__head">
                <span className="organizer-review__avatar" aria-hidden="true">
                  {review.author_name.slice(0, 1)}
                </span>
                <div>
                  <p className="organizer-review__author">{review.author_name}</p>
                  <p className="organizer-review__date">{formatDay(review.created_at)}</p>
                </div>
                <RatingIndicator value={review.rating} className="organizer-review__rating" />
              </div>
              {tour && (
                <p className="organizer-review__tour">
                  On{' '}
                  <Link to="/$slug" params={{ slug: tour.slug }}>
                    {tour.name}
                  </Link>
                </p>
              )}
              <p className="organizer-review__text">{review.text}</p>
              {review.answer && (
                <blockquote className="organizer-review__answer">
                  <p className="organizer-review__answer-label">Reply from the provider</p>
                  <p>{review.answer}</p>
                </blockquote>
              )}
            </li>
          );
        })}
      </ul>
      {failed && (
        <p className="organizer-reviews__error" role="alert">
          The next reviews could not be loaded. Please try again.
        </p>
      )}
      {(hasMore || failed) && (
        <Button
          loading={loading}
          onClick={() =>
            failed ? later.forEach((query) => void query.refetch()) : setPages(pages + 1)
          }
        >
          Show more
        </Button>
      )}
    </div>
  );
}
