import { Button, PhotoPreview, RatingIndicator, type MediaItem } from '@gallop/ui-kit';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import { TOUR_REVIEWS_PAGE_SIZE, tourReviewsQueryOptions, type Review } from '../../api';
import { formatDay } from '../../format';
import { toMediaItems } from '../../media';
import './tour-reviews.css';

export interface TourReviewsProps {
  slug: string;
  /** The latest reviews that came with the tour (the first page). */
  firstPage: readonly Review[];
  total: number;
  rating: number | null | undefined;
  onOpenPhotos: (items: readonly MediaItem[], index: number) => void;
}

/** Later pages of reviews, in order; a page still loading ends the list there. */
export function mergeReviewPages(
  firstPage: readonly Review[],
  laterPages: ReadonlyArray<readonly Review[] | undefined>,
): Review[] {
  const seen = new Set<number>();
  const reviews: Review[] = [];
  for (const page of [firstPage, ...laterPages]) {
    if (!page) break;
    for (const review of page) {
      if (seen.has(review.id)) continue;
      seen.add(review.id);
      reviews.push(review);
    }
  }
  return reviews;
}

/** Reviews, three at a time: 'Show more' loads the next page (`/spa/all-tour-reviews`). */
export function TourReviews({ slug, firstPage, total, rating, onOpenPhotos }: TourReviewsProps) {
  const api = useApi();
  const [pages, setPages] = useState(1);
  const later = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, index) =>
      tourReviewsQueryOptions(api, slug, index + 2),
    ),
  });
  const reviews = mergeReviewPages(
    firstPage,
    later.map((query) => query.data?.items),
  );
  const loading = later.some((query) => query.isFetching);
  const failed = later.some((query) => query.isError);
  const hasMore = reviews.length < total && pages * TOUR_REVIEWS_PAGE_SIZE < total;

  if (total === 0 || firstPage.length === 0) {
    return <p className="tour-reviews__empty">No reviews yet. Be the first to ride and tell.</p>;
  }
  return (
    <div className="tour-reviews">
      {rating !== null && rating !== undefined && (
        <p className="tour-reviews__summary">
          <span className="tour-reviews__score">{rating.toFixed(1)}</span>
          <RatingIndicator value={rating} />
          <span>
            {total} {total === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      )}
      <ul className="tour-reviews__list">
        {reviews.map((review) => (
          <li key={review.id} className="tour-review">
            <div className="tour-review__head">
              <span className="tour-review__avatar" aria-hidden="true">
                {review.author_name.slice(0, 1)}
              </span>
              <div>
                <p className="tour-review__author">
                  {review.author_name}
                  {review.is_verified && (
                    <span
                      className="tour-review__verified"
                      title="Written after a trip booked and paid on Gallop"
                    >
                      <span aria-hidden="true">✓</span> Verified trip
                    </span>
                  )}
                </p>
                <p className="tour-review__date">{formatDay(review.created_at)}</p>
              </div>
              <RatingIndicator value={review.rating} className="tour-review__rating" />
            </div>
            <p className="tour-review__text">{review.text}</p>
            {(review.images?.length ?? 0) > 0 && (
              <PhotoPreview
                photos={toMediaItems(review.images)}
                onOpen={(index) => onOpenPhotos(toMediaItems(review.images), index)}
              />
            )}
            {review.answer && (
              <blockquote className="tour-review__answer">
                <p className="tour-review__answer-label">Reply from the organizer</p>
                <p>{review.answer}</p>
              </blockquote>
            )}
          </li>
        ))}
      </ul>
      {failed && (
        <p className="tour-reviews__error" role="alert">
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
          Show more reviews
        </Button>
      )}
    </div>
  );
}
