import { LEVEL_LABELS, RIDER_LEVELS } from '@gallop/rider-fit';
import {
  Button,
  HorseConditionScore,
  PhotoPreview,
  RatingIndicator,
  Select,
  type MediaItem,
} from '@gallop/ui-kit';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import { TOUR_REVIEWS_PAGE_SIZE, tourReviewsQueryOptions, type Review, type Tour } from '../../api';
import { formatDay } from '../../format';
import { toMediaItems } from '../../media';
import { REVIEW_MIN_RATINGS, type ReviewSearch, type ReviewSortValue } from '../../review-search';
import './tour-reviews.css';

export interface TourReviewsProps {
  slug: string;
  /** The latest reviews that came with the tour (the first page). */
  firstPage: readonly Review[];
  total: number;
  rating: number | null | undefined;
  /** The horse-condition ratings of the tour's reviews (decision 115). */
  horseCondition?: Tour['horse_condition'];
  /** Which reviews show, in which order (the address's `reviewLevel`, `reviewRating`, `reviewSort`). */
  view?: ReviewSearch;
  onViewChange?: (view: ReviewSearch) => void;
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

/**
 * Whether the view shows the reviews the tour page brings (every level and rating, newest first).
 * Here, not beside the address check: that module ships in the first load.
 */
export function isDefaultReviewView(view: ReviewSearch): boolean {
  return (
    view.reviewLevel === undefined &&
    view.reviewRating === undefined &&
    view.reviewSort === undefined
  );
}

const ALL = 'all';
const LEVEL_ITEMS = [
  { value: ALL, text: 'All levels' },
  ...RIDER_LEVELS.map((level) => ({ value: level, text: LEVEL_LABELS[level] })),
];
const RATING_ITEMS = [
  { value: ALL, text: 'Any rating' },
  ...REVIEW_MIN_RATINGS.map((rating) => ({
    value: String(rating),
    text: rating === 5 ? '5 stars only' : `${rating} stars and up`,
  })),
];
const SORT_ITEMS: { value: ReviewSortValue; text: string }[] = [
  { value: 'newest', text: 'Newest first' },
  { value: 'highest', text: 'Highest rated' },
  { value: 'lowest', text: 'Lowest rated' },
];

/** "June 2026" of `2026-06`. */
function formatMonth(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What the reviewer tells the next rider: their level, when they rode, the horses' condition. */
function ReviewFacts({ review }: { review: Review }) {
  const facts = [
    review.rider_level ? `${LEVEL_LABELS[review.rider_level]} rider` : undefined,
    review.ride_month ? `Rode in ${formatMonth(review.ride_month)}` : undefined,
    typeof review.horse_condition === 'number'
      ? `Horse condition ${review.horse_condition}/5`
      : undefined,
  ].filter((fact) => fact !== undefined);
  if (facts.length === 0) return null;
  return (
    <ul className="tour-review__facts" aria-label="About this ride">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}

/**
 * Reviews, three at a time: 'Show more' loads the next page (`/spa/all-tour-reviews`). The
 * visitor narrows them to a rider level and a lowest rating and orders them (decision 115); the
 * view lives in the address, so a reload or a shared link shows the same reviews.
 */
export function TourReviews({
  slug,
  firstPage,
  total,
  rating,
  horseCondition,
  view = {},
  onViewChange,
  onOpenPhotos,
}: TourReviewsProps) {
  if (total === 0 || firstPage.length === 0) {
    return <p className="tour-reviews__empty">No reviews yet. Be the first to ride and tell.</p>;
  }
  const change = (next: ReviewSearch) => onViewChange?.({ ...view, ...next });
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
      {horseCondition && (
        <HorseConditionScore rating={horseCondition.rating} count={horseCondition.count} />
      )}
      {onViewChange && (
        <div className="tour-reviews__controls" role="group" aria-label="Show reviews">
          <Select
            label="Rider level"
            items={LEVEL_ITEMS}
            value={view.reviewLevel ?? ALL}
            onChange={(value) =>
              change({
                reviewLevel:
                  value === ALL ? undefined : (value as NonNullable<ReviewSearch['reviewLevel']>),
              })
            }
          />
          <Select
            label="Rating"
            items={RATING_ITEMS}
            value={view.reviewRating ? String(view.reviewRating) : ALL}
            onChange={(value) =>
              change({ reviewRating: value === ALL ? undefined : Number(value) })
            }
          />
          <Select
            label="Sort by"
            items={SORT_ITEMS}
            value={view.reviewSort ?? 'newest'}
            onChange={(value) =>
              change({
                reviewSort: value === 'newest' ? undefined : (value as 'highest' | 'lowest'),
              })
            }
          />
        </div>
      )}
      {/* A new view starts again from its first page. */}
      <ReviewPages
        key={JSON.stringify(view)}
        slug={slug}
        view={view}
        firstPage={isDefaultReviewView(view) ? firstPage : undefined}
        total={total}
        onOpenPhotos={onOpenPhotos}
        onShowAll={onViewChange ? () => onViewChange({}) : undefined}
      />
    </div>
  );
}

function ReviewPages({
  slug,
  view,
  firstPage,
  total: tourTotal,
  onOpenPhotos,
  onShowAll,
}: {
  slug: string;
  view: ReviewSearch;
  /** The tour page's latest reviews, when the view is the default one. */
  firstPage: readonly Review[] | undefined;
  total: number;
  onOpenPhotos: TourReviewsProps['onOpenPhotos'];
  onShowAll: (() => void) | undefined;
}) {
  const api = useApi();
  const [pages, setPages] = useState(1);
  // Every page of another view comes from the list call; the default view's first came with the tour.
  const firstLoaded = firstPage === undefined ? 1 : 2;
  const loaded = useQueries({
    queries: Array.from({ length: pages - firstLoaded + 1 }, (_, index) =>
      tourReviewsQueryOptions(api, slug, index + firstLoaded, view),
    ),
  });
  const pageItems = loaded.map((query) => query.data?.items);
  const reviews = firstPage
    ? mergeReviewPages(firstPage, pageItems)
    : mergeReviewPages(pageItems[0] ?? [], pageItems.slice(1));
  const total = firstPage ? tourTotal : loaded[0]?.data?.pagination.total;
  const loading = loaded.some((query) => query.isFetching);
  const failed = loaded.some((query) => query.isError);
  const hasMore =
    total !== undefined && reviews.length < total && pages * TOUR_REVIEWS_PAGE_SIZE < total;

  if (total === undefined && !failed) {
    return (
      <p className="tour-reviews__status" role="status">
        Loading reviews…
      </p>
    );
  }
  if (total === 0) {
    return (
      <div className="tour-reviews__status" role="status">
        <p>No reviews match these choices yet.</p>
        {onShowAll && (
          <Button size="sm" onClick={onShowAll}>
            Show all reviews
          </Button>
        )}
      </div>
    );
  }
  return (
    <>
      {!firstPage && total !== undefined && (
        <p className="tour-reviews__matching" role="status">
          {total} {total === 1 ? 'review matches' : 'reviews match'}
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
            <ReviewFacts review={review} />
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
            failed ? loaded.forEach((query) => void query.refetch()) : setPages(pages + 1)
          }
        >
          Show more reviews
        </Button>
      )}
    </>
  );
}
